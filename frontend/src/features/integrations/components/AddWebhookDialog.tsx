import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, webhookCreateBody, type WebhookWithSecret } from '#shared/schemas';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { FormTextField } from '../../../lib/forms/fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { createWebhook } from '../api/webhooks';
import { planRefusal } from '../api/plan-refusal';
import { localInspector } from './local-inspector';
import { EventPicker } from './EventPicker';
import { PlanUpsell } from './PlanUpsell';
import { SecretReveal } from './SecretReveal';

const FIELDS = ['url', 'events', 'description'] as const;

export interface AddWebhookDialogProps {
  open: boolean;
  onClose: () => void;
}

/** "Add endpoint": URL, events and a note; saved once a test event reached it; then its secret, shown once. */
export function AddWebhookDialog({ open, onClose }: AddWebhookDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="add-webhook-title">
      <DialogTitle id="add-webhook-title">{t('integrations.webhooks.add.title')}</DialogTitle>
      {open && <AddWebhookForm onDone={onClose} />}
    </Dialog>
  );
}

function AddWebhookForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<WebhookWithSecret>();
  const inspector = localInspector();
  const form = useSchemaForm(webhookCreateBody, { defaultValues: { url: inspector?.receiveUrl ?? '', events: [...WEBHOOK_EVENT_TYPES], description: '' } });
  const pending = form.formState.isSubmitting;
  const refusal = form.formState.errors.root;

  const submit = form.handleSubmit(async (body) => {
    try {
      setCreated(await createWebhook(body));
    } catch (error) {
      if (isApiError(error) && error.status === 400 && applyServerErrors(form, error, { fields: FIELDS })) return;
      const plan = planRefusal(error);
      form.setError('root', { type: plan ? 'plan' : 'refused', message: plan?.message ?? errorMessage(error, t('integrations.webhooks.add.failed')) });
    }
  });

  if (created) {
    return (
      <>
        <DialogContent sx={{ pt: 0.5 }}>
          <Stack spacing={2}>
            <Alert severity="success">{t('integrations.webhooks.add.tested', { url: created.url })}</Alert>
            <SecretReveal secret={created.secret} label={t('integrations.webhooks.secretLabel')} intro={t('integrations.webhooks.secretIntro')} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button variant="contained" onClick={onDone}>
            {t('integrations.secret.done')}
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0.5 }}>
        <Stack spacing={2.5}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('integrations.webhooks.add.description')}
          </Typography>
          {refusal?.message && (refusal.type === 'plan' ? <PlanUpsell message={refusal.message} /> : <Alert severity="error" role="alert" data-testid="webhook-refusal">{refusal.message}</Alert>)}
          <FormTextField
            form={form}
            name="url"
            label={t('integrations.webhooks.add.url')}
            placeholder="https://example.com/rentalops/webhooks"
            helperText={
              inspector ? (
                <>
                  {t('integrations.webhooks.add.localHint')}{' '}
                  <Link href={inspector.pageUrl} target="_blank" rel="noopener">
                    {t('integrations.webhooks.inspector')}
                  </Link>
                </>
              ) : (
                t('integrations.webhooks.add.urlHint')
              )
            }
            type="url"
            required
            autoFocus
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 2048, spellCheck: false } }}
          />
          <EventPicker control={form.control} name="events" onChange={() => form.clearErrors('events')} />
          <FormTextField form={form} name="description" label={t('integrations.webhooks.add.note')} fullWidth autoComplete="off" slotProps={{ htmlInput: { maxLength: 200 } }} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onDone} disabled={pending} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {pending ? t('integrations.webhooks.add.testing') : t('integrations.webhooks.add.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
