import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudDoneOutlinedIcon from '#icons/CloudDoneOutlined';
import CloudUploadOutlinedIcon from '#icons/CloudUploadOutlined';
import { useTranslation } from 'react-i18next';
import { isMessageKey } from '../../../lib/i18n';
import { loginUrl } from '../../../config/paths';
import type { SyncSnapshot } from '../../../lib/offline/sync';
import type { QueuedAction } from '../../../lib/offline/types';

export interface SyncStatusProps {
  queue: SyncSnapshot;
  onSendNow: () => void;
  onRetry: (action: QueuedAction) => void;
  onDiscard: (action: QueuedAction) => void;
}

function useActionName() {
  const { t } = useTranslation();
  return (action: QueuedAction) => {
    const { payload } = action;
    if (payload.kind === 'status') return t(`myDay.sync.actions.${payload.status}`);
    if (payload.kind === 'tick') return t(payload.isCompleted ? 'myDay.sync.actions.tick' : 'myDay.sync.actions.untick', { item: payload.itemLabel ?? '' });
    return t(`myDay.sync.actions.${payload.kind}`);
  };
}

/** Why the server refused: the kind of change in plain words, then the server's own message. */
function useRefusal() {
  const { t } = useTranslation();
  return (action: QueuedAction) => {
    const status = action.error?.status ?? 0;
    const general = status === 403 ? 'myDay.sync.forbidden' : status === 404 || status === 410 ? 'myDay.sync.notFound' : status === 409 || status === 422 ? 'myDay.sync.conflict' : 'myDay.sync.invalid';
    const message = action.error?.message ?? '';
    const detail = isMessageKey(message) ? t(message) : message;
    return detail && detail !== 'Forbidden' && detail !== 'Not Found' ? `${t(general)} ${detail}` : t(general);
  };
}

/**
 * Where the member's work stands: "Saved on this phone - 3 waiting to send", then "Sent"; why it
 * is not moving (no signal, signed out); and every action the server refused, kept until the
 * member tries again or lets it go.
 */
export function SyncStatus({ queue, onSendNow, onRetry, onDiscard }: SyncStatusProps) {
  const { t, i18n } = useTranslation();
  const actionName = useActionName();
  const refusal = useRefusal();
  const refused = queue.actions.filter((action) => action.state !== 'waiting');

  let line = null;
  if (queue.waiting > 0) {
    const hint = queue.blocked === 'offline' ? t('myDay.sync.offline') : queue.blocked === 'retry' ? t('myDay.sync.busy') : queue.blocked === 'signedOut' ? t('myDay.sync.signedOut') : '';
    line = (
      <Alert
        severity={queue.blocked === 'signedOut' ? 'error' : 'info'}
        icon={<CloudUploadOutlinedIcon />}
        action={
          queue.blocked === 'signedOut' ? (
            <Button color="inherit" href={loginUrl(i18n.language)} sx={{ minHeight: 48 }}>
              {t('myDay.sync.signIn')}
            </Button>
          ) : queue.blocked ? (
            <Button color="inherit" onClick={onSendNow} sx={{ minHeight: 48 }}>
              {t('myDay.sync.sendNow')}
            </Button>
          ) : undefined
        }
      >
        <Box component="span" sx={{ fontWeight: 600, display: 'block' }}>
          {t('myDay.sync.waiting', { count: queue.waiting })}
        </Box>
        {hint}
      </Alert>
    );
  } else if (queue.sent > 0) {
    line = (
      <Alert severity="success" icon={<CloudDoneOutlinedIcon />}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {t('myDay.sync.sent')}
        </Box>
      </Alert>
    );
  }

  return (
    <Box role="status" aria-label={t('myDay.sync.label')} sx={{ display: 'grid', gap: 1.5, '&:empty': { display: 'none' } }}>
      {line}
      {refused.length > 0 && (
        <Alert severity="warning" role="alert">
          <AlertTitle>{t('myDay.sync.refusedTitle', { count: refused.length })}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('myDay.sync.refusedHint')}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
            {refused.map((action) => (
              <Box component="li" key={action.seq} data-testid="refused-action">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {actionName(action)} · {action.taskTitle}
                </Typography>
                <Typography variant="body2">{refusal(action)}</Typography>
                <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
                  <Button size="small" variant="outlined" color="inherit" onClick={() => onRetry(action)} sx={{ minHeight: 44 }}>
                    {t('myDay.sync.retry')}
                  </Button>
                  <Button size="small" color="inherit" onClick={() => onDiscard(action)} sx={{ minHeight: 44 }}>
                    {t('myDay.sync.discard')}
                  </Button>
                </Box>
              </Box>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
