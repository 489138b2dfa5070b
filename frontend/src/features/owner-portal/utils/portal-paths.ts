// The owner portal's addresses (under paths.ownerPortal, config/paths.ts).
import { paths } from '../../../config/paths';

export const OWNER_PATHS = {
  overview: paths.ownerPortal,
  calendar: `${paths.ownerPortal}/calendar`,
  statements: `${paths.ownerPortal}/statements`,
  work: `${paths.ownerPortal}/work`,
  approvals: `${paths.ownerPortal}/approvals`,
  stays: `${paths.ownerPortal}/stays`,
  security: `${paths.ownerPortal}/security`,
  notifications: `${paths.ownerPortal}/notifications`,
} as const;

export type OwnerPage = keyof typeof OWNER_PATHS;

/** The portal's navigation, in order (the security and notification settings are in the account menu). */
export const OWNER_NAV: readonly Exclude<OwnerPage, 'security' | 'notifications'>[] = ['overview', 'calendar', 'statements', 'work', 'approvals', 'stays'];

/** An address of the portal for one property (`?property=`), kept when moving between its pages. */
export function withProperty(path: string, propertyId: string | null | undefined): string {
  return propertyId ? `${path}?property=${encodeURIComponent(propertyId)}` : path;
}

/** Where a notice leads an owner: a repair to decide to the approvals, a stay request to the stays, else the property's calendar. */
export function ownerNoticeLink(item: { kind: string; propertyId?: string | null }): string {
  if (item.kind.startsWith('approval_')) return OWNER_PATHS.approvals;
  if (item.kind.startsWith('owner_stay_')) return OWNER_PATHS.stays;
  return withProperty(OWNER_PATHS.calendar, item.propertyId);
}
