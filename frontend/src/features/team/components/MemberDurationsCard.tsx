import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import TimerOutlinedIcon from '#icons/TimerOutlined';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '#shared/task-history';
import type { TeamMember } from '../api/get-team';
import { useTeamDurations } from '../api/get-team-durations';
import { MemberAvatar } from './MemberAvatar';
import { memberName } from './member-display';
import { TeamCard } from './TeamCard';

/**
 * Time on task per member (CEO and managers): tasks completed with a start time, their average and
 * total duration, from start to completion (the basis for paying per clean).
 */
export function MemberDurationsCard({ members }: { members: TeamMember[] }) {
  const { t } = useTranslation();
  const { durations, isLoading, error } = useTeamDurations(true);
  const byId = new Map(members.map((member) => [member.id, member]));
  const rows = durations
    .filter((row) => row.timedTasks > 0 && byId.has(row.userId))
    .sort((a, b) => b.timedTasks - a.timedTasks || a.userId.localeCompare(b.userId));

  let body;
  if (isLoading) {
    body = <Box sx={{ p: 2 }}>{[0, 1].map((i) => <Skeleton key={i} height={44} />)}</Box>;
  } else if (error) {
    body = <Alert severity="error" sx={{ m: 2 }}>{t('team.durations.error')}</Alert>;
  } else if (rows.length === 0) {
    body = <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{t('team.durations.empty')}</Typography>;
  } else {
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="member-durations">
        {rows.map((row) => {
          const member = byId.get(row.userId)!;
          return (
            <Box
              component="li"
              key={row.userId}
              data-testid="member-duration"
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
            >
              <MemberAvatar member={member} size={32} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                  {memberName(member)}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('team.durations.timed', { count: row.timedTasks })} · {t('team.durations.total', { duration: formatDuration(row.totalMinutes) })}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {formatDuration(row.averageMinutes) ?? '—'}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('team.durations.average')}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
    );
  }
  return (
    <TeamCard id="member-durations-card" title={t('team.durations.title')} icon={<TimerOutlinedIcon fontSize="small" />}>
      {body}
    </TeamCard>
  );
}
