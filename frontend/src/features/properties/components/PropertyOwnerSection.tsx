import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonOutlineRoundedIcon from '#icons/PersonOutlineRounded';
import PictureAsPdfOutlinedIcon from '#icons/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_LANGUAGES } from '#shared/enums';
import { propertyOwnerBody, type Property } from '#shared/schemas';
import { errorMessage } from '../../../lib/api-client';
import { FormSelect, FormTextField } from '../../../lib/forms/fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useToast } from '../../../components/toast/use-toast';
import { downloadOwnerReport, lastMonth, removePropertyOwner, savePropertyOwner } from '../api/property-owner';
import { SectionCard } from './SectionCard';

export interface PropertyOwnerSectionProps {
  property: Property;
}

/**
 * The property's owner (CEO and managers only: the server never sends it to staff): name, e-mail
 * and the language of their monthly report, and the report of any month as a PDF download.
 */
export function PropertyOwnerSection({ property }: PropertyOwnerSectionProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [month, setMonth] = useState(lastMonth);
  const [downloading, setDownloading] = useState(false);
  const owner = property.owner;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadOwnerReport(property.id, month);
    } catch (error) {
      toast({ title: t('properties.owner.downloadFailed'), description: errorMessage(error, '') || undefined, variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };
  const remove = async () => {
    try {
      await removePropertyOwner(property.id);
      toast({ title: t('properties.owner.removed'), severity: 'success' });
    } catch (error) {
      toast({ title: t('properties.owner.saveFailed'), description: errorMessage(error, '') || undefined, variant: 'destructive' });
    }
  };

  return (
    <SectionCard id="owner" title={t('properties.owner.title')} icon={<PersonOutlineRoundedIcon fontSize="small" />}>
      <Box sx={{ px: 2.5, py: 2, display: 'grid', gap: 2 }}>
        {editing ? (
          <OwnerForm property={property} onDone={() => setEditing(false)} />
        ) : owner ? (
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{owner.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {owner.email} · {t(`properties.owner.languages.${owner.language}`)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <Button size="small" onClick={() => setEditing(true)}>{t('properties.owner.edit')}</Button>
              <Button size="small" color="error" onClick={remove}>{t('properties.owner.remove')}</Button>
            </Stack>
          </Box>
        ) : (
          <Box>
            <Typography variant="body2" color="text.secondary">{t('properties.owner.none')}</Typography>
            <Button size="small" sx={{ mt: 1 }} onClick={() => setEditing(true)}>{t('properties.owner.add')}</Button>
          </Box>
        )}
        <Typography variant="body2" color="text.secondary">{t('properties.owner.monthlyHelp')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            type="month"
            size="small"
            label={t('properties.owner.month')}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': t('properties.owner.month') } }}
          />
          <Button variant="outlined" startIcon={<PictureAsPdfOutlinedIcon />} onClick={download} disabled={downloading || !/^\d{4}-\d{2}$/.test(month)}>
            {t('properties.owner.download')}
          </Button>
        </Stack>
      </Box>
    </SectionCard>
  );
}

function OwnerForm({ property, onDone }: { property: Property; onDone: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(propertyOwnerBody, {
    defaultValues: { name: property.owner?.name ?? '', email: property.owner?.email ?? '', language: property.owner?.language ?? 'pt' },
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await savePropertyOwner(property.id, body);
      toast({ title: t('properties.owner.saved'), severity: 'success' });
      onDone();
    } catch (error) {
      if (!applyServerErrors(form, error)) toast({ title: t('properties.owner.saveFailed'), description: errorMessage(error, '') || undefined, variant: 'destructive' });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('properties.owner.title')}>
      <Stack spacing={2}>
        <FormTextField form={form} name="name" label={t('properties.owner.name')} required fullWidth autoFocus slotProps={{ htmlInput: { maxLength: 200 } }} />
        <FormTextField form={form} name="email" type="email" label={t('properties.owner.email')} required fullWidth slotProps={{ htmlInput: { maxLength: 254 } }} />
        <FormSelect form={form} name="language" label={t('properties.owner.language')} fullWidth>
          {NOTIFICATION_LANGUAGES.map((language) => (
            <MenuItem key={language} value={language}>{t(`properties.owner.languages.${language}`)}</MenuItem>
          ))}
        </FormSelect>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onDone} disabled={form.formState.isSubmitting}>{t('properties.owner.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>{t('properties.owner.save')}</Button>
        </Stack>
      </Stack>
    </form>
  );
}
