import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import InsightsOutlinedIcon from '#icons/InsightsOutlined';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '../api/get-team';
import { roleOf } from './member-display';
import { TeamCard } from './TeamCard';

export interface TeamStatisticsCardProps {
  members: TeamMember[];
  isLoading: boolean;
}

/** Team Statistics: total, CEOs, Managers, Staff (unknown roles count as Staff). */
export function TeamStatisticsCard({ members, isLoading }: TeamStatisticsCardProps) {
  const { t } = useTranslation();
  const count = (role: string) => members.filter((member) => roleOf(member) === role).length;
  const stats = [
    { key: 'total', label: t('team.stats.total'), value: members.length },
    { key: 'ceos', label: t('team.stats.ceos'), value: count('ceo') },
    { key: 'managers', label: t('team.stats.managers'), value: count('operational_manager') },
    { key: 'staff', label: t('team.stats.staff'), value: count('staff') },
  ];
  return (
    <TeamCard id="team-statistics" title={t('team.stats.title')} icon={<InsightsOutlinedIcon fontSize="small" />}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5, p: 2 }}>
        {stats.map((stat) => (
          <Box key={stat.key} data-testid={`team-stat-${stat.key}`} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider' }}>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
              {stat.label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }}>
              {isLoading ? <Skeleton width={32} /> : stat.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </TeamCard>
  );
}
