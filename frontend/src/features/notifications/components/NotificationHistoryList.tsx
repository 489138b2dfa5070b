import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleRoundedIcon from '#icons/CheckCircleRounded';
import ErrorRoundedIcon from '#icons/ErrorRounded';
import HistoryRoundedIcon from '#icons/HistoryRounded';
import ScheduleRoundedIcon from '#icons/ScheduleRounded';
import { useTranslation } from 'react-i18next';
import type { NotificationHistory } from '#shared/schemas';
import { useLanguage } from '../../../lib/use-language';
import { useNotificationHistory } from '../api/get-notification-history';
import { formatInstant } from '../../../lib/zoned-format';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { PanelCard } from '../../../components/ui/PanelCard';
import { RenderInSteps } from '../../../components/ui/RenderInSteps';

type Status = 'sent' | 'failed' | 'pending';

/** SPEC point 4: sent (Enviada), failed (Falhou), anything else pending (yellow). */
const statusOf = (entry: NotificationHistory): Status => (entry.status === 'sent' || entry.status === 'failed' ? entry.status : 'pending');

const STATUS_ICON: Record<Status, { icon: typeof CheckCircleRoundedIcon; color: string }> = {
  sent: { icon: CheckCircleRoundedIcon, color: 'success.main' },
  failed: { icon: ErrorRoundedIcon, color: 'error.main' },
  pending: { icon: ScheduleRoundedIcon, color: 'warning.main' },
};

export interface NotificationHistoryListProps {
  companyId: string;
}

/** The last 50 notifications, newest first, each with its status icon. */
export function NotificationHistoryList({ companyId }: NotificationHistoryListProps) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const { history, error, isLoading } = useNotificationHistory(companyId);
  const timeZone = useCompanyTimeZone();

  let content;
  if (isLoading) {
    content = [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={64} sx={{ mb: 1 }} />);
  } else if (error) {
    content = <Alert severity="error">{t('notifications.history.loadError')}</Alert>;
  } else if (history.length === 0) {
    content = (
      <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', py: 4 }}>
        {t('notifications.history.empty')}
      </Typography>
    );
  } else {
    content = (
      <List disablePadding aria-label={t('notifications.history.title')}>
        <RenderInSteps>
          {history.map((entry, index) => {
            const status = statusOf(entry);
            const { icon: Icon, color } = STATUS_ICON[status];
            const statusLabel = t(`notifications.history.status.${status}`);
            const categoryKey = `notifications.history.category.${entry.category}`;
            const category = i18n.exists(categoryKey) ? t(categoryKey) : entry.category;
            const channelKey = `notifications.history.channel.${entry.type}`;
            const when = entry.sentAt ?? entry.createdAt;
            return (
              <ListItem
                key={entry.id}
                disableGutters
                divider={index < history.length - 1}
                sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5 }}
                data-status={status}
              >
                <Tooltip title={statusLabel}>
                  <Icon sx={{ color, mt: 0.25 }} aria-label={statusLabel} role="img" />
                </Tooltip>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
                      {entry.subject || category}
                    </Typography>
                    <Chip size="small" variant="outlined" label={i18n.exists(channelKey) ? t(channelKey) : entry.type} />
                    <Chip size="small" label={category} />
                  </Box>
                  <Typography
                    variant="body2"
                    sx={{ color: 'text.secondary', mt: 0.5, whiteSpace: 'pre-line', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                  >
                    {entry.message}
                  </Typography>
                  {status === 'failed' && entry.errorMessage && (
                    <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5, overflowWrap: 'anywhere' }}>
                      {entry.errorMessage}
                    </Typography>
                  )}
                  <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
                    {t('notifications.history.to', { recipient: entry.recipient })} · {statusLabel}
                    {when ? ` · ${formatInstant(when, language, 'dateTime', timeZone)}` : ''}
                  </Typography>
                </Box>
              </ListItem>
            );
          })}
        </RenderInSteps>
      </List>
    );
  }

  return (
    <PanelCard icon={<HistoryRoundedIcon />} title={t('notifications.history.title')} description={t('notifications.history.description')}>
      {content}
    </PanelCard>
  );
}
