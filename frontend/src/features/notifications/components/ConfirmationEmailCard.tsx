import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MarkEmailReadOutlinedIcon from '#icons/MarkEmailReadOutlined';
import { useTranslation } from 'react-i18next';
import { sendConfirmationEmailBody } from '#shared/schemas';
import { FormTextField } from '../../../lib/forms/fields';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { sendConfirmationEmail } from '../api/send-confirmation-email';
import { useResultToast } from '../hooks/use-result-toast';
import { PanelCard } from '../../../components/ui/PanelCard';

export interface ConfirmationEmailCardProps {
  companyId: string;
}

/** The test confirmation e-mail: disabled while the address is empty; a success clears it. */
export function ConfirmationEmailCard({ companyId }: ConfirmationEmailCardProps) {
  const { t } = useTranslation();
  const { showResult, showRequestFailure } = useResultToast();
  const schema = useMemo(() => mappedSchema(sendConfirmationEmailBody, (values: { email: string }) => ({ companyId, ...values })), [companyId]);
  const form = useSchemaForm(schema, { defaultValues: { email: '' } });
  const sending = form.formState.isSubmitting;
  const email = form.watch('email');

  const send = form.handleSubmit(async (body) => {
    try {
      const result = await sendConfirmationEmail(companyId, body.email);
      showResult(result, { ok: t('notifications.toast.emailSent'), failed: t('notifications.toast.emailFailed') });
      if (result.success) form.reset();
    } catch (error) {
      if (!applyServerErrors(form, error, { fields: ['email'] })) showRequestFailure(error, t('notifications.toast.emailRequestFailed'));
    }
  });

  return (
    <PanelCard
      icon={<MarkEmailReadOutlinedIcon />}
      title={t('notifications.email.confirmationTitle')}
      description={t('notifications.email.confirmationDescription')}
    >
      <Box component="form" onSubmit={send} noValidate sx={{ display: 'flex', gap: 1.5, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'flex-start' } }}>
        <FormTextField
          form={form}
          name="email"
          fullWidth
          type="email"
          label={t('notifications.email.confirmationEmail')}
          placeholder={t('notifications.email.confirmationPlaceholder')}
        />
        <Button type="submit" variant="contained" disabled={!email.trim() || sending} sx={{ flexShrink: 0, height: 56 }}>
          {sending ? t('notifications.email.sending') : t('notifications.email.sendConfirmation')}
        </Button>
      </Box>
    </PanelCard>
  );
}
