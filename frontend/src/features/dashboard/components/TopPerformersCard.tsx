import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { userInitials } from '#shared/rules';
import { errorMessage } from '../../../lib/api-client';
import { useTopPerformers } from '../api/get-top-performers';
import { DashboardPanel, PanelEmpty, PanelPlaceholderList } from './DashboardPanel';

/** The server's list of top performers. */
const TOP_PERFORMERS = 5;
const PRIMARY_TEXT = { primary: { noWrap: true, sx: { fontWeight: 600, fontSize: '0.875rem' } } } as const;

/** A loading row laid out like a performer (same avatar, padding and text lines). */
function PerformerPlaceholder() {
  return (
    <ListItem sx={{ px: 1.5 }}>
      <ListItemAvatar sx={{ minWidth: 48 }}>
        <Skeleton variant="circular" width={36} height={36} />
      </ListItemAvatar>
      <ListItemText sx={{ minWidth: 0 }} primary={<Skeleton width="55%" />} secondary={<Skeleton width="35%" />} slotProps={PRIMARY_TEXT} />
    </ListItem>
  );
}

/** Top performers: avatar, name, tasks completed in the period and their real on-time rate. */
export function TopPerformersCard() {
  const { t } = useTranslation();
  const { performers, isLoading, error } = useTopPerformers();

  let content;
  if (isLoading && !performers.length) content = <PanelPlaceholderList rows={TOP_PERFORMERS} row={PerformerPlaceholder} />;
  else if (error && !performers.length) content = <PanelEmpty>{errorMessage(error)}</PanelEmpty>;
  else if (!performers.length) content = <PanelEmpty>{t('dashboard.topPerformers.empty')}</PanelEmpty>;
  else {
    content = (
      <List disablePadding>
        {performers.map((member) => {
          const name = [member.firstName, member.lastName].filter(Boolean).join(' ').trim() || member.email;
          return (
            <ListItem key={member.id} sx={{ px: 1.5 }}>
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <Avatar src={member.profileImageUrl ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: 'primary.main' }}>
                  {userInitials(member.firstName, member.lastName)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                sx={{ minWidth: 0 }}
                primary={name}
                secondary={t('dashboard.topPerformers.period', { count: member.completedInPeriod ?? 0, onTime: member.onTimeInPeriod ?? 0, days: member.periodDays })}
                slotProps={PRIMARY_TEXT}
              />
              <Typography
                variant="subtitle2"
                component="span"
                sx={{ color: member.score >= 80 ? 'success.main' : 'text.secondary', ml: 1, whiteSpace: 'nowrap' }}
                title={t('dashboard.topPerformers.score', { value: member.score })}
                data-testid="performer-score"
              >
                {t('dashboard.topPerformers.score', { value: member.score })}
              </Typography>
            </ListItem>
          );
        })}
      </List>
    );
  }

  return <DashboardPanel title={t('dashboard.topPerformers.title')}>{content}</DashboardPanel>;
}
