// The team as the public API reads it (issue 39): who may be assigned tasks, without sign-in details.
import { publicMemberSchema, type PublicMember, type PageQuery } from '#shared/schemas';
import { queryPage, type Page } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import type { User } from '#shared/schemas';
import { isOwnerRole } from '#shared/enums';

/** A member as the API answers them: exactly publicMemberSchema (no password, sessions, phone or settings). */
export function publicMember(user: User): PublicMember {
  return publicMemberSchema.parse({ ...user, firstName: user.firstName ?? null, lastName: user.lastName ?? null });
}

/** A page of the company's members (invited ones included: they can be assigned work too). */
export async function listPublicMembers(companyId: string, query: PageQuery): Promise<Page<PublicMember>> {
  const page = await queryPage<User>({ partition: keys.companyPartition(companyId), beginsWith: keys.userPrefix, limit: query.limit, cursor: query.cursor });
  // Property owners are not the team (docs/owners.md): a page may hold fewer than `limit`.
  return { items: page.items.filter((user) => !isOwnerRole(user.role)).map(publicMember), cursor: page.cursor };
}
