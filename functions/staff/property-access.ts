// Who sees a property's access fields (shared/property-access.ts has the rule): the CEO and
// managers always; a staff member for the properties where they have an open task due by the end
// of tomorrow, company time zone (one Query of their own task list; nothing read for managers).
import { accessWindowEnd, propertyWithAccess, seesAllAccess } from '#shared/property-access';
import type { Property } from '#shared/schemas';
import { getCompany } from '#functions/data/repositories/companies';
import { propertiesWithOpenTaskDueBefore } from '#functions/data/repositories/assigned-tasks';

export const DEFAULT_TIME_ZONE = 'America/New_York';

export interface AccessCaller {
  companyId: string;
  userId: string;
  role: string;
}

/** Whether the caller may see each property's access fields. */
export async function accessVisibility(caller: AccessCaller, now = new Date()): Promise<(propertyId: string) => boolean> {
  if (seesAllAccess(caller.role)) return () => true;
  const timeZone = (await getCompany(caller.companyId))?.timezone ?? DEFAULT_TIME_ZONE;
  const visible = await propertiesWithOpenTaskDueBefore(caller.companyId, caller.userId, accessWindowEnd(now, timeZone));
  return (propertyId) => visible.has(propertyId);
}

/**
 * The properties as this caller may read them: map links always, access fields only where visible,
 * the owner (name, e-mail, language of the owner reports) only for the CEO and managers.
 */
export async function propertiesForCaller(caller: AccessCaller, properties: readonly Property[], now = new Date()) {
  const visible = await accessVisibility(caller, now);
  const seesOwner = seesAllAccess(caller.role);
  // The owner-approval limit (issue 41 point 4) is the office's, like the owner.
  // Whether cleanings need an inspection (issue 40) is always said, false when never set.
  return properties.map(({ owner, ownerApprovalLimit, ...stored }) => {
    const property = { ...stored, inspectionRequired: stored.inspectionRequired === true };
    return propertyWithAccess(seesOwner ? { ...property, owner: owner ?? null, ownerApprovalLimit: ownerApprovalLimit ?? null } : property, visible(property.id));
  });
}
