// Property groups and the members scoped to them (issue 41 points 1 and 2; docs/property-scope.md).
// One item per company (keys.propertyGroups) holds every group (name, property ids) and every
// scoped member's group ids, so a request resolves its caller's scope with one read, in the same
// BatchGetItem as its session (functions/lib/http.ts). Changes are read-modify-write with a version
// condition (a concurrent change is retried on the fresh item). A property may be in several groups;
// a member with no groups (the default) sees every property; the CEO is never scoped.
// Owners (issue 41 point 3, docs/owners.md) are in the same item: `owners: {userId: [propertyId]}`,
// so an owner's scope (their own properties, always) comes with their session too.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { isOwnerRole, type Role } from '#shared/enums';
import type { PropertyGroup, PropertyGroupBody } from '#shared/schemas';
import { BadRequestError, ConflictError, NotFoundError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { getItem, getItems } from '../db';
import { keys } from '../keys';

export interface PropertyGroupsState {
  groups: Record<string, PropertyGroup>;
  /** A scoped member's group ids (absent or empty: every property). */
  access: Record<string, string[]>;
  /** Each owner's (role owner) property ids: their whole scope. */
  owners: Record<string, string[]>;
  version: number;
}

const EMPTY: PropertyGroupsState = { groups: {}, access: {}, owners: {}, version: 0 };

/** The state held by the item (as read with a session's BatchGetItem, or by getPropertyGroupsState). */
export function groupsStateOf(item: Record<string, unknown> | undefined): PropertyGroupsState {
  if (!item) return EMPTY;
  return {
    groups: (item.groups as PropertyGroupsState['groups'] | undefined) ?? {},
    access: (item.access as PropertyGroupsState['access'] | undefined) ?? {},
    owners: (item.owners as PropertyGroupsState['owners'] | undefined) ?? {},
    version: typeof item.version === 'number' ? item.version : 0,
  };
}

export async function getPropertyGroupsState(companyId: string): Promise<PropertyGroupsState> {
  return groupsStateOf(await getItem<Record<string, unknown>>(keys.propertyGroups(companyId)));
}

/**
 * The properties a member may see: the union of their groups' properties; undefined (every property)
 * for the CEO and for a member with no groups. A member whose groups hold no property sees none.
 */
export function scopeOf(state: PropertyGroupsState, userId: string, role: Role): ReadonlySet<string> | undefined {
  if (role === 'ceo') return undefined;
  // An owner sees their own properties and nothing else (none when the entry is missing).
  if (isOwnerRole(role)) return new Set(state.owners[userId] ?? []);
  const groupIds = state.access[userId];
  if (!groupIds?.length) return undefined;
  const scope = new Set<string>();
  for (const groupId of groupIds) for (const propertyId of state.groups[groupId]?.propertyIds ?? []) scope.add(propertyId);
  return scope;
}

/** A member's group ids, as GET /api/team shows them ([] = every property). */
export const accessOf = (state: PropertyGroupsState, userId: string): string[] => state.access[userId] ?? [];

const byName = (a: PropertyGroup, b: PropertyGroup) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export async function listPropertyGroups(companyId: string): Promise<PropertyGroup[]> {
  return Object.values((await getPropertyGroupsState(companyId)).groups).sort(byName);
}

const ATTEMPTS = 4;

/** Applies `change` to the current state and writes it unless someone changed it meanwhile (then again). */
async function mutate<T>(companyId: string, change: (state: PropertyGroupsState) => { state: PropertyGroupsState; result: T }): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await getPropertyGroupsState(companyId);
    const { state, result } = change(structuredClone(current));
    try {
      await db.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.propertyGroups(companyId), entity: 'propertyGroups', groups: state.groups, access: state.access, owners: state.owners, version: current.version + 1 },
          ConditionExpression: 'attribute_not_exists(pk) OR #version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': current.version },
        }),
      );
      return result;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      if (attempt >= ATTEMPTS) throw new ConflictError();
    }
  }
}

/** 400 naming the ids that are no property of the company. */
export async function assertPropertiesExist(companyId: string, propertyIds: readonly string[]): Promise<void> {
  const missing: string[] = [];
  for (let i = 0; i < propertyIds.length; i += 100) {
    const chunk = propertyIds.slice(i, i + 100);
    const found = await getItems(chunk.map((propertyId) => keys.property(companyId, propertyId)));
    chunk.forEach((propertyId, j) => {
      if (!found[j]) missing.push(propertyId);
    });
  }
  if (missing.length) {
    throw new BadRequestError('propertyGroups.unknownProperties', {}, { ids: missing.slice(0, 10).join(', ') });
  }
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

export async function createPropertyGroup(companyId: string, body: PropertyGroupBody, now = new Date()): Promise<PropertyGroup> {
  const propertyIds = unique(body.propertyIds);
  await assertPropertiesExist(companyId, propertyIds);
  const at = now.toISOString();
  const group: PropertyGroup = { id: ulid(now.getTime()), name: body.name, propertyIds, createdAt: at, updatedAt: at };
  return mutate(companyId, (state) => {
    state.groups[group.id] = group;
    return { state, result: group };
  });
}

/** Renames a group and sets its properties; 404 for an unknown group. */
export async function updatePropertyGroup(companyId: string, groupId: string, body: PropertyGroupBody, now = new Date()): Promise<PropertyGroup> {
  const propertyIds = unique(body.propertyIds);
  await assertPropertiesExist(companyId, propertyIds);
  return mutate(companyId, (state) => {
    const group = state.groups[groupId];
    if (!group) throw new NotFoundError();
    const next: PropertyGroup = { ...group, name: body.name, propertyIds, updatedAt: now.toISOString() };
    state.groups[groupId] = next;
    return { state, result: next };
  });
}

/**
 * Deletes a group; 409 while it gives a member their access (deleting it would widen or empty
 * their scope behind the CEO's back: their access is changed first, in Team).
 */
export async function deletePropertyGroup(companyId: string, groupId: string): Promise<void> {
  await mutate(companyId, (state) => {
    if (!state.groups[groupId]) throw new NotFoundError();
    const holders = Object.values(state.access).filter((groupIds) => groupIds.includes(groupId)).length;
    if (holders) throw new ConflictError('propertyGroups.inUse', { count: holders });
    delete state.groups[groupId];
    return { state, result: undefined };
  });
}

/** Sets a member's groups ([] = every property); 400 naming unknown group ids. */
export async function setMemberAccess(companyId: string, userId: string, groupIds: readonly string[]): Promise<string[]> {
  const wanted = unique(groupIds);
  return mutate(companyId, (state) => {
    const unknown = wanted.filter((groupId) => !state.groups[groupId]);
    if (unknown.length) {
      throw new BadRequestError('propertyGroups.unknownGroups', {}, { ids: unknown.slice(0, 10).join(', ') });
    }
    if (wanted.length) state.access[userId] = wanted;
    else delete state.access[userId];
    return { state, result: wanted };
  });
}

/** Forgets a removed member's access (their id is never reused; this only keeps the item small). */
export async function forgetMemberAccess(companyId: string, userId: string): Promise<void> {
  if (!(await getPropertyGroupsState(companyId)).access[userId]) return;
  await setMemberAccess(companyId, userId, []);
}

/** An owner's property ids ([] when none are recorded). */
export const ownedPropertyIds = (state: PropertyGroupsState, userId: string): string[] => state.owners[userId] ?? [];

/**
 * The owners (role owner, with a portal account) of a property: the user ids whose property ids
 * include it; [] when the property's owner has no portal account.
 */
export async function ownerUserIdsOf(companyId: string, propertyId: string): Promise<string[]> {
  const { owners } = await getPropertyGroupsState(companyId);
  return Object.entries(owners)
    .filter(([, propertyIds]) => propertyIds.includes(propertyId))
    .map(([userId]) => userId)
    .sort();
}

/** Sets an owner's properties (non-empty; duplicates removed); 400 naming ids that are no property of the company. */
export async function setOwnerProperties(companyId: string, userId: string, propertyIds: readonly string[]): Promise<string[]> {
  const wanted = unique(propertyIds);
  await assertPropertiesExist(companyId, wanted);
  return mutate(companyId, (state) => {
    state.owners[userId] = wanted;
    return { state, result: wanted };
  });
}

/** Forgets a removed owner's properties. */
export async function forgetOwner(companyId: string, userId: string): Promise<void> {
  if (!(await getPropertyGroupsState(companyId)).owners[userId]) return;
  await mutate(companyId, (state) => {
    delete state.owners[userId];
    return { state, result: undefined };
  });
}

/** Takes a deleted property out of every group, and out of its owners' properties. */
export async function removePropertyFromGroups(companyId: string, propertyId: string, now = new Date()): Promise<void> {
  const state = await getPropertyGroupsState(companyId);
  const inGroup = Object.values(state.groups).some((group) => group.propertyIds.includes(propertyId));
  const owned = Object.values(state.owners).some((propertyIds) => propertyIds.includes(propertyId));
  if (!inGroup && !owned) return;
  await mutate(companyId, (next) => {
    for (const group of Object.values(next.groups)) {
      if (!group.propertyIds.includes(propertyId)) continue;
      group.propertyIds = group.propertyIds.filter((id) => id !== propertyId);
      group.updatedAt = now.toISOString();
    }
    for (const [userId, propertyIds] of Object.entries(next.owners)) {
      if (propertyIds.includes(propertyId)) next.owners[userId] = propertyIds.filter((id) => id !== propertyId);
    }
    return { state: next, result: undefined };
  });
}

/**
 * The properties a caller may see (undefined: every one), for one request: from the groups item when
 * it was read with the session (`read`), else read now. The CEO is never scoped (nothing read).
 */
export async function resolvePropertyScope(
  caller: { companyId: string; userId: string; role: Role },
  read?: { item: Record<string, unknown> | undefined },
): Promise<ReadonlySet<string> | undefined> {
  if (caller.role === 'ceo') return undefined;
  const state = read ? groupsStateOf(read.item) : await getPropertyGroupsState(caller.companyId);
  return scopeOf(state, caller.userId, caller.role);
}
