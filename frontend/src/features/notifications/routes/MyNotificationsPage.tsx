import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useMyNotificationPreferences } from '../api/my-notification-preferences';
import { MyCalendarFeedCard } from '../components/MyCalendarFeedCard';
import { MyNotificationsForm } from '../components/MyNotificationsForm';

/** /account/notifications: every member's own notification settings (the CEO's alerts stay on /notifications), and their tasks as a phone calendar. */
export default function MyNotificationsPage() {
  const { t } = useTranslation();
  const { data, error } = useMyNotificationPreferences();
  return (
    <Box>
      <PageHeader title={t('myNotifications.title')} subtitle={t('myNotifications.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {error ? (
          <Alert severity="error">{t('myNotifications.loadError')}</Alert>
        ) : data ? (
          <MyNotificationsForm preferences={data} />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('myNotifications.loading')} />
          </Box>
        )}
      </Paper>
      <MyCalendarFeedCard />
    </Box>
  );
}
