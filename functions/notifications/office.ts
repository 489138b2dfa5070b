// Who in the office hears of a property's events: the CEO and the managers who see that property.
// A manager scoped to property groups (docs/property-scope.md) is told only of their properties, in
// the bell and on their channels alike, as their screens show only those; the CEO is never scoped.
// Background work (event handlers, queue workers) runs company-wide, so the scope is read here, from
// the company's property-groups item (one GetItem beside the member list).
import { isManagerRole, type Role } from '#shared/enums';
import type { User } from '#shared/schemas';
import { getPropertyGroupsState, scopeOf } from '#functions/data/repositories/property-groups';
import { getCompany } from '#functions/data/repositories/companies';
import { getMemberPreferences } from '#functions/data/repositories/member-preferences';
import { listUsers } from '#functions/data/repositories/users';
import { hasChannel, memberRecipient } from './assignee-notifications';
import type { Recipient } from './notifier';

/**
 * The CEO and managers of the company who see `propertyId` (every one of them when it is null: an
 * event of no single property), but not `except` (who did it).
 */
export async function officeUsers(companyId: string, propertyId: string | null, except?: string | null): Promise<User[]> {
  const [users, groups] = await Promise.all([listUsers(companyId), propertyId === null ? undefined : getPropertyGroupsState(companyId)]);
  return users.filter((user) => {
    if (!isManagerRole(user.role) || user.id === except) return false;
    if (!groups || propertyId === null) return true;
    const scope = scopeOf(groups, user.id, user.role);
    return !scope || scope.has(propertyId);
  });
}

/**
 * The office users of officeUsers who have a channel on (e-mail, or SMS with a phone), as recipients
 * with their own preferences; the preferences are read side by side.
 */
export async function officeChannelRecipients(companyId: string, propertyId: string | null, except?: string | null): Promise<Recipient[]> {
  const [users, company] = await Promise.all([officeUsers(companyId, propertyId, except), getCompany(companyId)]);
  const found = await Promise.all(users.map(async (user) => ({ user, ...(await getMemberPreferences(companyId, user.id, company)) })));
  return found.filter((entry) => hasChannel(entry.member)).map((entry) => memberRecipient(entry.user, entry.member, entry.stored));
}

/** A member's property scope as their requests get it (undefined: every property). */
export async function memberPropertyScope(companyId: string, userId: string, role: Role): Promise<ReadonlySet<string> | undefined> {
  if (role === 'ceo') return undefined;
  return scopeOf(await getPropertyGroupsState(companyId), userId, role);
}
