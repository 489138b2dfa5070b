import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EmojiEventsOutlinedIcon from '#icons/EmojiEventsOutlined';
import { useTranslation } from 'react-i18next';
import { useTopPerformers } from '../api/get-top-performers';
import CrownIcon from '#icons/Crown';
import { MemberAvatar } from './MemberAvatar';
import { memberName } from './member-display';
import { TeamCard } from './TeamCard';

/** GET /api/team/top-performers; the first wears a crown, each shows their real on-time rate (last 30 days). */
export function TopPerformersCard() {
  const { t } = useTranslation();
  const { performers, isLoading, error } = useTopPerformers();

  let body;
  if (isLoading) {
    body = (
      <Box sx={{ p: 2 }}>
        {[0, 1].map((i) => (
          <Skeleton key={i} height={52} />
        ))}
      </Box>
    );
  } else if (error) {
    body = <Alert severity="error" sx={{ m: 2 }}>{t('team.topPerformers.error')}</Alert>;
  } else if (performers.length === 0) {
    body = <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{t('team.topPerformers.empty')}</Typography>;
  } else {
    body = (
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="top-performer-list">
        {performers.map((member, index) => {
          // The on-time completion rate of the last 30 days, as the dashboard shows it.
          const percentage = member.score;
          const name = memberName(member);
          return (
            <Box
              component="li"
              key={member.id}
              data-testid="top-performer"
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
            >
              <Box sx={{ position: 'relative' }}>
                <MemberAvatar member={member} size={36} />
                {index === 0 && (
                  <CrownIcon
                    data-testid="top-performer-crown"
                    titleAccess={t('team.topPerformers.best')}
                    sx={{
                      position: 'absolute',
                      top: -11,
                      left: '50%',
                      transform: 'translateX(-50%) rotate(-8deg)',
                      fontSize: 20,
                      color: '#f5b301',
                      filter: 'drop-shadow(0 1px 1px rgba(0,0,0,0.25))',
                    }}
                  />
                )}
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" component="p" noWrap title={name}>
                  {name}
                </Typography>
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                  {t('team.topPerformers.period', { count: member.completedInPeriod ?? 0, onTime: member.onTimeInPeriod ?? 0, days: member.periodDays })}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={Math.min(100, percentage)}
                  color="success"
                  aria-hidden
                  sx={{ mt: 0.75, height: 4, borderRadius: 2 }}
                />
              </Box>
              <Typography variant="subtitle2" component="p" sx={{ color: 'success.main', minWidth: 44, textAlign: 'right' }} data-testid="top-performer-percentage" title={t('team.topPerformers.onTime')}>
                {t('team.topPerformers.percentage', { value: percentage })}
              </Typography>
            </Box>
          );
        })}
      </Box>
    );
  }

  return (
    <TeamCard id="top-performers" title={t('team.topPerformers.title')} icon={<EmojiEventsOutlinedIcon fontSize="small" />}>
      {body}
    </TeamCard>
  );
}
