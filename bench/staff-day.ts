// A staff member's week for the My day measurement: a cleaner of the site company with eight tasks
// over the next days on the company's properties, created through the API as the office would.
import { invoke } from '../local/invoke';
import { addMember } from '../functions/data/repositories/users';
import { createSession } from '../functions/data/repositories/sessions';
import { SESSION_COOKIE } from '../functions/lib/cookies';
import type { User } from '../shared/schemas';

/** Adds the cleaner and their tasks; returns the cleaner's session id. */
export async function seedStaffDay(companyId: string, ceoSessionId: string): Promise<string> {
  const now = new Date().toISOString();
  const cleaner: User = {
    id: crypto.randomUUID(),
    email: `cleaner.${companyId}@bench.rentalops.test`.toLowerCase(),
    firstName: 'Ana',
    lastName: 'Cleaner',
    role: 'staff',
    companyId,
    authProvider: 'cognito',
    completedTasks: 0,
    createdAt: now,
    updatedAt: now,
  };
  await addMember({ companyId, plan: 'enterprise', unlimited: true }, cleaner);
  const cookie = `${SESSION_COOKIE}=${ceoSessionId}`;
  const properties = (await invoke('GET', '/api/properties?limit=8', { cookies: [cookie] })).body as Array<{ id: string }>;
  for (let i = 0; i < 8; i++) {
    const due = new Date(Date.now() + (i % 4) * 86_400_000 + 3_600_000).toISOString();
    await invoke('POST', '/api/tasks', {
      cookies: [cookie],
      body: { title: `Turnover cleaning ${i + 1}`, type: 'cleaning', propertyId: properties[i % properties.length].id, assignedUserId: cleaner.id, dueDate: due },
    });
  }
  const session = await createSession({ userId: cleaner.id, companyId, email: cleaner.email, role: 'staff' });
  return session.sid;
}
