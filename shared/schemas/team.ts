// The team: members (users), invites and roles.
import * as z from 'zod/mini';
import { MEMBER_ROLES, ROLES } from '../enums';
import { id, timestamp, requiredText, email } from './fields';
import { ownerPropertyIds } from './owners';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

export const userSchema = schema(() => z.object({
  id,
  email: z.string(),
  firstName: z.nullish(z.string()),
  lastName: z.nullish(z.string()),
  profileImageUrl: z.nullish(z.string()),
  emailVerified: z.nullish(timestamp),
  authProvider: z._default(z.string(), 'cognito'),
  role: z._default(z.enum(ROLES), 'staff'),
  companyId: id,
  completedTasks: z._default(z.int(), 0),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type User = z.infer<typeof userSchema>;

/** POST /api/team/invites */
export const inviteMemberBody = schema(() => z.object({
  email: email(),
  firstName: requiredText('team.firstNameRequired', 100),
  lastName: requiredText('team.lastNameRequired', 100),
  role: z.enum(ROLES, { error: 'team.roleRequired' }),
  /** The properties an owner owns: required and non-empty for role owner, refused for any other role. */
  propertyIds: z.optional(ownerPropertyIds),
}));
export type InviteMemberBody = z.infer<typeof inviteMemberBody>;

export const memberRoleBody = schema(() => z.object({ role: z.enum(MEMBER_ROLES, { error: 'team.roleRequired' }) }));
export type MemberRoleBody = z.infer<typeof memberRoleBody>;
