// Property groups and members scoped to them (issue 41 points 1 and 2; docs/property-scope.md).
import * as z from 'zod/mini';
import { ID_PATTERN } from '../ids';
import { id, timestamp, requiredText } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

export const MAX_GROUP_PROPERTIES = 1000;
export const MAX_MEMBER_GROUPS = 100;

export const propertyGroupSchema = schema(() => z.object({
  id,
  name: z.string(),
  propertyIds: z.array(id),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type PropertyGroup = z.infer<typeof propertyGroupSchema>;

const idList = (key: string, max: number) =>
  z.array(z.string({ error: key }).check(z.regex(ID_PATTERN, { error: key })), { error: key }).check(z.maxLength(max, { error: key }));

/** POST /api/property-groups, PUT /api/property-groups/{groupId}: a property may be in several groups. */
export const propertyGroupBody = schema(() => z.object({
  name: requiredText('propertyGroups.nameRequired', 100),
  propertyIds: z._default(idList('propertyGroups.propertyIdsInvalid', MAX_GROUP_PROPERTIES), []),
}));
export type PropertyGroupBody = z.infer<typeof propertyGroupBody>;

/** PUT /api/team/{userId}/access: empty or absent = every property. */
export const memberAccessBody = schema(() => z.object({
  propertyGroupIds: z._default(z.nullish(idList('propertyGroups.groupIdsInvalid', MAX_MEMBER_GROUPS)), []),
}));
export type MemberAccessBody = z.infer<typeof memberAccessBody>;
