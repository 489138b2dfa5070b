// Screen routes (SPEC point 2) and the server URLs the browser navigates to in full.
export const paths = {
  home: '/',
  /** The staff member's own day (phone first, offline): where staff land after sign-in. */
  myDay: '/my-day',
  login: '/login',
  register: '/register',
  auth: '/auth',
  confirmEmail: '/confirm-email',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  /** Two-factor enrolment when the company requires it (after either sign-in path). */
  twoFactor: '/two-factor',
  properties: '/properties',
  tasks: '/tasks',
  shifts: '/shifts',
  /** The dispatch board (CEO and managers): a week of tasks per member. */
  dispatch: '/dispatch',
  /** The portfolio calendar (CEO and managers): every property, night by night. */
  calendar: '/calendar',
  team: '/team',
  financials: '/financials',
  reports: '/reports',
  notifications: '/notifications',
  /** The company's API keys and webhooks (the CEO's settings; issue 39). The API reference is /developers, outside the app. */
  integrations: '/settings/integrations',
  /** Every member's own notification settings (the CEO's alerts are /notifications). */
  myNotifications: '/account/notifications',
  /** Every member's own sign-in security (two-factor authentication). */
  accountSecurity: '/account/security',
  pricing: '/pricing',
  /** The platform's console: the master account only (anyone else gets Not Found). */
  admin: '/admin',
  /** The owner portal (issue 41): where an owner lands, and the only part of the app they see. */
  ownerPortal: '/owner',
} as const;

/** Full-page navigations handled by the server, not by the router. */
export const serverUrls = {
  /** Starts the external OAuth sign-in (registration is automatic on first login). */
  login: '/api/login',
  /** Ends the session, then the server lands the browser on /auth. */
  logout: '/api/logout',
} as const;

/**
 * /api/login in the app's language: the hosted sign-in pages (Cognito managed login, or its local
 * stand-in) are shown in it (`lang`; functions/handlers/start-login.ts). Another value: no `lang`.
 */
export function loginUrl(language: string | undefined): string {
  return language === 'pt' || language === 'en' || language === 'es' ? `${serverUrls.login}?lang=${language}` : serverUrls.login;
}

/** Delay before the redirect to the login after a 401 on an authenticated screen (SPEC point 9). */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
