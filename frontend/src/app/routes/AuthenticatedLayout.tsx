import { Suspense, lazy, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AppShell } from '../../components/layout/AppShell';
import type { ShellUser } from '../../components/layout/shell-types';
import { ErrorBoundary } from '../../components/errors/ErrorBoundary';
import { FullPageSpinner } from '../../components/ui/FullPageSpinner';
import { RenderInSteps } from '../../components/ui/RenderInSteps';
import { serverUrls } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useUnauthorizedRedirect } from '../../features/auth/hooks/use-unauthorized-redirect';
import { useReadOnlyRedirect } from '../../features/subscription/hooks/use-read-only-redirect';
import { useCompanies, useRefreshOnLogoError } from '../../features/companies/api/get-companies';
import { CompanyDialogs, type CompanyDialog } from '../../features/companies/components/CompanyDialogs';
import { PENDING_COUNT_KEY, usePendingTaskCount } from '../../features/tasks/api/get-tasks';
import { INBOX_KEY } from '../../features/inbox/api/inbox';
import type { FirstReads } from '../../lib/first-reads';

// The bell (the member's in-app notifications) is its own chunk, loaded after the shell is drawn.
const NotificationBell = lazy(() => import('../../features/inbox/components/NotificationBell'));

/**
 * What the shell's first render shows around every screen (app/boot.ts loads it before React
 * draws): the sidebar's pending-task badge and the bell's feed (the session and the company are
 * boot's own reads).
 */
export const firstReads: FirstReads = () => [PENDING_COUNT_KEY, INBOX_KEY];

function logout() {
  // The server ends the session, then lands the browser on /auth.
  window.location.href = serverUrls.logout;
}

interface ShellWithDataProps {
  user: ShellUser;
  onCompanyDialog: (dialog: CompanyDialog) => void;
  children: ReactNode;
}

/**
 * The shell with the company and the pending-task badge. Their reads live here, not in the layout:
 * when one of them answers, the shell re-renders but the screen (`children`, the same element)
 * does not.
 */
function ShellWithData({ user, onCompanyDialog, children }: ShellWithDataProps) {
  const { company, isLoading: companyLoading } = useCompanies();
  const { pendingCount } = usePendingTaskCount();
  const refreshLogo = useRefreshOnLogoError(company?.logoUrl);
  const editCompany = useCallback(() => onCompanyDialog('edit'), [onCompanyDialog]);
  const changeLogo = useCallback(() => onCompanyDialog('logo'), [onCompanyDialog]);
  const bell = useMemo(() => <Suspense fallback={null}><NotificationBell /></Suspense>, []);
  return (
    <AppShell
      user={user}
      company={company}
      companyLoading={companyLoading}
      pendingTaskCount={pendingCount}
      onEditCompany={editCompany}
      onChangeLogo={changeLogo}
      onLogoError={refreshLogo}
      onLogout={logout}
      headerActions={bell}
    >
      {children}
    </AppShell>
  );
}

function CompanyDialogsWithData({ open, onClose }: { open: CompanyDialog; onClose: () => void }) {
  const { company } = useCompanies();
  return <CompanyDialogs company={company} open={open} onClose={onClose} />;
}

/** Every authenticated screen renders inside this: 401 handling, the shell, the company dialogs. */
export default function AuthenticatedLayout() {
  useUnauthorizedRedirect();
  useReadOnlyRedirect();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const [companyDialog, setCompanyDialog] = useState<CompanyDialog>(null);
  const closeDialog = useCallback(() => setCompanyDialog(null), []);
  const loadingLabel = t('common.loading');
  const screen = useMemo(
    () => (
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<FullPageSpinner fill="content" label={loadingLabel} />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    ),
    [pathname, loadingLabel],
  );

  if (!user) return null; // the router only mounts this layout for a signed-in user

  return (
    <ShellWithData user={user} onCompanyDialog={setCompanyDialog}>
      {/* The screen of the app's first render is drawn a task after the shell around it: together
          they were one commit of 30-50 ms on a desktop, four times that on a phone. Its data is
          loaded already (app/boot.ts), so it appears complete a moment later; a navigation later
          renders at once (the layout, and so this count, stays mounted). */}
      <RenderInSteps first={0} step={1}>
        {[screen]}
      </RenderInSteps>
      <CompanyDialogsWithData open={companyDialog} onClose={closeDialog} />
    </ShellWithData>
  );
}
