import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/errors/ErrorBoundary';
import { FullPageSpinner } from '../components/ui/FullPageSpinner';
import { paths } from '../config/paths';
import { useCurrentUser } from '../features/auth/api/get-current-user';

// Every screen is its own chunk, so the first download holds only the app frame.
const LandingPage = lazy(() => import('../features/auth/routes/LandingPage'));
const RegisterPage = lazy(() => import('../features/auth/routes/RegisterPage'));
const EmailAuthPage = lazy(() => import('../features/auth/routes/EmailAuthPage'));
const ConfirmEmailPage = lazy(() => import('../features/auth/routes/ConfirmEmailPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/routes/ResetPasswordPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/routes/ForgotPasswordPage'));

const AuthenticatedLayout = lazy(() => import('./routes/AuthenticatedLayout'));
const NotFoundPage = lazy(() => import('./routes/NotFoundPage'));
const DashboardPage = lazy(() => import('../features/dashboard/routes/DashboardPage'));
const PropertiesPage = lazy(() => import('../features/properties/routes/PropertiesPage'));
const PropertyPage = lazy(() => import('../features/properties/routes/PropertyPage'));
const TasksPage = lazy(() => import('../features/tasks/routes/TasksPage'));
const TaskDetailPage = lazy(() => import('../features/tasks/routes/TaskDetailPage'));
const ShiftsPage = lazy(() => import('../features/shifts/routes/ShiftsPage'));
const TeamPage = lazy(() => import('../features/team/routes/TeamPage'));
const FinancialsPage = lazy(() => import('../features/financials/routes/FinancialsPage'));
const ReportsPage = lazy(() => import('../features/reports/routes/ReportsPage'));
const NotificationsPage = lazy(() => import('../features/notifications/routes/NotificationsPage'));
const PricingPage = lazy(() => import('../features/pricing/routes/PricingPage'));

/**
 * The route table of SPEC point 2.
 * - Always: /login (landing), /register, /auth, /confirm-email, /reset-password, /forgot-password;
 *   a signed-in visitor of /login or /register goes to /.
 * - Signed in: the nine screens inside the shell; anything else is Not Found (inside the shell).
 * - Not signed in: / and every other path show the landing screen; while the session check is
 *   still running they show a spinner instead, so a signed-in user never sees the landing flash.
 */
export function AppRouter() {
  const { status } = useCurrentUser();
  const { pathname } = useLocation();
  const authenticated = status === 'authenticated';

  return (
    <ErrorBoundary key={authenticated ? 'app' : pathname}>
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path={paths.login} element={authenticated ? <Navigate to={paths.home} replace /> : <LandingPage />} />
          <Route path={paths.register} element={authenticated ? <Navigate to={paths.home} replace /> : <RegisterPage />} />
          <Route path={paths.auth} element={<EmailAuthPage />} />
          <Route path={paths.confirmEmail} element={<ConfirmEmailPage />} />
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />

          {authenticated ? (
            <Route element={<AuthenticatedLayout />}>
              <Route index element={<DashboardPage />} />
              <Route path={paths.properties} element={<PropertiesPage />} />
              <Route path={`${paths.properties}/:id`} element={<PropertyPage />} />
              <Route path={paths.tasks} element={<TasksPage />} />
              <Route path={`${paths.tasks}/:id`} element={<TaskDetailPage />} />
              <Route path={paths.shifts} element={<ShiftsPage />} />
              <Route path={paths.team} element={<TeamPage />} />
              <Route path={paths.financials} element={<FinancialsPage />} />
              <Route path={paths.reports} element={<ReportsPage />} />
              <Route path={paths.notifications} element={<NotificationsPage />} />
              <Route path={paths.pricing} element={<PricingPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          ) : (
            <Route path="*" element={status === 'loading' ? <FullPageSpinner /> : <LandingPage />} />
          )}
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
