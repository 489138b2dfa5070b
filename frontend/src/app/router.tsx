import { Suspense, lazy as reactLazy, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/errors/ErrorBoundary';
import { FullPageSpinner } from '../components/ui/FullPageSpinner';
import { paths } from '../config/paths';
import { isManagerRole, isOwnerRole } from '#shared/enums';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import type { FirstReads } from '../lib/first-reads';
import { loadTexts } from '../lib/i18n';
import { cataloguesOf } from './route-catalogues';
import { LAYOUT_MODULE, PUBLIC_SCREEN_MODULES, SCREEN_MODULES, isPublicPath, screenFor, type ScreenName } from './screens';

/** A lazily loaded screen (or the shell), with its first reads (lib/first-reads.ts) when it has any. */
type ScreenModule = { default: ComponentType; firstReads?: FirstReads };
/** The chunks `preloadScreenFor` has loaded, by loader. */
const loadedModules = new Map<() => Promise<unknown>, ScreenModule>();

/**
 * React.lazy, except that a chunk `preloadScreenFor` has already loaded renders at once: React
 * gets an already settled thenable instead of a fresh import() promise, so the first render does not
 * suspend, commit a spinner and then commit the screen 300 ms later (Suspense's reveal throttle) in
 * one long task.
 */
function lazy(load: () => Promise<ScreenModule>) {
  return reactLazy(() => {
    const loaded = loadedModules.get(load);
    // A thenable that calls back synchronously: React.lazy reads the module in the same render.
    return loaded ? ({ then: (resolve: (module: ScreenModule) => void) => resolve(loaded) } as unknown as Promise<ScreenModule>) : load();
  });
}

function preload(load: () => Promise<unknown>): Promise<ScreenModule> {
  return load().then((module) => {
    loadedModules.set(load, module as ScreenModule);
    return module as ScreenModule;
  });
}

/**
 * A module's loader that resolves once its code and its features' texts (app/route-catalogues.ts)
 * are in, so the screen draws with every text at once instead of with raw keys.
 */
function withTexts<T>(module: string, load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadTexts(cataloguesOf(module))]).then(([loaded]) => loaded);
}

// Every screen is its own chunk, so the first download holds only the app frame.
const publicLoaders: Readonly<Record<string, () => Promise<ScreenModule>>> = Object.fromEntries(
  Object.entries({
    [paths.login]: () => import('../features/auth/routes/LandingPage'),
    [paths.register]: () => import('../features/auth/routes/RegisterPage'),
    [paths.auth]: () => import('../features/auth/routes/EmailAuthPage'),
    [paths.confirmEmail]: () => import('../features/auth/routes/ConfirmEmailPage'),
    [paths.resetPassword]: () => import('../features/auth/routes/ResetPasswordPage'),
    [paths.forgotPassword]: () => import('../features/auth/routes/ForgotPasswordPage'),
    [paths.twoFactor]: () => import('../features/auth/routes/TwoFactorPage'),
  }).map(([pathname, load]) => [pathname, withTexts(PUBLIC_SCREEN_MODULES[pathname], load)]),
);
const LandingPage = lazy(publicLoaders[paths.login]);
const RegisterPage = lazy(publicLoaders[paths.register]);
const EmailAuthPage = lazy(publicLoaders[paths.auth]);
const ConfirmEmailPage = lazy(publicLoaders[paths.confirmEmail]);
const ResetPasswordPage = lazy(publicLoaders[paths.resetPassword]);
const ForgotPasswordPage = lazy(publicLoaders[paths.forgotPassword]);
const TwoFactorPage = lazy(publicLoaders[paths.twoFactor]);

const loadLayout = withTexts(LAYOUT_MODULE, () => import('./routes/AuthenticatedLayout'));
/** The owner portal (issue 41): its own frame and screens, the only part of the app an owner sees. */
export const OWNER_PORTAL_MODULE = 'features/owner-portal/routes/OwnerPortal';
const loadOwnerPortal = withTexts(OWNER_PORTAL_MODULE, () => import('../features/owner-portal/routes/OwnerPortal'));
/** The Not Found screen, inside the shell. */
export const NOT_FOUND_MODULE = 'app/routes/NotFoundPage';
const screenLoaders: Record<ScreenName, () => Promise<ScreenModule>> = {
  dashboard: () => import('../features/dashboard/routes/DashboardPage'),
  myDay: () => import('../features/my-day/routes/MyDayPage'),
  properties: () => import('../features/properties/routes/PropertiesPage'),
  property: () => import('../features/properties/routes/PropertyPage'),
  tasks: () => import('../features/tasks/routes/TasksPage'),
  task: () => import('../features/tasks/routes/TaskDetailPage'),
  shifts: () => import('../features/shifts/routes/ShiftsPage'),
  dispatch: () => import('../features/dispatch/routes/DispatchPage'),
  calendar: () => import('../features/calendar/routes/PortfolioCalendarPage'),
  team: () => import('../features/team/routes/TeamPage'),
  financials: () => import('../features/financials/routes/FinancialsPage'),
  reports: () => import('../features/reports/routes/ReportsPage'),
  notifications: () => import('../features/notifications/routes/NotificationsPage'),
  myNotifications: () => import('../features/notifications/routes/MyNotificationsPage'),
  integrations: () => import('../features/integrations/routes/IntegrationsPage'),
  accountSecurity: () => import('../features/auth/routes/SecurityPage'),
  pricing: () => import('../features/pricing/routes/PricingPage'),
  admin: () => import('../features/admin/routes/AdminPage'),
};
const screens = Object.fromEntries(
  (Object.keys(screenLoaders) as ScreenName[]).map((name) => [name, withTexts(SCREEN_MODULES[name], screenLoaders[name])]),
) as Record<ScreenName, () => Promise<ScreenModule>>;

const AuthenticatedLayout = lazy(loadLayout);
const OwnerPortal = lazy(loadOwnerPortal);
const NotFoundPage = lazy(withTexts(NOT_FOUND_MODULE, () => import('./routes/NotFoundPage')));
const DashboardPage = lazy(screens.dashboard);
const MyDayPage = lazy(screens.myDay);
const PropertiesPage = lazy(screens.properties);
const PropertyPage = lazy(screens.property);
const TasksPage = lazy(screens.tasks);
const TaskDetailPage = lazy(screens.task);
const ShiftsPage = lazy(screens.shifts);
const DispatchPage = lazy(screens.dispatch);
const PortfolioCalendarPage = lazy(screens.calendar);
const TeamPage = lazy(screens.team);
const FinancialsPage = lazy(screens.financials);
const ReportsPage = lazy(screens.reports);
const NotificationsPage = lazy(screens.notifications);
const MyNotificationsPage = lazy(screens.myNotifications);
const IntegrationsPage = lazy(screens.integrations);
const SecurityPage = lazy(screens.accountSecurity);
const PricingPage = lazy(screens.pricing);
const AdminPage = lazy(screens.admin);

/**
 * Starts downloading the shell and the screen of the address the app opens on, while the session
 * check runs: a signed-in user's first paint then waits for one round of chunks, not three in a
 * row (check, then shell, then screen). A public address loads its screen. Resolves, when both
 * are in, with their `firstReads` (never rejects: a failed chunk is the screen's error boundary's to show).
 */
export function preloadScreenFor(pathname: string): Promise<FirstReads[]> {
  // A public screen's code and texts, so its first render does not suspend (it has no first reads).
  if (isPublicPath(pathname)) return preload(publicLoaders[pathname]).then(() => [], () => []);
  if (isOwnerPortalPath(pathname)) return preload(loadOwnerPortal).then((module) => (module.firstReads ? [module.firstReads] : [])).catch(() => []);
  const screen = screenFor(pathname);
  return Promise.all([preload(loadLayout), screen && preload(screens[screen])])
    .then((modules) => modules.flatMap((module) => (module?.firstReads ? [module.firstReads] : [])))
    .catch(() => []);
}

/** Whether `pathname` is the owner portal's (/owner and below). */
export function isOwnerPortalPath(pathname: string): boolean {
  return pathname === paths.ownerPortal || pathname.startsWith(`${paths.ownerPortal}/`);
}

/**
 * The route table of SPEC point 2.
 * - Always: /login (landing), /register, /auth, /confirm-email, /reset-password, /forgot-password;
 *   a signed-in visitor of /login or /register goes to /.
 * - Signed in: the nine screens inside the shell; anything else is Not Found (inside the shell).
 *   An owner (issue 41) gets the owner portal at /owner and is sent there from every other address;
 *   a member visiting /owner is sent to /.
 * - Not signed in: / and every other path show the landing screen; while the session check is
 *   still running they show a spinner instead, so a signed-in user never sees the landing flash.
 */
export function AppRouter() {
  const { status, user } = useCurrentUser();
  const { pathname } = useLocation();
  const authenticated = status === 'authenticated';
  // Staff land on their own day; the office dashboard (metrics) is for the CEO and managers.
  const staff = authenticated && !isManagerRole(user?.role);
  // Owners (issue 41) see only their portal; members never see it.
  const owner = authenticated && isOwnerRole(user?.role);

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
          <Route path={paths.twoFactor} element={<TwoFactorPage />} />

          {owner ? (
            <>
              <Route path={`${paths.ownerPortal}/*`} element={<OwnerPortal />} />
              <Route path="*" element={<Navigate to={paths.ownerPortal} replace />} />
            </>
          ) : authenticated ? (
            <Route element={<AuthenticatedLayout />}>
              <Route path={`${paths.ownerPortal}/*`} element={<Navigate to={paths.home} replace />} />
              <Route index element={staff ? <Navigate to={paths.myDay} replace /> : <DashboardPage />} />
              <Route path={paths.myDay} element={<MyDayPage />} />
              <Route path={paths.properties} element={<PropertiesPage />} />
              <Route path={`${paths.properties}/:id`} element={<PropertyPage />} />
              <Route path={paths.tasks} element={<TasksPage />} />
              <Route path={`${paths.tasks}/:id`} element={<TaskDetailPage />} />
              <Route path={paths.shifts} element={<ShiftsPage />} />
              <Route path={paths.dispatch} element={staff ? <NotFoundPage /> : <DispatchPage />} />
              <Route path={paths.calendar} element={staff ? <NotFoundPage /> : <PortfolioCalendarPage />} />
              <Route path={paths.team} element={<TeamPage />} />
              <Route path={paths.financials} element={<FinancialsPage />} />
              <Route path={paths.reports} element={<ReportsPage />} />
              <Route path={paths.notifications} element={<NotificationsPage />} />
              <Route path={paths.myNotifications} element={<MyNotificationsPage />} />
              <Route path={paths.integrations} element={<IntegrationsPage />} />
              <Route path={paths.accountSecurity} element={<SecurityPage />} />
              <Route path={paths.pricing} element={<PricingPage />} />
              <Route path={paths.admin} element={user?.isMaster ? <AdminPage /> : <NotFoundPage />} />
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
