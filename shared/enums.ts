// Enumerations of SPEC.md point 3. The arrays are the single source; types derive from them.
/**
 * Every role a person signed in to a company may have. The company's members run it (MEMBER_ROLES);
 * an `owner` owns some of its properties and sees only a read-only portal of them (issue 41 point 3):
 * owners reach only the routes that name them (functions/routes.ts `roles`).
 */
export const ROLES = ['ceo', 'operational_manager', 'staff', 'owner'] as const;
export type Role = (typeof ROLES)[number];
/** The company's own people: every role but `owner`. A route without `roles` admits these. */
export const MEMBER_ROLES = ['ceo', 'operational_manager', 'staff'] as const satisfies readonly Role[];
export type MemberRole = (typeof MEMBER_ROLES)[number];
/** Whether a role is an owner's (a property owner's portal access, not a member of the team). */
export const isOwnerRole = (role: string | null | undefined): boolean => role === 'owner';

export const TASK_TYPES = ['cleaning', 'maintenance', 'laundry', 'inspection'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * A property's readiness (issue 40 point 3): a guest is in; the last stay ended and no cleaning has
 * started; a cleaning is under way; the cleaning is done and awaits its inspection; ready for a guest.
 */
export const PROPERTY_READINESS = ['occupied', 'needs_cleaning', 'cleaning', 'needs_inspection', 'ready'] as const;
export type PropertyReadiness = (typeof PROPERTY_READINESS)[number];

/** How urgent a problem reported from the field is (POST /api/tasks/{id}/problems). */
export const PROBLEM_URGENCIES = ['low', 'medium', 'high', 'urgent'] as const;
export type ProblemUrgency = (typeof PROBLEM_URGENCIES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'overdue'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PLANS = ['trial', 'basic', 'professional', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const PAYMENT_METHODS = ['credit_card', 'bank_transfer', 'check', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PREFERRED_LANGUAGES = ['portuguese', 'english', 'spanish'] as const;
export type PreferredLanguage = (typeof PREFERRED_LANGUAGES)[number];

export const TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;
export type TimeZone = (typeof TIME_ZONES)[number];
/** SPEC: a company's time zone when none is chosen. */
export const DEFAULT_TIME_ZONE: TimeZone = 'America/New_York';

export const NOTIFICATION_LANGUAGES = ['pt', 'en', 'es'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

export const UI_LANGUAGES = ['en', 'pt', 'es'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const NOTIFICATION_STATUSES = ['sent', 'failed', 'pending'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * The roles that run operations: they write properties, tasks, reservations and shifts, and they see
 * money (financials, the dashboard's revenue, the money figures of reports). Staff work their own tasks.
 */
export const MANAGER_ROLES: readonly Role[] = ['ceo', 'operational_manager'];

/** Whether a role is one of MANAGER_ROLES; unknown roles read as staff. */
export function isManagerRole(role: string | null | undefined): boolean {
  return MANAGER_ROLES.includes(normaliseRole(role));
}

/** Label key of a role; unknown roles read as staff (SPEC point 3). */
export function normaliseRole(role: string | null | undefined): Role {
  return (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : 'staff';
}

/** A company's language (its settings, and its members' notifications until they choose) of each interface language. */
export const PREFERRED_LANGUAGE_OF: Record<UiLanguage, PreferredLanguage> = { pt: 'portuguese', en: 'english', es: 'spanish' };

/**
 * The interface language an Accept-Language header names (its first tag: pt, en or es), or null
 * when there is none or it names another language (the frontend always sends its own: pt, en or es).
 */
export function namedLanguage(header: string | undefined | null): UiLanguage | null {
  const first = (header ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return UI_LANGUAGES.find((language) => first === language || first.startsWith(`${language}-`)) ?? null;
}

/** Accept-Language header -> en | pt | es (pt or es prefix, otherwise en), as the UI does. */
export function languageFromHeader(header: string | undefined | null): UiLanguage {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('pt')) return 'pt';
  if (first.startsWith('es')) return 'es';
  return 'en';
}
