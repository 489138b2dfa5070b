// The owner's own properties, for their approval routes (issue 41 point 4; docs/owner-approvals.md).
import { getPropertyGroupsState, ownedPropertyIds } from '#functions/data/repositories/property-groups';
import { scopedPropertyIds } from '#functions/data/property-scope';

export interface OwnerCaller {
  companyId: string;
  userId: string;
}

/** The owner's own properties (their property ids, within the request's scope when it has one). */
export async function ownerProperties(caller: OwnerCaller): Promise<ReadonlySet<string>> {
  const owned = ownedPropertyIds(await getPropertyGroupsState(caller.companyId), caller.userId);
  const scope = scopedPropertyIds();
  return new Set(owned.filter((propertyId) => !scope || scope.has(propertyId)));
}
