import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, type ToastOptions } from './toast-context';

export interface ToastViewProps {
  toast: ToastOptions;
  open: boolean;
  /** The toast should hide (timer, close button, Escape). */
  onClose: () => void;
  /** The hide animation has finished. */
  onExited: () => void;
}

/** One toast on screen: MUI Snackbar + Alert. */
export default function ToastView({ toast, open, onClose, onExited }: ToastViewProps) {
  const { t } = useTranslation();
  const destructive = toast.variant === 'destructive';
  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return; // a click elsewhere must not hide an error
    onClose();
  };
  return (
    <Snackbar
      open={open}
      autoHideDuration={toast.duration ?? TOAST_DURATION_MS}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      slotProps={{ transition: { onExited } }}
    >
      <Alert
        onClose={onClose}
        closeText={t('common.close')}
        severity={destructive ? 'error' : (toast.severity ?? 'info')}
        variant={destructive ? 'filled' : 'outlined'}
        role={destructive ? 'alert' : 'status'}
        sx={{
          width: { xs: '100%', sm: 380 },
          boxShadow: 6,
          // A long word (an e-mail address in "We e-mailed …") wraps instead of being cut off.
          '& .MuiAlert-message': { overflowWrap: 'anywhere' },
          ...(!destructive && { bgcolor: 'background.paper', color: 'text.primary' }),
        }}
      >
        {toast.title && <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>}
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
