import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useTeam } from '../api/get-team';
import { TeamMemberList } from '../components/TeamMemberList';
import { TeamQuickActions } from '../components/TeamQuickActions';
import { TeamStatisticsCard } from '../components/TeamStatisticsCard';
import { TopPerformersCard } from '../components/TopPerformersCard';
import { memberName, roleOf } from '../components/member-display';

const ROLE_ORDER = { ceo: 0, operational_manager: 1, staff: 2 } as const;

/** Team: members, top performers, statistics and quick actions (SPEC "Team"). */
export default function TeamPage() {
  const { t } = useTranslation();
  const { members: unsorted, isLoading, error } = useTeam();
  // CEOs first, then managers, then staff; by name within a role.
  const members = useMemo(
    () =>
      [...unsorted].sort(
        (a, b) => ROLE_ORDER[roleOf(a)] - ROLE_ORDER[roleOf(b)] || memberName(a).localeCompare(memberName(b)),
      ),
    [unsorted],
  );
  return (
    <>
      <PageHeader title={t('team.title')} subtitle={t('team.subtitle')} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <TeamMemberList members={members} isLoading={isLoading} error={error} />
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <TopPerformersCard />
          <TeamStatisticsCard members={members} isLoading={isLoading} />
          <TeamQuickActions />
        </Box>
      </Box>
    </>
  );
}
