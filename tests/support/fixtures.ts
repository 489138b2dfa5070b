// Test fixtures built through the data layer: companies with their people and signed-in sessions.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan, Role } from '#shared/enums';
import type { User } from '#shared/schemas';
import { db, tableName } from '#functions/data/client';
import { queryPage } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { createCompanyWithOwner } from '#functions/data/repositories/companies';
import { createSession } from '#functions/data/repositories/sessions';
import { addMember } from '#functions/data/repositories/users';
import { SESSION_COOKIE } from '#functions/lib/cookies';

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++counter}@test.rentalops.test`;

export interface Member {
  user: User;
  cookie: string;
}

export interface TestCompany {
  companyId: string;
  ceo: Member;
  add(role: Role, options?: { completedTasks?: number }): Promise<Member>;
}

export async function signIn(user: User): Promise<string> {
  const session = await createSession({ userId: user.id, companyId: user.companyId, email: user.email, role: user.role });
  return `${SESSION_COOKIE}=${session.sid}`;
}

export async function createTestCompany(options: { plan?: Plan; name?: string; ceoEmail?: string } = {}): Promise<TestCompany> {
  const { company, user } = await createCompanyWithOwner({
    company: { name: options.name ?? 'Test Stays', plan: options.plan ?? 'professional' },
    owner: { email: options.ceoEmail ?? uniqueEmail('ceo'), firstName: 'Carla', lastName: 'Owner', role: 'ceo' },
  });
  const ceo = { user, cookie: await signIn(user) };
  return {
    companyId: company.id,
    ceo,
    async add(role, addOptions = {}) {
      const now = new Date().toISOString();
      const member: User = {
        id: crypto.randomUUID(),
        email: uniqueEmail(role),
        firstName: role === 'staff' ? 'Sam' : 'Maria',
        lastName: role === 'staff' ? 'Staff' : 'Manager',
        role,
        companyId: company.id,
        authProvider: 'cognito',
        completedTasks: addOptions.completedTasks ?? 0,
        createdAt: now,
        updatedAt: now,
      };
      await addMember({ companyId: company.id, plan: company.plan, unlimited: true }, member);
      return { user: member, cookie: await signIn(member) };
    },
  };
}

export async function putRaw(item: Record<string, unknown>): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: item }));
}

/** How many items a company's partition holds (tests: "nothing was written"). */
export async function companyItems(companyId: string): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await queryPage<Record<string, unknown>>({ partition: keys.companyPartition(companyId), limit: 100, cursor });
    count += page.items.length;
    cursor = page.cursor;
  } while (cursor);
  return count;
}
