import { Suspense, lazy } from 'react';
import Box from '@mui/material/Box';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/errors/ErrorBoundary';
import { FullPageSpinner } from '../../../components/ui/FullPageSpinner';
import type { FirstReads } from '../../../lib/first-reads';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useUnauthorizedRedirect } from '../../auth/hooks/use-unauthorized-redirect';
import { OWNER_OVERVIEW_KEY, useOwnerOverview } from '../api/owner';
import { PortalHeader } from '../components/PortalHeader';
import { PortalNav } from '../components/PortalNav';
import { OWNER_PATHS } from '../utils/portal-paths';

// Each page of the portal is its own chunk.
const OverviewPage = lazy(() => import('./OwnerOverviewPage'));
const CalendarPage = lazy(() => import('./OwnerCalendarPage'));
const StatementsPage = lazy(() => import('./OwnerStatementsPage'));
const WorkPage = lazy(() => import('./OwnerWorkPage'));
const ApprovalsPage = lazy(() => import('./OwnerApprovalsPage'));
const StaysPage = lazy(() => import('./OwnerStaysPage'));
const SecurityPage = lazy(() => import('../../auth/routes/SecurityPage'));
const NotificationsPage = lazy(() => import('../../notifications/routes/MyNotificationsPage'));

/** The frame's read (the company, the properties, the counts): loaded before the first render (app/boot.ts). */
export const firstReads: FirstReads = () => [OWNER_OVERVIEW_KEY];

/**
 * The owner portal (/owner, issue 41 point 3): the only part of the app an owner sees. Its own
 * frame (the managing company, the language, the account menu) and navigation: overview, calendar,
 * statements, work done, approvals, owner stays. Read-only but for asking for a stay and deciding
 * on a repair.
 */
export default function OwnerPortal() {
  useUnauthorizedRedirect();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const { data } = useOwnerOverview();
  if (!user) return null; // the router mounts the portal for a signed-in owner only
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <PortalHeader user={user} company={data?.company} />
      <PortalNav pendingApprovals={data?.pendingApprovals ?? 0} pendingStayRequests={data?.pendingStayRequests ?? 0} />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, md: 4 }, outline: 'none' }}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<FullPageSpinner fill="content" label={t('common.loading')} />}>
            <Routes>
              <Route index element={<OverviewPage />} />
              <Route path="calendar" element={<CalendarPage />} />
              <Route path="statements" element={<StatementsPage />} />
              <Route path="work" element={<WorkPage />} />
              <Route path="approvals" element={<ApprovalsPage />} />
              <Route path="stays" element={<StaysPage />} />
              <Route path="security" element={<SecurityPage />} />
              <Route path="notifications" element={<NotificationsPage forOwner />} />
              <Route path="*" element={<Navigate to={OWNER_PATHS.overview} replace />} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </Box>
    </Box>
  );
}
