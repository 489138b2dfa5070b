import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import LoginRoundedIcon from '#icons/LoginRounded';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
// A check-in is the property's local time: shown in the company's zone, as on the property page.
import { useCompanies } from '../../companies/api/get-companies';
import type { NameLookups } from '../api/get-name-lookups';
import { useUpcomingCheckins } from '../api/get-upcoming-checkins';
import { formatDateTime } from '../utils/format';
import { DashboardPanel, PanelEmpty, PanelPlaceholderList } from './DashboardPanel';

export interface UpcomingCheckinsCardProps {
  lookups: NameLookups;
}

/** The server's page of upcoming check-ins. */
const UPCOMING_CHECKINS = 5;
const PRIMARY_TEXT = { primary: { sx: { fontWeight: 600, fontSize: '0.875rem' } } } as const;

/** A loading row laid out like a check-in (same avatar, padding and text lines). */
function CheckinPlaceholder() {
  return (
    <ListItem sx={{ px: 1.5, gap: 1, alignItems: 'flex-start' }}>
      <ListItemAvatar sx={{ minWidth: 48, mt: 0.5 }}>
        <Skeleton variant="circular" width={36} height={36} />
      </ListItemAvatar>
      <ListItemText
        sx={{ my: 0.5, minWidth: 0 }}
        primary={<Skeleton width="50%" />}
        secondary={
          <>
            <Skeleton width="40%" />
            <Typography component="span" variant="caption" sx={{ display: 'block' }}>
              <Skeleton width="60%" />
            </Typography>
          </>
        }
        slotProps={PRIMARY_TEXT}
      />
    </ListItem>
  );
}

/** Upcoming check-ins: property, guest name and check-in date. */
export function UpcomingCheckinsCard({ lookups }: UpcomingCheckinsCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { checkins, isLoading, error } = useUpcomingCheckins();
  const timeZone = useCompanies().company?.timezone;

  let content;
  if (isLoading && !checkins.length) content = <PanelPlaceholderList rows={UPCOMING_CHECKINS} row={CheckinPlaceholder} />;
  else if (error && !checkins.length) content = <PanelEmpty>{errorMessage(error)}</PanelEmpty>;
  else if (!checkins.length) content = <PanelEmpty>{t('dashboard.checkins.empty')}</PanelEmpty>;
  else {
    content = (
      <List disablePadding>
        {checkins.map((checkin) => (
          <ListItem key={checkin.id} sx={{ px: 1.5, gap: 1, alignItems: 'flex-start' }}>
            <ListItemAvatar sx={{ minWidth: 48, mt: 0.5 }}>
              <Avatar sx={(theme) => ({ bgcolor: alpha(theme.palette.secondary.main, 0.12), color: 'secondary.main', width: 36, height: 36 })}>
                <LoginRoundedIcon fontSize="small" />
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              sx={{ my: 0.5, minWidth: 0 }}
              primary={checkin.guestName}
              secondary={
                <>
                  {lookups.propertyName(checkin.propertyId)}
                  <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                    {t('dashboard.checkins.date', { date: formatDateTime(checkin.checkinDate, language, timeZone) ?? '—' })}
                  </Typography>
                </>
              }
              slotProps={PRIMARY_TEXT}
            />
          </ListItem>
        ))}
      </List>
    );
  }

  return <DashboardPanel title={t('dashboard.checkins.title')}>{content}</DashboardPanel>;
}
