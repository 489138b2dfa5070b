import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SendRoundedIcon from '#icons/SendRounded';
import CampaignOutlinedIcon from '#icons/CampaignOutlined';
import { useTranslation } from 'react-i18next';
import { sendNotificationBody } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { FormTextField } from '../../../lib/forms/fields';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { applyServerErrors, serverFieldErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { sendNotification } from '../api/send-notification';
import { useResultToast } from '../hooks/use-result-toast';
import { PanelCard } from '../../../components/ui/PanelCard';
import { RecipientsPicker, type Recipients } from './RecipientsPicker';

export interface ManualSendCardProps {
  companyId: string;
}

/**
 * Envio Manual: the recipients (everyone, a role or chosen members, each reached by their own
 * channels and language), subject and a 4-row message; the button is enabled only with a message
 * and SMS on (SPEC point 2). A success clears the fields; the history is re-read either way.
 */
export function ManualSendCard({ companyId }: ManualSendCardProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { showRequestFailure } = useResultToast();
  const { preferences } = useNotificationPreferences(companyId);
  const schema = useMemo(() => mappedSchema(sendNotificationBody, (values: { subject: string; message: string }) => ({ companyId, ...values })), [companyId]);
  const form = useSchemaForm(schema, { defaultValues: { subject: '', message: '' } });
  const sending = form.formState.isSubmitting;
  const message = form.watch('message');
  const smsEnabled = preferences?.smsEnabled ?? false;
  const [recipients, setRecipients] = useState<Recipients>({ audience: 'everyone', role: 'staff', memberIds: [] });
  const [recipientsError, setRecipientsError] = useState<string | undefined>();
  const choosingNobody = recipients.audience === 'members' && recipients.memberIds.length === 0;

  const send = form.handleSubmit(async (body) => {
    if (!smsEnabled) return;
    try {
      setRecipientsError(undefined);
      const result = await sendNotification({
        companyId,
        subject: body.subject ?? '',
        message: body.message,
        audience: recipients.audience,
        ...(recipients.audience === 'role' ? { role: recipients.role } : {}),
        ...(recipients.audience === 'members' ? { memberIds: recipients.memberIds } : {}),
      });
      if (result.success) {
        toast({ title: t('notifications.toast.sent'), description: result.message, severity: 'success' });
        form.reset();
      } else {
        toast({ title: t('notifications.toast.sendFailed'), description: result.message, variant: 'destructive' });
      }
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.memberIds || fields.role) setRecipientsError(fields.memberIds ?? fields.role);
      else if (!applyServerErrors(form, error, { fields: ['subject', 'message'] })) showRequestFailure(error, t('notifications.toast.sendFailed'));
    }
  });

  return (
    <PanelCard icon={<CampaignOutlinedIcon />} title={t('notifications.manual.title')} description={t('notifications.manual.description')}>
      <Box component="form" onSubmit={send} noValidate sx={{ display: 'grid', gap: 2 }}>
        {preferences && !smsEnabled && <Alert severity="info">{t('notifications.manual.needsSms')}</Alert>}
        <RecipientsPicker value={recipients} onChange={setRecipients} disabled={sending} error={recipientsError} />
        <FormTextField form={form} name="subject" label={t('notifications.manual.subject')} slotProps={{ htmlInput: { maxLength: 200 } }} />
        <FormTextField
          form={form}
          name="message"
          label={t('notifications.manual.message')}
          multiline
          rows={4}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" startIcon={<SendRoundedIcon />} disabled={!message.trim() || !smsEnabled || sending || choosingNobody}>
            {sending ? t('notifications.manual.sending') : t('notifications.manual.send')}
          </Button>
        </Box>
      </Box>
    </PanelCard>
  );
}
