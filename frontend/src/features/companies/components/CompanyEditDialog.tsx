import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  PAYMENT_METHODS,
  PREFERRED_LANGUAGES,
  TIME_ZONES,
  type PaymentMethod,
  type PreferredLanguage,
  type TimeZone,
} from '#shared/enums';
import { companyUpdateBody, type Company } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { updateCompany } from '../api/update-company';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors';

interface CompanyForm {
  name: string;
  email: string;
  phone: string;
  address: string;
  responsibleName: string;
  responsibleEmail: string;
  ein: string;
  paymentMethod: PaymentMethod | '';
  preferredLanguage: PreferredLanguage;
  timezone: TimeZone;
  twoFactorEnabled: boolean;
}

type Field = keyof CompanyForm;
const FIELDS: readonly Field[] = [
  'name',
  'email',
  'phone',
  'address',
  'responsibleName',
  'responsibleEmail',
  'ein',
  'paymentMethod',
  'preferredLanguage',
  'timezone',
  'twoFactorEnabled',
];

/** The company as the form starts: its values, SPEC's defaults where it has none. */
function initialForm(company: Company): CompanyForm {
  return {
    name: company.name ?? '',
    email: company.email ?? '',
    phone: company.phone ?? '',
    address: company.address ?? '',
    responsibleName: company.responsibleName ?? '',
    responsibleEmail: company.responsibleEmail ?? '',
    ein: company.ein ?? '',
    paymentMethod: company.paymentMethod ?? '',
    preferredLanguage: company.preferredLanguage ?? 'portuguese',
    timezone: company.timezone ?? 'America/New_York',
    twoFactorEnabled: company.twoFactorEnabled ?? false,
  };
}

export interface CompanyEditDialogProps {
  open: boolean;
  company: Company;
  onClose: () => void;
}

/** "Editar Informações da Empresa": every field of PUT /api/companies/{id} (SPEC points 4, 5, 8). */
export function CompanyEditDialog({ open, company, onClose }: CompanyEditDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="company-edit-title"
      aria-describedby="company-edit-description"
    >
      <DialogTitle id="company-edit-title" sx={{ pb: 0.5 }}>
        {t('companies.edit.title')}
      </DialogTitle>
      <Typography id="company-edit-description" variant="body2" sx={{ px: 3, color: 'text.secondary' }}>
        {t('companies.edit.description')}
      </Typography>
      {/* Mounted only while open, so each opening starts from the company as it is now. */}
      {open && <CompanyEditForm company={company} onDone={onClose} pending={pending} setPending={setPending} />}
    </Dialog>
  );
}

interface CompanyEditFormProps {
  company: Company;
  onDone: () => void;
  pending: boolean;
  setPending: (pending: boolean) => void;
}

function CompanyEditForm({ company, onDone, pending, setPending }: CompanyEditFormProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [form, setForm] = useState<CompanyForm>(() => initialForm(company));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const set = <F extends Field>(field: F, value: CompanyForm[F]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: Field) => ({
    name: field,
    value: form[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.target.value as never),
    error: Boolean(errors[field]),
    helperText: errors[field],
    fullWidth: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = companyUpdateBody.safeParse({ ...form, paymentMethod: form.paymentMethod || null });
    if (!parsed.success) {
      setErrors(zodFieldErrors<Field>(parsed.error, t));
      return;
    }
    setPending(true);
    try {
      await updateCompany(company.id, parsed.data);
      toast({ title: t('companies.edit.successTitle'), description: t('companies.edit.successDescription'), severity: 'success' });
      onDone();
    } catch (error) {
      setErrors(serverFieldErrors(error, FIELDS));
      toast({ title: t('companies.edit.errorTitle'), description: t('companies.edit.errorDescription'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
      <DialogContent>
        <Section title={t('companies.edit.sections.company')}>
          <TextField {...text('name')} label={t('companies.edit.name')} required autoFocus slotProps={{ htmlInput: { maxLength: 200 } }} />
          <TextField {...text('email')} type="email" label={t('companies.edit.email')} required slotProps={{ htmlInput: { maxLength: 254 } }} />
          <TextField
            {...text('phone')}
            type="tel"
            label={t('companies.edit.phone')}
            placeholder={t('companies.edit.phonePlaceholder')}
            required
            helperText={errors.phone ?? t('companies.edit.phoneHelp')}
            slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'tel' } }}
          />
          <TextField
            {...text('ein')}
            label={t('companies.edit.ein')}
            placeholder="XX-XXXXXXX"
            helperText={errors.ein ?? t('companies.edit.einHelp')}
            slotProps={{ htmlInput: { maxLength: 10 } }}
          />
          <TextField
            {...text('address')}
            label={t('companies.edit.address')}
            required
            multiline
            minRows={2}
            sx={{ gridColumn: { sm: '1 / -1' } }}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </Section>
        <Section title={t('companies.edit.sections.responsible')}>
          <TextField {...text('responsibleName')} label={t('companies.edit.responsibleName')} required slotProps={{ htmlInput: { maxLength: 200 } }} />
          <TextField
            {...text('responsibleEmail')}
            type="email"
            label={t('companies.edit.responsibleEmail')}
            required
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
        </Section>
        <Section title={t('companies.edit.sections.preferences')} last>
          <TextField {...text('paymentMethod')} select label={t('companies.edit.paymentMethod')}>
            <MenuItem value="">
              <em>{t('companies.edit.paymentMethodNone')}</em>
            </MenuItem>
            {PAYMENT_METHODS.map((method) => (
              <MenuItem key={method} value={method}>
                {t(`companies.paymentMethods.${method}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...text('preferredLanguage')} select label={t('companies.edit.preferredLanguage')}>
            {PREFERRED_LANGUAGES.map((language) => (
              <MenuItem key={language} value={language}>
                {t(`companies.languages.${language}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...text('timezone')} select label={t('companies.edit.timezone')}>
            {TIME_ZONES.map((zone) => (
              <MenuItem key={zone} value={zone}>
                {t(`companies.timezones.${zone.replace('/', '_')}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ alignSelf: 'center' }}>
            <FormControlLabel
              control={
                <Switch
                  name="twoFactorEnabled"
                  checked={form.twoFactorEnabled}
                  onChange={(event) => set('twoFactorEnabled', event.target.checked)}
                />
              }
              label={t('companies.edit.twoFactor')}
            />
            <FormHelperText sx={{ mt: 0, ml: 0 }}>{t('companies.edit.twoFactorHelp')}</FormHelperText>
          </Box>
        </Section>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
        <Button onClick={onDone} disabled={pending} color="inherit">
          {t('companies.edit.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? t('companies.edit.saving') : t('companies.edit.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}

function Section({ title, children, last = false }: { title: string; children: ReactNode; last?: boolean }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, mb: last ? 0 : 3, minWidth: 0 }}>
      <Typography component="legend" variant="overline" sx={{ color: 'text.secondary', mb: 1.5, display: 'block', p: 0 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>
    </Box>
  );
}
