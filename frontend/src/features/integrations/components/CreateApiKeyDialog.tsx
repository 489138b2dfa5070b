import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiKeyBody } from '#shared/schemas';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { FormDateField, FormTextField } from '../../../lib/forms/fields';
import { fieldErrorText } from '../../../lib/forms/field-error-text';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { createApiKey, type CreatedApiKey } from '../api/api-keys';
import { planRefusal } from '../api/plan-refusal';
import { PlanUpsell } from './PlanUpsell';
import { SecretReveal } from './SecretReveal';

/** The form's values: the body's fields, with the expiry as the day typed (YYYY-MM-DD, or empty). */
interface KeyFormValues {
  name: string;
  scopes: string[];
  expiresAt: string;
}

/** The end of the chosen day where the browser is, as an instant; no day: no expiry. */
const endOfDay = (day: string): string | null => (day ? new Date(`${day}T23:59:59`).toISOString() : null);

const keyForm = mappedSchema(apiKeyBody, (values: KeyFormValues) => ({ ...values, expiresAt: values.expiresAt ? endOfDay(values.expiresAt) : null }));
const FIELDS = ['name', 'scopes', 'expiresAt'] as const;

export interface CreateApiKeyDialogProps {
  open: boolean;
  onClose: () => void;
  /** The plan has write keys (Enterprise); otherwise `read` only is offered. */
  canWrite: boolean;
}

/** "New API key": name, access (read, or read and write) and an optional expiry; then the key, shown once. */
export function CreateApiKeyDialog({ open, onClose, canWrite }: CreateApiKeyDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="create-api-key-title">
      <DialogTitle id="create-api-key-title">{t('integrations.keys.create.title')}</DialogTitle>
      {/* Mounted only while open: each opening starts empty, and the key shown goes with the dialog. */}
      {open && <CreateKeyForm canWrite={canWrite} onDone={onClose} />}
    </Dialog>
  );
}

function CreateKeyForm({ canWrite, onDone }: { canWrite: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedApiKey>();
  const form = useSchemaForm(keyForm, { defaultValues: { name: '', scopes: ['read'], expiresAt: '' } });
  const scopes = useController({ control: form.control, name: 'scopes' });
  const pending = form.formState.isSubmitting;
  const refusal = form.formState.errors.root;
  const today = new Date().toISOString().slice(0, 10);

  const submit = form.handleSubmit(async (body) => {
    try {
      setCreated(await createApiKey(body));
    } catch (error) {
      if (isApiError(error) && error.status === 400 && applyServerErrors(form, error, { fields: FIELDS })) return;
      const plan = planRefusal(error);
      form.setError('root', { type: plan ? 'plan' : 'refused', message: plan?.message ?? errorMessage(error, t('integrations.keys.create.failed')) });
    }
  });

  if (created) {
    return (
      <>
        <DialogContent sx={{ pt: 0.5 }}>
          <SecretReveal secret={created.key} label={t('integrations.keys.create.keyLabel', { name: created.name })} intro={t('integrations.keys.create.keyIntro')} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button variant="contained" onClick={onDone}>
            {t('integrations.secret.done')}
          </Button>
        </DialogActions>
      </>
    );
  }

  const access = (scopes.field.value as string[] | undefined)?.includes('write') ? 'write' : 'read';
  const scopesError = fieldErrorText(scopes.fieldState.error?.message, t);
  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2.5}>
          {refusal?.message && (refusal.type === 'plan' ? <PlanUpsell message={refusal.message} /> : <Alert severity="error" role="alert">{refusal.message}</Alert>)}
          <FormTextField
            form={form}
            name="name"
            label={t('integrations.keys.create.name')}
            helperText={t('integrations.keys.create.nameHint')}
            required
            autoFocus
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormControl error={Boolean(scopesError)}>
            <FormLabel id="api-key-access">{t('integrations.keys.create.access')}</FormLabel>
            <RadioGroup
              aria-labelledby="api-key-access"
              name="scopes"
              value={access}
              onChange={(event) => {
                scopes.field.onChange(event.target.value === 'write' ? ['read', 'write'] : ['read']);
                form.clearErrors('scopes');
              }}
            >
              <FormControlLabel value="read" control={<Radio />} label={t('integrations.keys.scopes.readOnly')} />
              <FormControlLabel value="write" control={<Radio />} disabled={!canWrite} label={t('integrations.keys.scopes.readWrite')} />
            </RadioGroup>
            <FormHelperText>{scopesError ?? (canWrite ? t('integrations.keys.create.writeHint') : t('integrations.keys.create.writeNeedsEnterprise'))}</FormHelperText>
          </FormControl>
          <FormDateField
            form={form}
            name="expiresAt"
            label={t('integrations.keys.create.expiry')}
            helperText={t('integrations.keys.create.expiryHint')}
            fullWidth
            slotProps={{ htmlInput: { min: today } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onDone} disabled={pending} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {t('integrations.keys.create.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
