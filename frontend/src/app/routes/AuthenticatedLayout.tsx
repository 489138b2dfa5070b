import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AppShell } from '../../components/layout/AppShell';
import { ErrorBoundary } from '../../components/errors/ErrorBoundary';
import { FullPageSpinner } from '../../components/ui/FullPageSpinner';
import { serverUrls } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useUnauthorizedRedirect } from '../../features/auth/hooks/use-unauthorized-redirect';
import { useCompanies, useRefreshOnLogoError } from '../../features/companies/api/get-companies';
import { CompanyDialogs, type CompanyDialog } from '../../features/companies/components/CompanyDialogs';
import { usePendingTaskCount } from '../../features/tasks/api/get-tasks';

function logout() {
  // The server ends the session, then lands the browser on /auth.
  window.location.href = serverUrls.logout;
}

/** Every authenticated screen renders inside this: 401 handling, the shell, the company dialogs. */
export default function AuthenticatedLayout() {
  useUnauthorizedRedirect();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const { company, isLoading: companyLoading } = useCompanies();
  const { pendingCount } = usePendingTaskCount();
  const [companyDialog, setCompanyDialog] = useState<CompanyDialog>(null);
  const refreshLogo = useRefreshOnLogoError(company?.logoUrl);

  if (!user) return null; // the router only mounts this layout for a signed-in user

  return (
    <AppShell
      user={user}
      company={company}
      companyLoading={companyLoading}
      pendingTaskCount={pendingCount}
      onEditCompany={() => setCompanyDialog('edit')}
      onChangeLogo={() => setCompanyDialog('logo')}
      onLogoError={refreshLogo}
      onLogout={logout}
    >
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<FullPageSpinner fill="content" label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <CompanyDialogs company={company} open={companyDialog} onClose={() => setCompanyDialog(null)} />
    </AppShell>
  );
}
