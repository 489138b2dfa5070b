import { useId, useState, type MouseEvent } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsNoneRoundedIcon from '#icons/NotificationsNoneRounded';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { INBOX_UNREAD_CAP, type InboxItem } from '#shared/inbox';
import { paths } from '../../../config/paths';
import { formatInstant } from '../../../lib/zoned-format';
import { useInbox } from '../api/inbox';

const CHANNELS: Record<string, string> = { airbnb: 'Airbnb', booking: 'Booking.com', vrbo: 'Vrbo', ical: 'iCal', direct: 'Direct' };

const GUESTS_LEFT: readonly InboxItem['kind'][] = ['guests_left', 'guests_left_stay'];

/** One item as a sentence in the reader's language, and the line under it (when, in the company's zone). */
function describe(item: InboxItem, t: TFunction, language: string): { text: string; detail: string } {
  // The guests left "at 09:12": a time of day (the line under it dates the item).
  const when = formatInstant(item.when, language, GUESTS_LEFT.includes(item.kind) ? 'time' : 'dateTime', item.timeZone ?? undefined);
  const text = t(`inbox.kinds.${item.kind}`, {
    title: item.title ?? '',
    property: item.property ?? '',
    actor: item.actor ?? t('inbox.someone'),
    when,
    source: CHANNELS[item.detail ?? ''] ?? item.detail ?? '',
  });
  const at = formatInstant(item.createdAt, language, 'dateTime', item.timeZone ?? undefined);
  const due = item.when && ['task_assigned', 'task_rescheduled'].includes(item.kind) ? t('inbox.due', { when }) : '';
  return { text, detail: [due, at].filter(Boolean).join(' · ') };
}

/** Where an item leads in the app: its task, else its property. */
function linkOf(item: InboxItem): string | undefined {
  if (item.taskId) return `${paths.tasks}/${item.taskId}`;
  if (item.propertyId) return `${paths.properties}/${item.propertyId}`;
  return undefined;
}

/**
 * The bell (shell header, every screen and role): the member's own notifications with the real
 * unread count (GET /api/me/inbox). Opening it shows the newest items and marks the unread ones read.
 */
export interface NotificationBellProps {
  /** Where "Settings" leads (default: the member's own notification settings). */
  settingsPath?: string;
  /** Where an item leads (default: its task, else its property, in the app). */
  linkFor?: (item: InboxItem) => string | undefined;
}

export default function NotificationBell({ settingsPath = paths.myNotifications, linkFor = linkOf }: NotificationBellProps = {}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { inbox, error, markRead } = useInbox();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const unread = inbox?.unread ?? 0;
  const items = inbox?.items ?? [];
  const label = t('inbox.bell.label', { count: unread });

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    const unseen = items.filter((item) => !item.readAt).map((item) => item.id);
    if (unseen.length) void markRead(unseen).catch(() => undefined);
  };
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t('inbox.bell.tooltip')}>
        <IconButton
          onClick={open}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? popoverId : undefined}
          size="small"
          data-testid="notification-bell"
        >
          <Badge badgeContent={unread} max={INBOX_UNREAD_CAP - 1} color="error">
            <NotificationsNoneRoundedIcon fontSize="small" />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('inbox.title'), sx: { width: 360, maxWidth: 'calc(100vw - 24px)', maxHeight: 480 } } }}
      >
        <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('inbox.title')}
          </Typography>
          <Button component={RouterLink} to={settingsPath} size="small" onClick={close}>
            {t('inbox.settings')}
          </Button>
        </Box>
        {error && !items.length ? (
          <Typography sx={{ p: 2, color: 'text.secondary' }}>{t('inbox.error')}</Typography>
        ) : !items.length ? (
          <Typography sx={{ p: 2, color: 'text.secondary' }}>{t('inbox.empty')}</Typography>
        ) : (
          <List dense disablePadding data-testid="inbox-list">
            {items.map((item) => {
              const { text, detail } = describe(item, t, language);
              const to = linkFor(item);
              return (
                <ListItemButton
                  key={item.id}
                  component={to ? RouterLink : 'div'}
                  {...(to ? { to } : {})}
                  onClick={close}
                  data-testid="inbox-item"
                  sx={{ alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider', bgcolor: item.readAt ? undefined : 'action.hover' }}
                >
                  <ListItemText
                    primary={text}
                    secondary={detail}
                    slotProps={{ primary: { sx: { fontWeight: item.readAt ? 400 : 600, fontSize: '0.875rem' } } }}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Popover>
    </>
  );
}
