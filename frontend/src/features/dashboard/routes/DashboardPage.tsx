import { useState } from 'react';
import Box from '@mui/material/Box';
import { normaliseRole } from '#shared/enums';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCompanies } from '../../companies/api/get-companies';
import { NAME_LOOKUP_KEYS, useNameLookups } from '../api/get-name-lookups';
import { DASHBOARD_METRICS_KEY } from '../api/get-dashboard-metrics';
import { DOUBLE_BOOKINGS_KEY } from '../api/get-double-bookings';
import { RECENT_TASKS_KEY } from '../api/get-recent-tasks';
import { TOP_PERFORMERS_KEY } from '../api/get-top-performers';
import { UPCOMING_CHECKINS_KEY } from '../api/get-upcoming-checkins';
import type { FirstReads } from '../../../lib/first-reads';
import { DashboardHeader } from '../components/DashboardHeader';
import { DashboardMetrics } from '../components/DashboardMetrics';
import { DoubleBookingsCard } from '../components/DoubleBookingsCard';
import { ReadinessCard } from '../components/ReadinessCard';
import { DASHBOARD_READINESS_KEY } from '../api/get-readiness';
import { PlanBanner } from '../components/PlanBanner';
import { QuickActionsCard } from '../components/QuickActionsCard';
import { RecentTasksCard } from '../components/RecentTasksCard';
import { TopPerformersCard } from '../components/TopPerformersCard';
import { UpcomingCheckinsCard } from '../components/UpcomingCheckinsCard';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';

// The tasks feature's dialog serves the dashboard's "Create New Task" (agreed exception to "no
// imports across features"; RecentTasksCard also reuses its status chip and type icon). It is
// loaded when first opened: the form and its schemas are not needed to show the dashboard.
const TaskDialog = retryableLazy(() => import('../../tasks/components/TaskDialog'), (module) => module.TaskDialog);

/** Whether the role sees the double bookings (CEO and managers; the API answers them only). */
function managesOf(role: string | undefined): boolean {
  const normalised = normaliseRole(role);
  return normalised === 'ceo' || normalised === 'operational_manager';
}

/**
 * What the dashboard's first render shows (app/boot.ts loads it before React draws). Staff are sent
 * to their own day from `/`, so they read nothing here.
 */
export const firstReads: FirstReads = (_location, user) =>
  managesOf(user.role) ? [DOUBLE_BOOKINGS_KEY, DASHBOARD_READINESS_KEY, DASHBOARD_METRICS_KEY, RECENT_TASKS_KEY, UPCOMING_CHECKINS_KEY, TOP_PERFORMERS_KEY, ...NAME_LOOKUP_KEYS] : [];

/**
 * The dashboard (SPEC "Dashboard"): greeting, task search and notification bell; the plan banner
 * (trial and basic); open double bookings (CEO and managers, while there are any); four metric
 * cards; recent tasks; quick actions; upcoming check-ins; top performers.
 */
export default function DashboardPage() {
  const { user } = useCurrentUser();
  const { company } = useCompanies();
  const lookups = useNameLookups();
  const [creatingTask, setCreatingTask] = useState(false);
  const canManage = managesOf(user?.role);

  return (
    <>
      <DashboardHeader firstName={user?.firstName} />
      {company && user && <PlanBanner plan={company.plan} trialEndsAt={company.trialEndsAt} isMaster={user.isMaster} canChoose={user.role === 'ceo'} />}
      {/* An emergency: above everything else, and only while there is one (CEO and managers). */}
      {canManage && <DoubleBookingsCard lookups={lookups} />}
      {/* Issue 40: homes not ready for today's check-ins (while there are any). */}
      {canManage && <ReadinessCard />}
      <DashboardMetrics />
      {/* One column on phones, quick actions first; from lg two columns (lists left, actions right). */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
          '& > :nth-of-type(1)': { gridColumn: { lg: 2 }, gridRow: { lg: 1 } },
          '& > :nth-of-type(2)': { gridColumn: { lg: 1 }, gridRow: { lg: '1 / span 2' } },
          '& > :nth-of-type(3)': { gridColumn: { lg: 1 }, gridRow: { lg: 3 } },
          '& > :nth-of-type(4)': { gridColumn: { lg: 2 }, gridRow: { lg: '2 / span 2' } },
        }}
      >
        <QuickActionsCard canManage={canManage} onCreateTask={() => setCreatingTask(true)} />
        <RecentTasksCard lookups={lookups} />
        <UpcomingCheckinsCard lookups={lookups} />
        <TopPerformersCard />
      </Box>
      {creatingTask && (
        <LazyDialog open>
          <TaskDialog open onClose={() => setCreatingTask(false)} />
        </LazyDialog>
      )}
    </>
  );
}
