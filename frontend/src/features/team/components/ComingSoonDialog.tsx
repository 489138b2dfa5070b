import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface ComingSoonDialogProps {
  open: boolean;
  title: string;
  message: string;
  onClose: () => void;
}

/** Says plainly that an action is not available yet (instead of a button that does nothing). */
export function ComingSoonDialog({ open, title, message, onClose }: ComingSoonDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="team-coming-soon-title">
      <DialogTitle id="team-coming-soon-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('team.comingSoon.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
