// The plan's user limit, enforced like the property limit: a condition on the user counter inside
// the transaction that writes the user, so nothing is written past the limit, even concurrently.
import type { Plan } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import type { User } from '#shared/schemas';
import { PlanLimitError } from '#functions/lib/errors';
import { createTestCompany, uniqueEmail } from '../../../tests/support/fixtures';
import { getStats } from './stats';
import { addMember, findUserByEmail, getUser, listUsers } from './users';

function newMember(companyId: string): User {
  const now = new Date().toISOString();
  return { id: crypto.randomUUID(), email: uniqueEmail('member'), firstName: 'New', lastName: 'Member', role: 'staff', companyId, authProvider: 'cognito', completedTasks: 0, createdAt: now, updatedAt: now };
}

async function companyOn(plan: Plan) {
  const company = await createTestCompany({ plan });
  return { ...company, ctx: { companyId: company.companyId, plan, unlimited: false } };
}

describe('the plan user limit', () => {
  it('adds members up to the basic limit of 3, then answers PlanLimitError and writes nothing', async () => {
    const company = await companyOn('basic');
    await addMember(company.ctx, newMember(company.companyId));
    await addMember(company.ctx, newMember(company.companyId));
    const refused = newMember(company.companyId);
    const error = await addMember(company.ctx, refused).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanLimitError);
    expect((error as PlanLimitError).statusCode).toBe(403);
    expect(translateMessage((error as PlanLimitError).messageKey, 'pt', (error as PlanLimitError).params)).toBe(
      'Limite de usuários atingido. Plano Básico permite até 3 usuários.',
    );
    expect(await getUser(company.companyId, refused.id)).toBeUndefined();
    expect(await findUserByEmail(refused.email)).toBeUndefined();
    expect((await getStats(company.companyId)).userCount).toBe(3);
    expect(await listUsers(company.companyId)).toHaveLength(3);
  });

  it('never passes the trial limit of 5 with 10 concurrent adds', async () => {
    const company = await companyOn('trial');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => addMember(company.ctx, newMember(company.companyId))));
    const added = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(added).toHaveLength(4); // the CEO is the fifth
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof PlanLimitError)).toBe(true);
    expect((await getStats(company.companyId)).userCount).toBe(5);
    expect(await listUsers(company.companyId)).toHaveLength(5);
  });

  it('has no limit on enterprise or for the master account', async () => {
    const enterprise = await companyOn('enterprise');
    await Promise.all(Array.from({ length: 16 }, () => addMember(enterprise.ctx, newMember(enterprise.companyId))));
    expect((await getStats(enterprise.companyId)).userCount).toBe(17);
    const master = await companyOn('basic');
    const ctx = { ...master.ctx, unlimited: true };
    for (let i = 0; i < 4; i++) await addMember(ctx, newMember(master.companyId));
    expect((await getStats(master.companyId)).userCount).toBe(5);
  });

  it('refuses a member when the plan changed since it was read', async () => {
    const company = await companyOn('professional');
    const error = await addMember({ ...company.ctx, plan: 'basic' }, newMember(company.companyId)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((await getStats(company.companyId)).userCount).toBe(1);
  });
});
