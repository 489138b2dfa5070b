import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ownerPropertiesBody } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import type { TeamMember } from '../api/get-team';
import { changeOwnerProperties } from '../api/team-mutations';
import { OwnerPropertiesField } from './OwnerPropertiesField';

export interface OwnerPropertiesDialogProps {
  owner: TeamMember;
  name: string;
  onClose: () => void;
}

/** Team › Owners › Change properties: the properties the owner sees in their portal (at least one). */
export function OwnerPropertiesDialog({ owner, name, onClose }: OwnerPropertiesDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(ownerPropertiesBody, { defaultValues: { propertyIds: owner.propertyIds ?? [] } });
  const refusal = form.formState.errors.root?.message;

  const submit = form.handleSubmit(async (body) => {
    try {
      await changeOwnerProperties(owner.id, body.propertyIds);
      toast({ title: t('team.owners.saved', { name }), severity: 'success' });
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error, { fields: ['propertyIds'] })) form.setError('root', { message: errorMessage(error, t('team.owners.saveFailed')) });
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="owner-properties-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="owner-properties-title">{t('team.owners.changeTitle', { name })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('team.owners.changeText')}
          </Typography>
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          <OwnerPropertiesField form={form} name="propertyIds" autoFocus />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('team.owners.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
