// Which features' texts (`features/<name>/locales/<language>.json`) each lazily loaded module of the
// router needs, so that a first visit downloads and merges only the catalogues of the screen it
// opens on (lib/i18n.ts `loadTexts`), not the whole app's (~130 KB for English). The language's core
// catalogue (`src/locales/<language>.json`: nav, shell, common, errors, toast…, and shared/messages.ts)
// is always loaded; the rest of the features' catalogues load in the background after the first
// screen is drawn (main.tsx), so a later screen or a text of another feature never waits long.
//
// route-catalogues.test.ts walks each module's imports (static and dynamic: its dialogs and deferred
// sections too) and fails when a text it uses is in a feature catalogue not named here. No imports:
// the build (vite.config.ts) and the entry read it too.

/** A feature folder with a `locales` folder of its own. */
export type CatalogueFeature =
  | 'admin'
  | 'auth'
  | 'calendar'
  | 'companies'
  | 'dashboard'
  | 'dispatch'
  | 'financials'
  | 'inbox'
  | 'integrations'
  | 'my-day'
  | 'notifications'
  | 'owner-portal'
  | 'pricing'
  | 'properties'
  | 'reports'
  | 'reservations'
  | 'shifts'
  | 'subscription'
  | 'tasks'
  | 'team';

/**
 * The signed-in shell's catalogues (app/routes/AuthenticatedLayout: the company menu and dialogs,
 * the read-only banner, the bell): one chunk per language (vite.config.ts), since every office
 * screen needs them.
 */
export const SHELL_CATALOGUES: readonly CatalogueFeature[] = ['companies', 'inbox', 'subscription'];

/** By module (path under src/, no extension, as app/screens.ts names them): the features whose texts it uses. */
export const ROUTE_CATALOGUES: Readonly<Record<string, readonly CatalogueFeature[]>> = {
  'app/routes/AuthenticatedLayout': SHELL_CATALOGUES,
  'app/routes/NotFoundPage': [],
  'features/owner-portal/routes/OwnerPortal': ['owner-portal', 'reservations', 'calendar', 'properties', 'tasks', 'auth', 'notifications', 'inbox'],
  // The public screens.
  'features/auth/routes/LandingPage': [],
  'features/auth/routes/RegisterPage': ['auth'],
  'features/auth/routes/EmailAuthPage': ['auth'],
  'features/auth/routes/ConfirmEmailPage': ['auth'],
  'features/auth/routes/ResetPasswordPage': ['auth'],
  'features/auth/routes/ForgotPasswordPage': ['auth'],
  'features/auth/routes/TwoFactorPage': ['auth'],
  // The screens inside the shell.
  'features/dashboard/routes/DashboardPage': ['dashboard', 'tasks', 'properties', 'reservations'],
  'features/my-day/routes/MyDayPage': ['my-day', 'tasks'],
  'features/properties/routes/PropertiesPage': ['properties', 'reservations', 'subscription'],
  'features/properties/routes/PropertyPage': ['properties', 'reservations'],
  'features/tasks/routes/TasksPage': ['tasks'],
  'features/tasks/routes/TaskDetailPage': ['tasks', 'reservations'],
  'features/shifts/routes/ShiftsPage': ['shifts'],
  'features/dispatch/routes/DispatchPage': ['dispatch', 'tasks'],
  'features/calendar/routes/PortfolioCalendarPage': ['calendar', 'reservations'],
  'features/team/routes/TeamPage': ['team', 'dispatch'],
  'features/financials/routes/FinancialsPage': ['financials'],
  'features/reports/routes/ReportsPage': ['reports'],
  'features/notifications/routes/NotificationsPage': ['notifications'],
  'features/notifications/routes/MyNotificationsPage': ['notifications', 'reservations'],
  'features/integrations/routes/IntegrationsPage': ['integrations'],
  'features/auth/routes/SecurityPage': ['auth'],
  'features/pricing/routes/PricingPage': ['pricing'],
  'features/admin/routes/AdminPage': ['admin'],
};

/** The features a module of the router needs (none for a module the map does not name). */
export function cataloguesOf(module: string): readonly CatalogueFeature[] {
  return Object.hasOwn(ROUTE_CATALOGUES, module) ? ROUTE_CATALOGUES[module] : [];
}
