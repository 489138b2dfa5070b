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
} as const;

export type OwnerPage = keyof typeof OWNER_PATHS;

/** The portal's navigation, in order (the security page is in the account menu). */
export const OWNER_NAV: readonly Exclude<OwnerPage, 'security'>[] = ['overview', 'calendar', 'statements', 'work', 'approvals', 'stays'];

/** An address of the portal for one property (`?property=`), kept when moving between its pages. */
export function withProperty(path: string, propertyId: string | null | undefined): string {
  return propertyId ? `${path}?property=${encodeURIComponent(propertyId)}` : path;
}
