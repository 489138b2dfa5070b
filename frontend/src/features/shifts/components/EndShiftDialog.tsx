import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface EndShiftDialogProps {
  /** Members who never started and will count as absent. */
  notStarted: number;
  saving: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Encerrar Turno for a manager: closes the shift for everyone. */
export function EndShiftDialog({ notStarted, saving, onConfirm, onClose }: EndShiftDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="end-shift-title">
      <DialogTitle id="end-shift-title">{t('shifts.end.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">
          {t('shifts.end.text')} {notStarted > 0 && t('shifts.end.absent', { count: notStarted })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={saving}>
          {t('shifts.actions.end')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
