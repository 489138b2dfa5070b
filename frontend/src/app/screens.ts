// Which screen an address opens, as module paths (under src/, no extension): small and free of
// React, so the entry can fetch the screen's chunks with the first ones (app/startup-preload.ts)
// while the router (app/router.tsx) imports the same modules lazily. The build names the chunks of
// every module in a routes folder (frontend/build/startup-preload.ts); screens.test.ts checks that
// each module named here is one of them.
import { paths } from '../config/paths';

/** The id of index.html's JSON data block naming each screen's chunks (written by the build). */
export const STARTUP_CHUNKS_ID = 'startup-chunks';

/** That block: by module (path under src/, no extension), `locale:<language>` (the core catalogue) or `locale:<language>:<feature>`, the chunk URLs to preload. */
export type StartupChunks = Record<string, string[]>;

/** The screens inside the signed-in shell, by name. */
export const SCREEN_MODULES = {
  dashboard: 'features/dashboard/routes/DashboardPage',
  myDay: 'features/my-day/routes/MyDayPage',
  properties: 'features/properties/routes/PropertiesPage',
  property: 'features/properties/routes/PropertyPage',
  tasks: 'features/tasks/routes/TasksPage',
  task: 'features/tasks/routes/TaskDetailPage',
  shifts: 'features/shifts/routes/ShiftsPage',
  dispatch: 'features/dispatch/routes/DispatchPage',
  calendar: 'features/calendar/routes/PortfolioCalendarPage',
  team: 'features/team/routes/TeamPage',
  financials: 'features/financials/routes/FinancialsPage',
  reports: 'features/reports/routes/ReportsPage',
  notifications: 'features/notifications/routes/NotificationsPage',
  myNotifications: 'features/notifications/routes/MyNotificationsPage',
  integrations: 'features/integrations/routes/IntegrationsPage',
  accountSecurity: 'features/auth/routes/SecurityPage',
  pricing: 'features/pricing/routes/PricingPage',
  admin: 'features/admin/routes/AdminPage',
} as const;

export type ScreenName = keyof typeof SCREEN_MODULES;

/** The signed-in shell around every screen of SCREEN_MODULES. */
export const LAYOUT_MODULE = 'app/routes/AuthenticatedLayout';

/** The screens for visitors who are not signed in, by address. */
export const PUBLIC_SCREEN_MODULES: Readonly<Record<string, string>> = {
  [paths.login]: 'features/auth/routes/LandingPage',
  [paths.register]: 'features/auth/routes/RegisterPage',
  [paths.auth]: 'features/auth/routes/EmailAuthPage',
  [paths.confirmEmail]: 'features/auth/routes/ConfirmEmailPage',
  [paths.resetPassword]: 'features/auth/routes/ResetPasswordPage',
  [paths.forgotPassword]: 'features/auth/routes/ForgotPasswordPage',
  [paths.twoFactor]: 'features/auth/routes/TwoFactorPage',
};

/** Whether `pathname` is one of the screens for visitors who are not signed in. */
export function isPublicPath(pathname: string): boolean {
  return Object.hasOwn(PUBLIC_SCREEN_MODULES, pathname);
}

/** The screen a signed-in user gets at `pathname`, if it is one of the shell's screens. */
export function screenFor(pathname: string): ScreenName | undefined {
  const [first = '', second, third] = pathname.split('/').filter(Boolean);
  if (!first) return 'dashboard';
  if (third) return undefined;
  // /account/* (the member's own settings) and /settings/* (the company's) are screens of two parts.
  const twoParts = first === 'account' || first === 'settings';
  const name = (Object.keys(paths) as Array<keyof typeof paths>).find((key) => paths[key] === (second && twoParts ? `/${first}/${second}` : `/${first}`));
  if (name === 'properties') return second ? 'property' : 'properties';
  if (name === 'tasks') return second ? 'task' : 'tasks';
  if (name && name in SCREEN_MODULES && (!second || twoParts)) return name as ScreenName;
  return undefined;
}
