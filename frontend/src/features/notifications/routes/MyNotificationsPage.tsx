import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useMyNotificationPreferences } from '../api/my-notification-preferences';
import { MyCalendarFeedCard } from '../components/MyCalendarFeedCard';
import { MyNotificationsForm } from '../components/MyNotificationsForm';

/**
 * /account/notifications: every member's own notification settings (the CEO's alerts stay on
 * /notifications), and their tasks as a phone calendar. In the owner portal (/owner/notifications,
 * `forOwner`): the channels and the language of an owner's notices (repairs to approve, their stay
 * requests), without what concerns tasks (the evening digest, the task calendar).
 */
export default function MyNotificationsPage({ forOwner = false }: { forOwner?: boolean }) {
  const { t } = useTranslation();
  const { data, error } = useMyNotificationPreferences();
  return (
    <Box>
      <PageHeader title={t('myNotifications.title')} subtitle={t(forOwner ? 'myNotifications.ownerSubtitle' : 'myNotifications.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {error ? (
          <Alert severity="error">{t('myNotifications.loadError')}</Alert>
        ) : data ? (
          <MyNotificationsForm preferences={data} digest={!forOwner} />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('myNotifications.loading')} />
          </Box>
        )}
      </Paper>
      {forOwner ? null : <MyCalendarFeedCard />}
    </Box>
  );
}
