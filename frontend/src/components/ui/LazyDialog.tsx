import { Component, Suspense, isValidElement, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ErrorOutlineRoundedIcon from '#icons/ErrorOutlineRounded';
import RefreshRoundedIcon from '#icons/RefreshRounded';
import { useTranslation } from 'react-i18next';
import { isLazyLoadFailure } from '../../lib/retryable-lazy';

/**
 * Mounts a dialog loaded with `React.lazy` (lib/retryable-lazy.tsx) from its first opening on, and
 * keeps it mounted after (for its closing transition and its kept state). A screen's first render
 * then loads none of the dialog's code: its form, zod's schemas and react-hook-form are fetched when
 * it is first opened.
 *
 * A dialog whose code cannot be loaded (offline, a deploy replaced the file) fails alone: a small
 * dialog says so with "Try again" and "Close" (the child's own `onClose`), and the screen behind
 * keeps working; a retry loads the code afresh.
 */
export function LazyDialog({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  const onClose = isValidElement<{ onClose?: () => void }>(children) ? children.props.onClose : undefined;
  return (
    <DialogLoadBoundary open={open} onClose={onClose}>
      <Suspense fallback={null}>{children}</Suspense>
    </DialogLoadBoundary>
  );
}

interface BoundaryProps {
  open: boolean;
  onClose: (() => void) | undefined;
  children: ReactNode;
}

class DialogLoadBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    if (isLazyLoadFailure(error)) console.warn('A dialog could not be loaded', error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    // Opened again after a failure: try the load again.
    if (this.props.open && !previous.open && this.state.error) this.retry();
  }

  retry = () => {
    const { error } = this.state;
    if (isLazyLoadFailure(error)) error.retryLoad();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Anything but a failed load is a real crash: the screen's own boundary shows it.
    if (!isLazyLoadFailure(error)) throw error;
    return <DialogLoadFailed open={this.props.open} onClose={this.props.onClose} onRetry={this.retry} />;
  }
}

function DialogLoadFailed({ open, onClose, onRetry }: { open: boolean; onClose: (() => void) | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="dialog-load-failed-title">
      <DialogTitle id="dialog-load-failed-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ErrorOutlineRoundedIcon color="error" />
        {t('errors.sectionLoad.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('errors.sectionLoad.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {onClose && <Button onClick={onClose}>{t('common.close')}</Button>}
        <Button variant="contained" startIcon={<RefreshRoundedIcon />} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
