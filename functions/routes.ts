// The route table: every API route, its handler module (functions/handlers/<handler>.ts), and who
// may call it. The local server mounts it, the CDK api construct builds one function per entry,
// the HTTP wrapper enforces `access` and `roles` from it, and tests walk it.
// Pure data: handlers look themselves up here, so keep it free of imports with side effects.
import { MANAGER_ROLES, MEMBER_ROLES, type Role } from '#shared/enums';
import type { IntegrationFeature } from '#shared/integrations';

/**
 * `public`: anyone; `session`: a signed-in member (the app's cookie); `apiKey`: the public API
 * (`/api/v1/*`), a company's API key as `Authorization: Bearer` (functions/lib/public-api.ts).
 */
export type Access = 'public' | 'session' | 'apiKey';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway path template, e.g. /api/tasks/{id} */
  path: string;
  handler: string;
  access: Access;
  /**
   * Roles allowed; when absent, every member role (MEMBER_ROLES: not `owner`). An owner reaches only
   * the routes that name `owner` here (rolesOf).
   */
  roles?: readonly Role[];
  /**
   * Extra AWS permissions the function needs beyond the table (for least-privilege grants):
   * `photos` reads objects (presigned GET, HEAD of an upload), `uploads` issues presigned PUTs (the
   * only put), `confirm-uploads` marks an upload as kept (its `upload=pending` tag removed),
   * `logos` deletes logos, `cognito` the pool's id plus the Admin* calls listed in `cognito`,
   * `payments` the payment provider's secret (Secrets Manager) and price ids.
   */
  needs?: ReadonlyArray<'cognito' | 'ses' | 'sns' | 'photos' | 'uploads' | 'confirm-uploads' | 'logos' | 'events' | 'queue' | 'payments'>;
  /**
   * What the route does to the table: `read` (GetItem, BatchGetItem, Query, plus the session's
   * sliding renewal, an UpdateItem on SESSION# items only) or `write` (every item action).
   * Default: `read` for GET, `write` for the other methods (tableAccessOf). In tests every call
   * through local/invoke.ts is held to it (local/permission-guard.ts), as IAM holds it in AWS.
   */
  table?: TableAccess;
  /**
   * Whether a `write` route deletes items (DeleteItem, a transaction's Delete, BatchWriteItem):
   * default `true` for DELETE and `false` for the other methods (deletesOf). A route that never
   * deletes gets no DeleteItem in AWS (infra/lib/constructs/bindings.ts) and the permission guard
   * refuses its deletes in tests; a sign-out's own session (SESSION#) counts too.
   */
  deletes?: boolean;
  /** The Cognito Admin* calls the route makes (granted one by one; needs `cognito`). */
  cognito?: readonly CognitoAdminCall[];
  /**
   * `open`: a write that stays allowed when the company is read-only (its trial or paid access has
   * ended: functions/lib/http.ts answers every other write 402): what is needed to choose and pay a plan.
   */
  subscription?: 'open';
  /** The platform's own console (/api/admin/*): the master account only; every other caller, signed in or not, gets 404. */
  master?: true;
  /**
   * A `public` route that acts for the company its token names (a calendar feed's, a guest link's)
   * or its signed event names (the payment webhook): the partitions, none a company's, that its
   * function reads and writes before that company is known (the token's lookup and counters, by
   * prefix, e.g. `CALEXPORT#`). Its own role is narrowed to them; everything after the lookup runs
   * in the company's context (functions/lib/tenant.ts withCompany), with the company's scoped
   * credentials in AWS (actsForCompany; docs/tenant-fence.md).
   */
  companyFromToken?: readonly string[];
  /**
   * An integration feature the caller's plan must include (shared/integrations.ts): API keys and the
   * public API (`api-read`, `api-write`), webhooks. Without it: 403 naming the plan that has it.
   */
  feature?: IntegrationFeature;
}

export type TableAccess = 'read' | 'write';

/** Every Cognito Admin* call the functions make (IAM action `cognito-idp:<call>`). */
export const COGNITO_ADMIN_CALLS = [
  'AdminConfirmSignUp',
  'AdminCreateUser',
  'AdminDeleteUser',
  'AdminSetUserPassword',
  'AdminUpdateUserAttributes',
  'AdminInitiateAuth',
  'AdminRespondToAuthChallenge',
  'AdminSetUserMFAPreference',
] as const;
export type CognitoAdminCall = (typeof COGNITO_ADMIN_CALLS)[number];

/** The table access a route declares, or its method's default (GET reads, the rest write). */
export function tableAccessOf(route: Pick<RouteDefinition, 'method' | 'table'>): TableAccess {
  return route.table ?? (route.method === 'GET' ? 'read' : 'write');
}

/** Whether the route may delete items: declared, else DELETE routes do (a read route never does). */
export function deletesOf(route: Pick<RouteDefinition, 'method' | 'table' | 'deletes'>): boolean {
  return tableAccessOf(route) === 'write' && (route.deletes ?? route.method === 'DELETE');
}

/** The item actions a route performs (issue 42 point 4): what its function's roles grant on the table. */
export type ItemAccess = 'read' | 'write' | 'delete';

export function itemAccessOf(route: Pick<RouteDefinition, 'method' | 'table' | 'deletes'>): ItemAccess {
  return tableAccessOf(route) === 'read' ? 'read' : deletesOf(route) ? 'delete' : 'write';
}

/**
 * Whether the route's function acts for one company, the caller's (a session or an API key, not the
 * master console) or the one a public route's token names (`companyFromToken`): its handler's table
 * calls go through company-scoped credentials in AWS, and its own role keeps only what comes before
 * the company is known (docs/tenant-fence.md).
 */
export function actsForCompany(route: Pick<RouteDefinition, 'access' | 'master' | 'companyFromToken'>): boolean {
  if (route.access === 'public') return route.companyFromToken !== undefined;
  return (route.access === 'session' || route.access === 'apiKey') && !route.master;
}

/** The roles a route admits: its `roles`, or every member role (owners only where a route names them). */
export function rolesOf(route: Pick<RouteDefinition, 'roles'>): readonly Role[] {
  return route.roles ?? MEMBER_ROLES;
}

const MANAGERS = MANAGER_ROLES;
const CEO: readonly Role[] = ['ceo'];
/** A guest link's request, before its company is known: its source's counter and the token's lookup (repositories/guest-links.ts). */
const GUEST_TOKEN: readonly string[] = ['GUESTSOURCE#', 'GUESTLINK#'];
/** Owners (issue 41 point 3): their portal's routes only. */
const OWNER: readonly Role[] = ['owner'];
/** The caller's own account (profile, sign-in, bell): members and owners alike. */
const OWNER_AND_MEMBERS: readonly Role[] = [...MEMBER_ROLES, 'owner'];
/** A property's monthly statement: the office, and the property's owner (their own properties only). */
const MANAGERS_AND_OWNER: readonly Role[] = [...MANAGER_ROLES, 'owner'];

export const ROUTES: readonly RouteDefinition[] = [
  { method: 'GET', path: '/api/health', handler: 'get-health', access: 'public' },

  // Identity
  { method: 'GET', path: '/api/login', handler: 'start-login', access: 'public', table: 'write' },
  { method: 'GET', path: '/api/callback', handler: 'complete-login', access: 'public', table: 'write', needs: ['cognito'], deletes: true },
  { method: 'GET', path: '/api/logout', handler: 'logout', access: 'public', table: 'write', deletes: true },
  { method: 'GET', path: '/api/auth/user', handler: 'get-current-user', access: 'session', roles: OWNER_AND_MEMBERS },
  { method: 'POST', path: '/api/auth/register', handler: 'register', access: 'public', needs: ['cognito', 'ses'], cognito: ['AdminCreateUser', 'AdminSetUserPassword', 'AdminDeleteUser'] },
  { method: 'POST', path: '/api/auth/login-email', handler: 'login-email', access: 'public', needs: ['cognito'], cognito: ['AdminInitiateAuth'], deletes: true },
  // Two-factor (TOTP): the code step of a sign-in, and enrolment (the step cookie from a sign-in, or `start` for a signed-in member).
  { method: 'POST', path: '/api/auth/login-totp', handler: 'login-totp', access: 'public', needs: ['cognito'], cognito: ['AdminRespondToAuthChallenge'], deletes: true },
  { method: 'POST', path: '/api/auth/two-factor/start', handler: 'start-two-factor', access: 'session', roles: OWNER_AND_MEMBERS, subscription: 'open', needs: ['cognito'], cognito: ['AdminInitiateAuth'], deletes: true },
  { method: 'POST', path: '/api/auth/two-factor/setup', handler: 'setup-two-factor', access: 'public', table: 'read', needs: ['cognito'], cognito: [] },
  { method: 'POST', path: '/api/auth/two-factor/verify', handler: 'verify-two-factor', access: 'public', needs: ['cognito'], cognito: ['AdminSetUserMFAPreference'], deletes: true },
  { method: 'POST', path: '/api/auth/forgot-password', handler: 'forgot-password', access: 'public', needs: ['ses'] },
  { method: 'POST', path: '/api/auth/reset-password', handler: 'reset-password', access: 'public', needs: ['cognito'], cognito: ['AdminSetUserPassword', 'AdminCreateUser', 'AdminConfirmSignUp', 'AdminUpdateUserAttributes'], deletes: true },
  { method: 'POST', path: '/api/auth/resend-confirmation', handler: 'resend-confirmation', access: 'public', needs: ['ses'] },
  { method: 'POST', path: '/api/email/confirm', handler: 'confirm-email', access: 'public', needs: ['cognito'], cognito: ['AdminConfirmSignUp', 'AdminUpdateUserAttributes'] },

  // Company
  // Both answer the company with its logo as a presigned GET, hence the photo bucket.
  { method: 'GET', path: '/api/companies', handler: 'list-companies', access: 'session', needs: ['photos'] },
  { method: 'PUT', path: '/api/companies/{id}', handler: 'update-company', access: 'session', roles: CEO, needs: ['photos'] },
  // Company logo ("Alterar Logotipo"): presigned PUT under companies/<id>/logo/, then recorded; removal touches only the table.
  { method: 'POST', path: '/api/companies/{id}/logo/upload', handler: 'create-logo-upload-url', access: 'session', roles: CEO, needs: ['uploads'] },
  { method: 'PUT', path: '/api/companies/{id}/logo', handler: 'set-company-logo', access: 'session', roles: CEO, needs: ['photos', 'confirm-uploads', 'logos'] },
  { method: 'DELETE', path: '/api/companies/{id}/logo', handler: 'remove-company-logo', access: 'session', roles: CEO, needs: ['photos', 'logos'] },

  // Properties
  { method: 'GET', path: '/api/properties', handler: 'list-properties', access: 'session' },
  { method: 'POST', path: '/api/properties', handler: 'create-property', access: 'session', roles: MANAGERS },
  { method: 'GET', path: '/api/properties/{id}', handler: 'get-property', access: 'session' },
  { method: 'PUT', path: '/api/properties/{id}', handler: 'update-property', access: 'session', roles: MANAGERS },
  // Owner reports (issue 21 point 4): the property's owner, and the monthly PDF for one property or one owner
  { method: 'PUT', path: '/api/properties/{id}/owner', handler: 'set-property-owner', access: 'session', roles: MANAGERS },
  { method: 'DELETE', path: '/api/properties/{id}/owner', handler: 'remove-property-owner', access: 'session', roles: MANAGERS },
  { method: 'GET', path: '/api/properties/{id}/owner-report', handler: 'get-owner-report', access: 'session', roles: MANAGERS_AND_OWNER },
  { method: 'GET', path: '/api/owner-reports', handler: 'get-owner-reports', access: 'session', roles: MANAGERS },
  // Property groups (issue 41 point 1): the CEO and managers who see every property (a scoped caller 403); a property may be in several.
  { method: 'GET', path: '/api/property-groups', handler: 'list-property-groups', access: 'session', roles: MANAGERS },
  { method: 'POST', path: '/api/property-groups', handler: 'create-property-group', access: 'session', roles: MANAGERS },
  { method: 'PUT', path: '/api/property-groups/{groupId}', handler: 'update-property-group', access: 'session', roles: MANAGERS },
  { method: 'DELETE', path: '/api/property-groups/{groupId}', handler: 'delete-property-group', access: 'session', roles: MANAGERS },

  // Tasks
  { method: 'GET', path: '/api/tasks', handler: 'list-tasks', access: 'session', needs: ['photos'] },
  { method: 'GET', path: '/api/tasks/recent', handler: 'list-recent-tasks', access: 'session' },
  { method: 'POST', path: '/api/tasks', handler: 'create-task', access: 'session', roles: MANAGERS, },
  { method: 'GET', path: '/api/tasks/{id}', handler: 'get-task', access: 'session', needs: ['photos'] },
  { method: 'PUT', path: '/api/tasks/{id}', handler: 'update-task', access: 'session', deletes: true },
  // A task's history (every recorded change, newest first), and problems reported from the field (work orders)
  { method: 'GET', path: '/api/tasks/{id}/history', handler: 'get-task-history', access: 'session' },
  { method: 'POST', path: '/api/tasks/{id}/problems', handler: 'report-task-problem', access: 'session', needs: ['photos', 'confirm-uploads'] },
  // Issue 40: an inspection's result (pass, or fail reopening its cleaning); the inspector, managers, CEO.
  { method: 'POST', path: '/api/tasks/{id}/inspection', handler: 'record-inspection', access: 'session', needs: ['photos'], deletes: true },
  // Issue 41 point 4: repairs above a property's owner-approval limit wait for its owner: the owner's
  // list (with photos), and their decision (approved: the task goes on; declined: it is cancelled).
  { method: 'GET', path: '/api/owner/approvals', handler: 'list-owner-approvals', access: 'session', roles: ['owner'], needs: ['photos'] },
  { method: 'POST', path: '/api/owner/approvals/{taskId}', handler: 'decide-owner-approval', access: 'session', roles: ['owner'], deletes: true },
  // The dispatch board: a week of tasks per member with warnings (moves go through PUT /api/tasks/{id}).
  // Writes once per company: the first read indexes due-date entries older than the board (repositories/dispatch.ts).
  { method: 'GET', path: '/api/dispatch', handler: 'get-dispatch-board', access: 'session', roles: MANAGERS, table: 'write' },

  // The caller's own (every role): their tasks for the next days (staff "My day"), and how they are told of their work
  { method: 'GET', path: '/api/me/tasks', handler: 'get-my-tasks', access: 'session', needs: ['photos'] },
  { method: 'GET', path: '/api/me/notification-preferences', handler: 'get-my-notification-preferences', access: 'session', roles: OWNER_AND_MEMBERS },
  { method: 'PUT', path: '/api/me/notification-preferences', handler: 'update-my-notification-preferences', access: 'session', roles: OWNER_AND_MEMBERS },
  // The bell: the caller's own in-app notifications, and marking the seen ones read.
  { method: 'GET', path: '/api/me/inbox', handler: 'get-my-inbox', access: 'session', roles: OWNER_AND_MEMBERS },
  { method: 'POST', path: '/api/me/inbox/read', handler: 'mark-inbox-read', access: 'session', roles: OWNER_AND_MEMBERS },
  // The caller's own task feed for their phone's calendar (issue 39 point 5): its URL, and a new one (the old one stops).
  { method: 'GET', path: '/api/me/calendar-feed', handler: 'get-my-calendar-feed', access: 'session' },
  { method: 'POST', path: '/api/me/calendar-feed/regenerate', handler: 'regenerate-my-calendar-feed', access: 'session', deletes: true },

  // Task photos (presigned S3 uploads)
  // Writes the caller's upload counters (the upload rate limit: functions/billing/upload-rate.ts).
  { method: 'POST', path: '/api/objects/upload', handler: 'create-upload-url', access: 'session', needs: ['uploads'] },
  { method: 'PUT', path: '/api/task-photos', handler: 'add-task-photo', access: 'session', needs: ['photos', 'confirm-uploads'] },

  // Team, dashboard, reservations
  { method: 'GET', path: '/api/team', handler: 'list-team', access: 'session' },
  { method: 'GET', path: '/api/team/top-performers', handler: 'list-top-performers', access: 'session' },
  { method: 'GET', path: '/api/team/durations', handler: 'list-team-durations', access: 'session', roles: MANAGERS },
  { method: 'GET', path: '/api/dashboard/metrics', handler: 'get-dashboard-metrics', access: 'session' },
  // Issue 40 point 3: today's check-ins and the homes not ready for them (each property's stored readiness).
  { method: 'GET', path: '/api/dashboard/readiness', handler: 'get-dashboard-readiness', access: 'session', roles: MANAGERS },
  { method: 'GET', path: '/api/reservations/upcoming', handler: 'list-upcoming-checkins', access: 'session' },
  // Open double bookings (a feed's booking over nights another booking holds), until resolved.
  { method: 'GET', path: '/api/reservations/double-bookings', handler: 'list-double-bookings', access: 'session', roles: MANAGERS },
  // Stays a feed flagged (gone from it, or cancelled in it), whenever they checked in.
  { method: 'GET', path: '/api/reservations/flagged', handler: 'list-flagged-reservations', access: 'session' },
  { method: 'GET', path: '/api/reservations', handler: 'list-reservations', access: 'session' },

  // Reservations (night claims, automatic turnovers), property calendar, iCal feeds, company settings
  { method: 'POST', path: '/api/reservations', handler: 'create-reservation', access: 'session', roles: MANAGERS, },
  // A manager's read makes the stay's guest link on first use (guestLink, docs/guest-link.md): a write.
  { method: 'GET', path: '/api/reservations/{id}', handler: 'get-reservation', access: 'session', table: 'write' },
  { method: 'PUT', path: '/api/reservations/{id}', handler: 'update-reservation', access: 'session', roles: MANAGERS, deletes: true },
  { method: 'POST', path: '/api/reservations/{id}/cancel', handler: 'cancel-reservation', access: 'session', roles: MANAGERS, deletes: true },
  { method: 'POST', path: '/api/reservations/{id}/keep', handler: 'keep-reservation', access: 'session', roles: MANAGERS, deletes: true },
  // A block's turnover (a Booking.com closure, not a stay) is not needed: its cleaning is cancelled, for good.
  { method: 'POST', path: '/api/reservations/{id}/dismiss-turnover', handler: 'dismiss-reservation-turnover', access: 'session', roles: MANAGERS, deletes: true },
  { method: 'GET', path: '/api/properties/{id}/calendar', handler: 'get-property-calendar', access: 'session' },
  // The portfolio calendar (issue 40 point 1): every property's stays, blocks and tasks over 14-90 days, one page of properties per request;
  // and a block or owner stay added from it (the reservations service's rules).
  { method: 'GET', path: '/api/calendar/portfolio', handler: 'get-portfolio-calendar', access: 'session', roles: MANAGERS },
  { method: 'POST', path: '/api/calendar/blocks', handler: 'create-calendar-block', access: 'session', roles: MANAGERS },
  { method: 'GET', path: '/api/properties/{id}/feeds', handler: 'list-calendar-feeds', access: 'session', roles: MANAGERS },
  { method: 'POST', path: '/api/properties/{id}/feeds', handler: 'create-calendar-feed', access: 'session', roles: MANAGERS },
  { method: 'PUT', path: '/api/properties/{id}/feeds/{feedId}', handler: 'update-calendar-feed', access: 'session', roles: MANAGERS },
  { method: 'DELETE', path: '/api/properties/{id}/feeds/{feedId}', handler: 'delete-calendar-feed', access: 'session', roles: MANAGERS },
  // "Sync now": the property's feeds to the calendar-sync queue; answers within seconds (202 while a large import runs).
  { method: 'POST', path: '/api/properties/{id}/feeds/sync', handler: 'sync-property-feeds', access: 'session', roles: MANAGERS, needs: ['queue'] },
  // A feed held as "not a booking calendar" (meetings, holidays) is confirmed as the property's bookings and imported.
  { method: 'POST', path: '/api/properties/{id}/feeds/{feedId}/confirm', handler: 'confirm-calendar-feed', access: 'session', roles: MANAGERS },
  // Calendar export (issue 39 point 5): a new export URL for the property (the old one stops at once);
  // the public feed of an export or task-feed token (`{calendarFile}`: the token, `.ics` allowed),
  // which writes its token's rate-limit count (repositories/calendar-exports.ts).
  { method: 'POST', path: '/api/properties/{id}/calendar-export/regenerate', handler: 'regenerate-calendar-export', access: 'session', roles: MANAGERS, deletes: true },
  { method: 'GET', path: '/api/calendar/{calendarFile}', handler: 'get-calendar-export', access: 'public', table: 'write', companyFromToken: ['CALEXPORT#'] },
  // The guest's "we have left" (issue 40 point 4; functions/reservations/guest-link): a stay's private
  // link for the office (made on first use; rotating revokes the old one), and the public routes the
  // static /g/{token} page calls. No session: the token is the credential; each request writes its
  // token's and its source's rate-limit counts (repositories/guest-links.ts).
  { method: 'GET', path: '/api/reservations/{id}/guest-link', handler: 'get-reservation-guest-link', access: 'session', roles: MANAGERS, table: 'write' },
  { method: 'POST', path: '/api/reservations/{id}/guest-link/rotate', handler: 'rotate-reservation-guest-link', access: 'session', roles: MANAGERS, deletes: true },
  { method: 'GET', path: '/api/guest/{token}', handler: 'get-guest-stay', access: 'public', table: 'write', companyFromToken: GUEST_TOKEN },
  { method: 'POST', path: '/api/guest/{token}/left', handler: 'record-guest-left', access: 'public', needs: ['photos', 'confirm-uploads'], companyFromToken: GUEST_TOKEN },
  { method: 'POST', path: '/api/guest/{token}/photo', handler: 'create-guest-photo-upload', access: 'public', needs: ['uploads'], companyFromToken: GUEST_TOKEN },
  { method: 'GET', path: '/api/companies/{id}/settings', handler: 'get-company-settings', access: 'session' },
  { method: 'PUT', path: '/api/companies/{id}/settings', handler: 'update-company-settings', access: 'session', roles: MANAGERS },

  // Checklists (property default checklist, a task's copy, ticks, before/after photo proof)
  { method: 'GET', path: '/api/properties/{id}/checklist-template', handler: 'get-checklist-template', access: 'session' },
  { method: 'PUT', path: '/api/properties/{id}/checklist-template', handler: 'update-checklist-template', access: 'session', roles: MANAGERS },
  { method: 'GET', path: '/api/tasks/{id}/checklist', handler: 'get-task-checklist', access: 'session', needs: ['photos'] },
  { method: 'POST', path: '/api/tasks/{id}/checklist', handler: 'attach-task-checklist', access: 'session', roles: MANAGERS, needs: ['photos'], deletes: true },
  { method: 'PUT', path: '/api/tasks/{id}/checklist/items/{itemId}', handler: 'update-checklist-item', access: 'session', needs: ['photos'] },
  { method: 'PUT', path: '/api/tasks/{id}/checklist/items/{itemId}/photo', handler: 'add-checklist-item-photo', access: 'session', needs: ['photos', 'confirm-uploads'] },

  // Team invitations and membership (CEO)
  { method: 'GET', path: '/api/team/invites', handler: 'list-invitations', access: 'session', roles: MANAGERS },
  { method: 'POST', path: '/api/team/invites', handler: 'invite-member', access: 'session', roles: CEO, needs: ['cognito', 'ses'], cognito: ['AdminCreateUser', 'AdminDeleteUser'] },
  { method: 'POST', path: '/api/team/invites/{userId}/resend', handler: 'resend-invitation', access: 'session', roles: CEO, needs: ['ses'] },
  { method: 'PUT', path: '/api/team/{userId}/role', handler: 'update-member-role', access: 'session', roles: CEO, },
  // Which property groups a member sees (issue 41 point 2; [] = every property), from their next request.
  { method: 'PUT', path: '/api/team/{userId}/access', handler: 'update-member-access', access: 'session', roles: CEO },
  // An owner's properties (issue 41 point 3): the CEO and managers who see every property; from the owner's next request.
  { method: 'PUT', path: '/api/team/{userId}/owner-properties', handler: 'update-owner-properties', access: 'session', roles: MANAGERS },
  { method: 'DELETE', path: '/api/team/{userId}', handler: 'remove-member', access: 'session', roles: CEO, needs: ['cognito'], cognito: ['AdminDeleteUser'] },

  // The owner portal (issue 41 point 3; docs/owners.md): an owner reads their own properties only
  // (their property scope), and asks for owner stays. Statements download through
  // GET /api/properties/{id}/owner-report.
  { method: 'GET', path: '/api/owner/overview', handler: 'get-owner-overview', access: 'session', roles: OWNER, needs: ['photos'] },
  { method: 'GET', path: '/api/owner/properties/{id}/calendar', handler: 'get-owner-property-calendar', access: 'session', roles: OWNER },
  { method: 'GET', path: '/api/owner/properties/{id}/work', handler: 'list-owner-property-work', access: 'session', roles: OWNER, needs: ['photos'] },
  { method: 'GET', path: '/api/owner/statements', handler: 'list-owner-statements', access: 'session', roles: OWNER },
  { method: 'GET', path: '/api/owner/stay-requests', handler: 'list-my-owner-stay-requests', access: 'session', roles: OWNER },
  { method: 'POST', path: '/api/owner/stay-requests', handler: 'create-owner-stay-request', access: 'session', roles: OWNER },
  // Cancels a pending request (kept, as cancelled: nothing is deleted).
  { method: 'DELETE', path: '/api/owner/stay-requests/{requestId}', handler: 'cancel-owner-stay-request', access: 'session', roles: OWNER, deletes: false },
  // The office's side: owner stay requests (a scoped manager: their properties'), accepted as a block (POST /api/calendar/blocks' code) or declined.
  { method: 'GET', path: '/api/owner-stay-requests', handler: 'list-owner-stay-requests', access: 'session', roles: MANAGERS },
  { method: 'POST', path: '/api/owner-stay-requests/{requestId}/accept', handler: 'accept-owner-stay-request', access: 'session', roles: MANAGERS },
  { method: 'POST', path: '/api/owner-stay-requests/{requestId}/decline', handler: 'decline-owner-stay-request', access: 'session', roles: MANAGERS },

  // Financials (money is for the CEO and managers; staff have no access) and reports
  { method: 'GET', path: '/api/financials/summary', handler: 'get-financial-summary', access: 'session', roles: MANAGERS },
  { method: 'GET', path: '/api/financials/transactions', handler: 'list-transactions', access: 'session', roles: MANAGERS },
  { method: 'POST', path: '/api/invoices', handler: 'create-invoice', access: 'session', roles: MANAGERS },
  { method: 'PUT', path: '/api/invoices/{id}/status', handler: 'update-invoice-status', access: 'session', roles: MANAGERS },
  { method: 'DELETE', path: '/api/invoices/{id}', handler: 'delete-invoice', access: 'session', roles: MANAGERS },
  { method: 'POST', path: '/api/expenses', handler: 'create-expense', access: 'session', roles: MANAGERS },
  { method: 'DELETE', path: '/api/expenses/{id}', handler: 'delete-expense', access: 'session', roles: MANAGERS },
  { method: 'GET', path: '/api/reports', handler: 'get-report', access: 'session' },
  { method: 'GET', path: '/api/reports/export', handler: 'export-report', access: 'session' },

  // Plans (pricing screen): plan-change requests for the next billing cycle
  { method: 'GET', path: '/api/plan-requests', handler: 'list-plan-requests', access: 'session' },
  // The plan's usage: properties, users and stored bytes (photos and logos) against the plan's limits
  { method: 'GET', path: '/api/usage', handler: 'get-plan-usage', access: 'session' },
  { method: 'POST', path: '/api/plan-requests', handler: 'create-plan-request', access: 'session', roles: CEO, subscription: 'open' },
  { method: 'DELETE', path: '/api/plan-requests/{id}', handler: 'cancel-plan-request', access: 'session', roles: CEO, subscription: 'open' },
  // Payment and plan changes (issue 22): checkout or an immediate upgrade, the provider's portal,
  // downgrades at the end of the paid period, the billing history, and the provider's webhook
  // (no session: its signature is checked on the raw body; each event id is handled once).
  { method: 'POST', path: '/api/billing/checkout', handler: 'create-checkout-session', access: 'session', roles: CEO, subscription: 'open', needs: ['payments'] },
  { method: 'POST', path: '/api/billing/portal', handler: 'create-billing-portal-session', access: 'session', roles: CEO, subscription: 'open', table: 'read', needs: ['payments'] },
  { method: 'POST', path: '/api/billing/downgrade', handler: 'schedule-downgrade', access: 'session', roles: CEO, subscription: 'open' },
  { method: 'DELETE', path: '/api/billing/downgrade', handler: 'cancel-downgrade', access: 'session', roles: CEO, subscription: 'open' },
  { method: 'GET', path: '/api/billing/history', handler: 'get-billing-history', access: 'session', roles: CEO },
  { method: 'POST', path: '/api/billing/webhook', handler: 'receive-payment-webhook', access: 'public', needs: ['payments'], deletes: true, companyFromToken: ['PAYMENTEVENT#', 'PAYMENTCUSTOMER#'] },

  // Integrations (issue 39): API keys (CEO; Professional reads, Enterprise also writes), the company's integration history.
  { method: 'GET', path: '/api/api-keys', handler: 'list-api-keys', access: 'session', roles: CEO },
  { method: 'POST', path: '/api/api-keys', handler: 'create-api-key', access: 'session', roles: CEO, feature: 'api-read' },
  { method: 'DELETE', path: '/api/api-keys/{id}', handler: 'revoke-api-key', access: 'session', roles: CEO, subscription: 'open' },
  { method: 'GET', path: '/api/integrations/activity', handler: 'list-integration-activity', access: 'session', roles: CEO },

  // The public API (issue 39; functions/lib/public-api.ts): an API key as `Authorization: Bearer`, no cookie.
  // GET reads (feature api-read: Professional, Enterprise); every other method writes (api-write: Enterprise, the key's write scope).
  // The document describing it is public (generated from this table and the schemas: functions/public-api/openapi.ts).
  { method: 'GET', path: '/api/v1/openapi.json', handler: 'get-openapi', access: 'public' },
  { method: 'GET', path: '/api/v1/tasks', handler: 'v1-list-tasks', access: 'apiKey' },
  { method: 'POST', path: '/api/v1/tasks', handler: 'v1-create-task', access: 'apiKey' },
  { method: 'GET', path: '/api/v1/tasks/{id}', handler: 'v1-get-task', access: 'apiKey' },
  // A task's due date, assignee or status moving rewrites its entry in the assignee's list and its
  // due-date item under new keys: the old ones are deleted (as update-task's).
  { method: 'PATCH', path: '/api/v1/tasks/{id}', handler: 'v1-update-task', access: 'apiKey', deletes: true },
  { method: 'POST', path: '/api/v1/tasks/{id}/assign', handler: 'v1-assign-task', access: 'apiKey', deletes: true },
  { method: 'POST', path: '/api/v1/tasks/{id}/start', handler: 'v1-start-task', access: 'apiKey', deletes: true },
  { method: 'POST', path: '/api/v1/tasks/{id}/complete', handler: 'v1-complete-task', access: 'apiKey', deletes: true },
  { method: 'POST', path: '/api/v1/tasks/{id}/cancel', handler: 'v1-cancel-task', access: 'apiKey', deletes: true },
  { method: 'POST', path: '/api/v1/tasks/{id}/inspection', handler: 'v1-record-inspection', access: 'apiKey', deletes: true },
  { method: 'GET', path: '/api/v1/tasks/{id}/checklist', handler: 'v1-get-task-checklist', access: 'apiKey', needs: ['photos'] },
  { method: 'GET', path: '/api/v1/properties', handler: 'v1-list-properties', access: 'apiKey' },
  { method: 'POST', path: '/api/v1/properties', handler: 'v1-create-property', access: 'apiKey' },
  { method: 'GET', path: '/api/v1/properties/{id}', handler: 'v1-get-property', access: 'apiKey' },
  { method: 'PATCH', path: '/api/v1/properties/{id}', handler: 'v1-update-property', access: 'apiKey' },
  { method: 'GET', path: '/api/v1/properties/{id}/availability', handler: 'v1-get-property-availability', access: 'apiKey' },
  { method: 'GET', path: '/api/v1/properties/{id}/checklist', handler: 'v1-get-property-checklist', access: 'apiKey' },
  { method: 'GET', path: '/api/v1/properties/{id}/owner-statements/{month}', handler: 'v1-get-owner-statement', access: 'apiKey' },
  { method: 'GET', path: '/api/v1/reservations', handler: 'v1-list-reservations', access: 'apiKey' },
  { method: 'POST', path: '/api/v1/reservations', handler: 'v1-create-reservation', access: 'apiKey' },
  { method: 'GET', path: '/api/v1/reservations/{id}', handler: 'v1-get-reservation', access: 'apiKey' },
  // A stay's guest link, made on first use as in the app (a write; docs/guest-link.md).
  { method: 'GET', path: '/api/v1/reservations/{id}/guest-link', handler: 'v1-get-reservation-guest-link', access: 'apiKey', table: 'write' },
  { method: 'PATCH', path: '/api/v1/reservations/{id}', handler: 'v1-update-reservation', access: 'apiKey', deletes: true },
  { method: 'POST', path: '/api/v1/reservations/{id}/cancel', handler: 'v1-cancel-reservation', access: 'apiKey', deletes: true },
  { method: 'GET', path: '/api/v1/team', handler: 'v1-list-team', access: 'apiKey' },

  // The platform's console (master account only; anyone else 404): companies, trials, plans, enterprise requests, audit
  { method: 'GET', path: '/api/admin/companies', handler: 'list-admin-companies', access: 'session', master: true },
  { method: 'GET', path: '/api/admin/companies/{id}', handler: 'get-admin-company', access: 'session', master: true },
  { method: 'PUT', path: '/api/admin/companies/{id}', handler: 'update-admin-company', access: 'session', master: true },
  { method: 'PUT', path: '/api/admin/companies/{id}/plan-request', handler: 'decide-admin-plan-request', access: 'session', master: true, deletes: true },

  // Shifts (today's, in the company's time zone)
  { method: 'GET', path: '/api/shifts', handler: 'list-shifts', access: 'session' },
  { method: 'PUT', path: '/api/shifts/{date}/{shift}', handler: 'assign-shift', access: 'session', roles: MANAGERS },
  { method: 'POST', path: '/api/shifts/{date}/{shift}/start', handler: 'start-shift', access: 'session' },
  { method: 'POST', path: '/api/shifts/{date}/{shift}/end', handler: 'end-shift', access: 'session' },

  // Webhooks (issue 39): the CEO's endpoints on a plan with webhooks (else 403 naming the plan).
  // Adding (or moving) an endpoint sends it a test event first; replay sends a logged message again.
  { method: 'GET', path: '/api/webhooks', handler: 'list-webhooks', access: 'session', roles: CEO, feature: 'webhooks' },
  { method: 'POST', path: '/api/webhooks', handler: 'create-webhook', access: 'session', roles: CEO, feature: 'webhooks' },
  { method: 'PUT', path: '/api/webhooks/{id}', handler: 'update-webhook', access: 'session', roles: CEO, feature: 'webhooks' },
  { method: 'DELETE', path: '/api/webhooks/{id}', handler: 'delete-webhook', access: 'session', roles: CEO, feature: 'webhooks' },
  { method: 'POST', path: '/api/webhooks/{id}/rotate-secret', handler: 'rotate-webhook-secret', access: 'session', roles: CEO, feature: 'webhooks' },
  { method: 'GET', path: '/api/webhooks/{id}/deliveries', handler: 'list-webhook-deliveries', access: 'session', roles: CEO, feature: 'webhooks' },
  { method: 'POST', path: '/api/webhooks/{id}/deliveries/{deliveryId}/replay', handler: 'replay-webhook-delivery', access: 'session', roles: CEO, feature: 'webhooks' },

  // Notifications (CEO only; the companyId in each call must be the caller's own)
  { method: 'GET', path: '/api/notifications/preferences', handler: 'get-notification-preferences', access: 'session', roles: CEO },
  { method: 'PUT', path: '/api/notifications/preferences', handler: 'update-notification-preferences', access: 'session', roles: CEO },
  { method: 'GET', path: '/api/notifications/history', handler: 'list-notification-history', access: 'session', roles: CEO },
  { method: 'POST', path: '/api/notifications/send', handler: 'send-notification', access: 'session', roles: CEO, needs: ['ses', 'sns'] },
  { method: 'POST', path: '/api/notifications/test', handler: 'send-test-notification', access: 'session', roles: CEO, needs: ['ses', 'sns'] },
  { method: 'POST', path: '/api/email/test-connection', handler: 'test-email-connection', access: 'session', roles: CEO, needs: ['ses'] },
  { method: 'POST', path: '/api/email/send-confirmation', handler: 'send-confirmation-email', access: 'session', roles: CEO, needs: ['ses'] },
];

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function findRouteByHandler(handler: string): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.handler === handler);
  if (!route) throw new Error(`Handler ${handler} is not in the route table (functions/routes.ts)`);
  return route;
}

type TemplatePart = { literal: string } | { param: string };

// Templates are split on the first match, then kept: the local server matches every request, while
// a Lambda function (routed by API Gateway) imports this table but never matches, and its cold
// start should not pay for splitting 95 templates.
let compiledRoutes: { route: RouteDefinition; parts: TemplatePart[] }[] | undefined;

function compileRoutes(): { route: RouteDefinition; parts: TemplatePart[] }[] {
  return (compiledRoutes ??= ROUTES.map((route) => ({
    route,
    parts: route.path
      .split('/')
      .filter(Boolean)
      .map((part): TemplatePart => {
        const param = /^\{(\w+)\}$/.exec(part);
        return param ? { param: param[1] } : { literal: part };
      }),
  })));
}

/** A path segment as API Gateway hands it over; a malformed escape (`%E0%A4%A`) stays as sent (the id check refuses it). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Matches a concrete method and path against the table; literal segments win over parameters. */
export function matchRoute(
  method: string,
  path: string,
): { route: RouteDefinition; pathParameters: Record<string, string> } | { route: undefined; methodMismatch: boolean } {
  const segments = path.split('/').filter(Boolean);
  let best: { route: RouteDefinition; pathParameters: Record<string, string>; literals: number } | undefined;
  let pathMatched = false;
  for (const { route, parts } of compileRoutes()) {
    if (parts.length !== segments.length) continue;
    let literals = 0;
    let ok = true;
    for (let i = 0; ok && i < parts.length; i += 1) {
      const part = parts[i];
      if ('literal' in part) {
        literals += 1;
        ok = part.literal === segments[i];
      }
    }
    if (!ok) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    if (best && literals <= best.literals) continue;
    const params: Record<string, string> = {};
    parts.forEach((part, i) => {
      if ('param' in part) params[part.param] = decodeSegment(segments[i]);
    });
    best = { route, pathParameters: params, literals };
  }
  return best ? { route: best.route, pathParameters: best.pathParameters } : { route: undefined, methodMismatch: pathMatched };
}
