import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MAX_APPROVAL_NOTE, ownerApprovalDecisionBody } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { FormTextField } from '../../../lib/forms/fields';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { formatCents } from '../../../lib/intl';
import { decideApproval } from '../api/owner';
import type { OwnerApproval } from '../api/types';

export interface DecisionDialogProps {
  approval: OwnerApproval;
  approved: boolean;
  onClose: () => void;
}

/** Approve or decline a repair, with a note for the company (a decline's reason). */
export function DecisionDialog({ approval, approved, onClose }: DecisionDialogProps) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(ownerApprovalDecisionBody, { defaultValues: { approved, note: '' } });
  const pending = form.formState.isSubmitting;
  const refusal = form.formState.errors.root?.message;
  const titleId = `decision-${approval.taskId}`;

  const submit = form.handleSubmit(async (body) => {
    try {
      await decideApproval(approval.taskId, body.approved, body.note ?? null);
      toast({ title: t(body.approved ? 'ownerPortal.approvals.approvedToast' : 'ownerPortal.approvals.declinedToast', { title: approval.title }), severity: 'success' });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error, { fields: ['note'] })) form.setError('root', { message: errorMessage(error, t('ownerPortal.approvals.failed')) });
    }
  });

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t(approved ? 'ownerPortal.approvals.approveTitle' : 'ownerPortal.approvals.declineTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2">
            {t('ownerPortal.approvals.confirmText', { title: approval.title, property: approval.propertyName, cost: formatCents(approval.estimatedCost, i18n.language) })}
          </Typography>
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          <FormTextField
            form={form}
            name="note"
            label={t(approved ? 'ownerPortal.approvals.noteOptional' : 'ownerPortal.approvals.noteReason')}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: MAX_APPROVAL_NOTE } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={pending} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={approved ? 'primary' : 'error'} disabled={pending}>
            {t(approved ? 'ownerPortal.approvals.approve' : 'ownerPortal.approvals.decline')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
