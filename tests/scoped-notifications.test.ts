// Notifications and digests follow the property scope (issue 41 point 2; docs/property-scope.md):
// background work runs company-wide, so who is told is chosen by scope (functions/notifications/
// office.ts). A manager scoped to a group hears of their properties only (bell and e-mail alike),
// an unscoped manager and the CEO of every property, and a member's evening digest lists only the
// tasks on properties they see. The bell is read raw (the repository, not the route, whose read is
// filtered anyway) so the test proves nothing was written for the scoped manager.
import { addDays } from '#shared/days';
import { zonedInstant } from '#shared/rules';
import { invoke } from '../local/invoke';
import { runJob } from '../local/dev-jobs';
import { listInbox } from '../functions/data/repositories/inbox';
import { createTestCompany, type Member, type TestCompany } from './support/fixtures';
import { emailsTo } from './support/notifications';

const TZ = 'America/New_York';

let company: TestCompany;
let scoped: Member;
let everywhere: Member;
let casaNorte: string;
let casaSul: string;

const ceo = () => ({ cookies: [company.ceo.cookie] });

async function property(name: string): Promise<string> {
  const created = await invoke('POST', '/api/properties', { ...ceo(), body: { name, address: `Rua ${name}` } });
  expect(created.status).toBe(201);
  const saved = await invoke('PUT', `/api/properties/${created.body.id}`, { ...ceo(), body: { name, address: `Rua ${name}`, inspectionRequired: true, inspectorId: null } });
  expect(saved.status).toBe(200);
  return created.body.id as string;
}

async function setMyPreferences(member: Member, body: Record<string, unknown>) {
  expect((await invoke('PUT', '/api/me/notification-preferences', { cookies: [member.cookie], body })).status).toBe(200);
}

/** A cleaning on the property, done by `cleaner`: the property requires an inspection and has no inspector, so the office is asked. */
async function completeCleaning(propertyId: string, cleaner: Member, title: string): Promise<void> {
  const task = await invoke('POST', '/api/tasks', { ...ceo(), body: { type: 'cleaning', title, propertyId, assignedUserId: cleaner.user.id } });
  expect(task.status).toBe(201);
  const done = await invoke('PUT', `/api/tasks/${task.body.id}`, {
    cookies: [cleaner.cookie],
    body: { type: 'cleaning', title, propertyId, assignedUserId: cleaner.user.id, status: 'completed' },
  });
  expect(done.status).toBe(200);
}

async function bell(member: Member) {
  return (await listInbox(company.companyId, member.user.id, { limit: 100 })).items;
}

beforeAll(async () => {
  company = await createTestCompany();
  scoped = await company.add('operational_manager');
  everywhere = await company.add('operational_manager');
  casaNorte = await property('Casa Norte');
  casaSul = await property('Casa Sul');
  const group = await invoke('POST', '/api/property-groups', { ...ceo(), body: { name: 'Norte', propertyIds: [casaNorte] } });
  expect(group.status).toBe(201);
  expect((await invoke('PUT', `/api/team/${scoped.user.id}/access`, { ...ceo(), body: { propertyGroupIds: [group.body.id] } })).status).toBe(200);
  for (const manager of [scoped, everywhere]) await setMyPreferences(manager, { language: 'en' });
});

describe('the office hears of the properties it sees', () => {
  it('tells a scoped manager of their property only, by the bell and by e-mail; the others of both', async () => {
    const cleaner = await company.add('staff');
    await completeCleaning(casaNorte, cleaner, 'North turnover');
    await completeCleaning(casaSul, cleaner, 'South turnover');

    const asked = (items: Awaited<ReturnType<typeof bell>>) =>
      items.filter((item) => item.kind === 'inspection_requested').map((item) => item.property).sort();
    expect(asked(await bell(everywhere))).toEqual(['Casa Norte', 'Casa Sul']);
    expect(asked(await bell(company.ceo))).toEqual(['Casa Norte', 'Casa Sul']);
    expect(asked(await bell(scoped))).toEqual(['Casa Norte']);

    const mentions = async (member: Member, place: string) =>
      (await emailsTo(member.user.email)).filter((mail) => `${mail.subject}\n${mail.text ?? ''}`.includes(place)).length;
    expect(await mentions(everywhere, 'Casa Sul')).toBeGreaterThan(0);
    expect(await mentions(everywhere, 'Casa Norte')).toBeGreaterThan(0);
    expect(await mentions(scoped, 'Casa Norte')).toBeGreaterThan(0);
    expect(await mentions(scoped, 'Casa Sul')).toBe(0);
  });

  it('follows a change of access at once: the scoped manager, given every property again, hears of both', async () => {
    expect((await invoke('PUT', `/api/team/${scoped.user.id}/access`, { ...ceo(), body: { propertyGroupIds: [] } })).status).toBe(200);
    const cleaner = await company.add('staff');
    await completeCleaning(casaSul, cleaner, 'South again');
    const titles = (await bell(scoped)).filter((item) => item.kind === 'inspection_requested' && item.property === 'Casa Sul');
    expect(titles).toHaveLength(1);
    // Scoped again for the digest below.
    const groups = (await invoke('GET', '/api/property-groups', ceo())).body as Array<{ id: string }>;
    expect((await invoke('PUT', `/api/team/${scoped.user.id}/access`, { ...ceo(), body: { propertyGroupIds: [groups[0].id] } })).status).toBe(200);
  });
});

describe("a scoped member's evening digest", () => {
  it('lists only the tasks on properties they see', async () => {
    const staff = await company.add('staff');
    const groups = (await invoke('GET', '/api/property-groups', ceo())).body as Array<{ id: string }>;
    await setMyPreferences(staff, { language: 'en' });
    const day = '2029-04-16';
    const tomorrow = addDays(day, 1);
    for (const [propertyId, title] of [[casaNorte, 'North linen'], [casaSul, 'South linen']] as const) {
      const created = await invoke('POST', '/api/tasks', {
        ...ceo(),
        body: { type: 'laundry', title, propertyId, assignedUserId: staff.user.id, dueDate: zonedInstant(tomorrow, 10, 0, TZ).toISOString() },
      });
      expect(created.status).toBe(201);
    }
    // Scoped after the assignment (the CEO assigned both while the member saw every property).
    expect((await invoke('PUT', `/api/team/${staff.user.id}/access`, { ...ceo(), body: { propertyGroupIds: [groups[0].id] } })).status).toBe(200);

    await runJob('send-task-digests', zonedInstant(day, 18, 5, TZ));
    const digests = (await emailsTo(staff.user.email)).filter((mail) => mail.subject.startsWith('Tomorrow'));
    expect(digests).toHaveLength(1);
    expect(digests[0].subject).toMatch(/: 1 task$/);
    expect(digests[0].text).toContain('North linen');
    expect(digests[0].text).not.toContain('South linen');
    expect(digests[0].text).not.toContain('Casa Sul');
  });
});
