import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useLayoutEffect, useState } from 'react';
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

/** The phone's app bar (MUI Toolbar, 56 px high on a narrow screen) and the gap left below a bar. */
const PHONE_APP_BAR = 56;
const GAP = 8;

/**
 * Where a toast's top goes on a phone: below the app bar, and below the title bar of a full-screen
 * dialog (its title and close button stay readable; the dialog's own actions, at the bottom, stay
 * free too). Measured when the toast opens.
 */
function phoneToastTop(): number {
  const titles = document.querySelectorAll('.MuiDialog-paperFullScreen .MuiDialogTitle-root');
  const bottom = Array.from(titles).reduce((lowest, title) => Math.max(lowest, title.getBoundingClientRect().bottom), PHONE_APP_BAR);
  return Math.ceil(bottom) + GAP;
}

/** One toast on screen: MUI Snackbar + Alert; on a phone, below the bars it would cover. */
export default function ToastView({ toast, open, onClose, onExited }: ToastViewProps) {
  const { t } = useTranslation();
  const [phoneTop, setPhoneTop] = useState(PHONE_APP_BAR + GAP);
  useLayoutEffect(() => {
    if (open) setPhoneTop(phoneToastTop());
  }, [open]);
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
      sx={{ top: { xs: phoneTop, sm: 24 } }}
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
