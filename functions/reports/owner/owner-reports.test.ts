// Owner reports (issue 21 point 4) through the route table and the local stand-ins: the property's
// owner (validation, roles, staff never see it), the report's figures against the items they come
// from (one fixed month, company zone America/New_York, DST change inside it), the PDF download,
// tenancy, and the monthly send (SES stand-in with the PDF attached, history, once per owner).
import { invoke } from '../../../local/invoke';
import { stayNights } from '../../../shared/days';
import { zonedTime } from '../../../shared/rules';
import { createTestCompany, uniqueEmail, type TestCompany } from '../../../tests/support/fixtures';
import { historyOf } from '../../../tests/support/notifications';
import { getCompany, putCompany } from '../../data/repositories/companies';
import { createInvoice } from '../../data/repositories/invoices';
import { createReservation, type NewReservation } from '../../data/repositories/reservations';
import { createTask, updateTask } from '../../data/repositories/tasks';
import { handler as sendJob } from '../../handlers/send-owner-reports';
import { handler as sendWorker } from '../../handlers/send-owner-report';
import { loadOwnerReport } from './load';
import { someZoneOnFirst, previousMonth } from './dispatch';

const MONTH = '2026-03';
const TZ = 'America/New_York';
const ADDRESS = 'Rua das Flores 12, Lisboa';

async function newProperty(company: TestCompany, name: string) {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address: ADDRESS } });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string };
}

const setOwner = (company: TestCompany, propertyId: string, body: unknown, cookie = company.ceo.cookie) =>
  invoke('PUT', `/api/properties/${propertyId}/owner`, { cookies: [cookie], body });

async function companyInZone(timeZone = TZ): Promise<TestCompany> {
  const company = await createTestCompany({ name: 'Atlântico Owners' });
  const stored = await getCompany(company.companyId);
  await putCompany({ ...stored!, timezone: timeZone as never });
  return company;
}

async function task(company: TestCompany, propertyId: string, type: 'cleaning' | 'maintenance', title: string, createdAt: string, extra: Record<string, unknown> = {}) {
  return createTask(
    company.companyId,
    { type, title, description: null, propertyId, assignedUserId: null, status: 'pending', dueDate: null } as never,
    new Date(createdAt),
    company.ceo.user.id,
    extra,
  );
}

const complete = (company: TestCompany, taskId: string, at: string) => updateTask(company.companyId, taskId, { status: 'completed' }, new Date(at), company.ceo.user.id);

/** The month's items of one property (and a second one), each chosen to sit on a boundary. */
async function seedMonth(company: TestCompany) {
  const beach = await newProperty(company, 'Casa da Praia');
  const hill = await newProperty(company, 'Casa do Monte');
  const cookies = [company.ceo.cookie];
  const book = async (propertyId: string, guestName: string, checkinDate: string, checkoutDate: string) => {
    const response = await invoke('POST', '/api/reservations', { cookies, body: { propertyId, guestName, checkinDate, checkoutDate } });
    expect(response.status).toBe(201);
    return response.body as { id: string };
  };
  await book(beach.id, 'Ana Lima', '2026-02-27', '2026-03-02'); // 1 night in March (03-01)
  await book(beach.id, 'Bruno Costa', '2026-03-05', '2026-03-09'); // 4
  await book(beach.id, 'Carla Dias', '2026-03-29', '2026-04-03'); // 3 (29, 30, 31)
  const cancelled = await book(beach.id, 'Dora Reis', '2026-03-12', '2026-03-15');
  expect((await invoke('POST', `/api/reservations/${cancelled.id}/cancel`, { cookies, body: {} })).status).toBe(200);
  // An owner's block: not booked, listed apart.
  await createReservation(company.companyId, { propertyId: beach.id, guestName: 'Owner stay', checkinDate: '2026-03-20', checkoutDate: '2026-03-23', kind: 'block', checkinDay: '2026-03-20', checkoutDay: '2026-03-23' } as NewReservation);
  await book(hill.id, 'Eva Rocha', '2026-03-10', '2026-03-20'); // 10, other property

  // Cleanings: done in March (company zone), one done at 22:00 on Mar 31 in New York (Apr 1 UTC),
  // one done at 22:00 on Feb 28 there (Mar 1 UTC: not March), one never done.
  const c1 = await task(company, beach.id, 'cleaning', 'Turnover after Bruno', '2026-03-01T12:00:00Z');
  await complete(company, c1.id, '2026-03-09T15:00:00Z');
  const c2 = await task(company, beach.id, 'cleaning', 'Deep clean', '2026-03-25T12:00:00Z');
  await complete(company, c2.id, '2026-04-01T02:00:00Z');
  const c3 = await task(company, beach.id, 'cleaning', 'February clean', '2026-02-20T12:00:00Z');
  await complete(company, c3.id, '2026-03-01T03:00:00Z');
  await task(company, beach.id, 'cleaning', 'Pending clean', '2026-03-15T12:00:00Z');
  // Problems: reported in February and fixed in March; reported in March from a cleaning, still open;
  // reported and cancelled in February (neither).
  const p1 = await task(company, beach.id, 'maintenance', 'Problem: leaking tap', '2026-02-20T12:00:00Z');
  await complete(company, p1.id, '2026-03-03T16:00:00Z');
  await task(company, beach.id, 'maintenance', 'Problem: broken blind', '2026-03-10T12:00:00Z', { sourceTaskId: c1.id, urgency: 'high' });
  const p3 = await task(company, beach.id, 'maintenance', 'Problem: old report', '2026-02-02T12:00:00Z');
  await updateTask(company.companyId, p3.id, { status: 'cancelled' }, new Date('2026-02-03T12:00:00Z'), company.ceo.user.id);

  const expense = async (body: Record<string, unknown>) => {
    const response = await invoke('POST', '/api/expenses', { cookies, body });
    expect(response.status).toBe(201);
    return response.body;
  };
  await expense({ amount: '120.50', date: '2026-03-04', category: 'supplies', description: 'Towels', propertyId: beach.id });
  await expense({ amount: '80', date: '2026-03-31', category: 'maintenance', description: 'Tap washer', propertyId: beach.id });
  await expense({ amount: '999', date: '2026-04-01', category: 'utilities', propertyId: beach.id }); // April
  await expense({ amount: '55', date: '2026-03-10', category: 'other', description: 'Office' }); // the company's own
  await expense({ amount: '33.33', date: '2026-03-11', category: 'supplies', propertyId: hill.id });

  const invoice = (input: Record<string, unknown>, createdAt: string, propertyId = beach.id) =>
    createInvoice(company.companyId, { dueDate: '2026-03-31', propertyId, propertyName: 'x', ...input } as never, new Date(createdAt));
  await invoice({ amount: '1500.00', status: 'paid', client: 'Bruno Costa' }, '2026-03-10T12:00:00Z');
  await invoice({ amount: '700.00', client: 'Carla Dias' }, '2026-03-20T12:00:00Z');
  await invoice({ amount: '400.00', client: 'Late night' }, '2026-04-01T02:00:00Z'); // Mar 31 in New York
  await invoice({ amount: '300.00', client: 'Too early' }, '2026-03-01T03:00:00Z'); // Feb 28 in New York
  await invoice({ amount: '250.00', client: 'Eva Rocha', status: 'paid' }, '2026-03-12T12:00:00Z', hill.id);
  return { beach, hill };
}

describe('the property owner', () => {
  it('is set by managers, validated, and never shown to staff', async () => {
    const company = await companyInZone();
    const property = await newProperty(company, 'Casa Azul');
    const manager = await company.add('operational_manager');
    const staff = await company.add('staff');

    const bad = await setOwner(company, property.id, { name: ' ', email: 'not-an-email', language: 'fr' }, manager.cookie);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? bad.body.fieldErrors ?? {})).toEqual(expect.arrayContaining(['name', 'email', 'language']));
    // A malformed address is said to be one, not "missing"; a missing one is asked for.
    expect(bad.body.errors.email).toBe('Invalid e-mail');
    expect((await setOwner(company, property.id, { name: 'João', email: '   ' }, manager.cookie)).body.errors.email).toBe("Enter the owner's e-mail");
    expect((await setOwner(company, property.id, { name: 'João Proprietário', email: 'x@example.com' }, staff.cookie)).status).toBe(403);

    const saved = await setOwner(company, property.id, { name: 'João Proprietário', email: ' Joao@Example.COM ', language: 'es' }, manager.cookie);
    expect(saved.status).toBe(200);
    expect(saved.body.owner).toEqual({ name: 'João Proprietário', email: 'joao@example.com', language: 'es' });
    expect(saved.body).not.toHaveProperty('gsi2pk');

    const asManager = await invoke('GET', `/api/properties/${property.id}`, { cookies: [manager.cookie] });
    expect(asManager.body.owner.email).toBe('joao@example.com');
    const asStaff = await invoke('GET', `/api/properties/${property.id}`, { cookies: [staff.cookie] });
    expect(asStaff.status).toBe(200);
    expect(asStaff.body).not.toHaveProperty('owner');
    const staffList = await invoke('GET', '/api/properties', { cookies: [staff.cookie] });
    expect(JSON.stringify(staffList.body)).not.toContain('joao@example.com');

    // Editing the property's name keeps its owner; DELETE removes it.
    expect((await invoke('PUT', `/api/properties/${property.id}`, { cookies: [manager.cookie], body: { name: 'Casa Azul II', address: ADDRESS } })).body.owner.email).toBe('joao@example.com');
    const removed = await invoke('DELETE', `/api/properties/${property.id}/owner`, { cookies: [manager.cookie] });
    expect(removed.status).toBe(200);
    expect(removed.body.owner ?? null).toBeNull();

    const other = await companyInZone();
    expect((await setOwner(other, property.id, { name: 'Intruder', email: 'i@example.com', language: 'en' })).status).toBe(404);
  });
});

describe('an expense of a property', () => {
  it('names one of the company’s properties; another company’s is refused with nothing written', async () => {
    const company = await companyInZone();
    const other = await companyInZone();
    const theirs = await newProperty(other, 'Not yours');
    const mine = await newProperty(company, 'Casa Verde');
    const ok = await invoke('POST', '/api/expenses', { cookies: [company.ceo.cookie], body: { amount: '10', date: '2026-03-02', category: 'supplies', propertyId: mine.id } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ propertyId: mine.id, propertyName: 'Casa Verde' });
    const refused = await invoke('POST', '/api/expenses', { cookies: [company.ceo.cookie], body: { amount: '10', date: '2026-03-02', category: 'supplies', propertyId: theirs.id } });
    expect(refused.status).toBe(400);
    const list = (await invoke('GET', '/api/financials/transactions?limit=100', { cookies: [company.ceo.cookie] })).body as unknown[];
    expect(list).toHaveLength(1);
  });
});

describe('the owner report', () => {
  it('holds the figures the items give, in the company zone', async () => {
    const company = await companyInZone();
    const { beach, hill } = await seedMonth(company);
    await setOwner(company, beach.id, { name: 'Maria Owner', email: 'maria.owner@example.com', language: 'pt' });
    const owner = { name: 'Maria Owner', email: 'maria.owner@example.com', language: 'pt' as const };

    const report = await loadOwnerReport(company.companyId, [{ id: beach.id, name: beach.name, address: ADDRESS } as never], MONTH, owner, new Date('2026-04-02T12:00:00Z'));
    const p = report.properties[0];
    expect(p.stayLines.map((s) => [s.guestName, s.nightsInMonth])).toEqual([['Ana Lima', 1], ['Bruno Costa', 4], ['Carla Dias', 3]]);
    expect(p.nights).toBe(8);
    expect(p.daysInMonth).toBe(31);
    expect(p.occupancyPercent).toBe(25.8); // 8 / 31
    expect(p.blockedNights).toBe(3);
    expect(p.cleaningLines.map((c) => [c.title, c.day])).toEqual([['Turnover after Bruno', '2026-03-09'], ['Deep clean', '2026-03-31']]);
    expect(p.problemLines.map((l) => [l.title, l.reportedDay, l.fixedDay])).toEqual([
      ['Problem: leaking tap', '2026-02-20', '2026-03-03'],
      ['Problem: broken blind', '2026-03-10', null],
    ]);
    expect([p.problemsReported, p.problemsFixed]).toEqual([1, 1]);
    expect(p.expenseLines.map((e) => e.cents)).toEqual([12050, 8000]);
    expect(p.expensesCents).toBe(20050);
    expect(p.invoiceLines.map((i) => [i.cents, i.issuedDay, i.status])).toEqual([
      [150000, '2026-03-10', 'paid'],
      [70000, '2026-03-20', 'overdue'],
      [40000, '2026-03-31', 'overdue'],
    ]);
    expect([p.invoicedCents, p.paidCents]).toEqual([260000, 150000]);

    // The same figures recomputed from what the lists answer (the items, not the report's code).
    const cookies = [company.ceo.cookie];
    const tasks = (await invoke('GET', `/api/tasks?propertyId=${beach.id}&limit=100`, { cookies })).body as Array<Record<string, any>>;
    const local = (iso: string) => zonedTime(new Date(iso), TZ).date;
    const cleanings = tasks.filter((t) => t.type === 'cleaning' && t.status === 'completed' && local(t.completedAt).startsWith(MONTH));
    expect(p.cleanings).toBe(cleanings.length);
    const reservations = (await invoke('GET', `/api/reservations?propertyId=${beach.id}&limit=100`, { cookies })).body as Array<Record<string, any>>;
    const nights = new Set(
      reservations
        .filter((r) => r.status !== 'cancelled' && r.kind !== 'block')
        .flatMap((r) => stayNights(r.checkinDay ?? r.checkinDate.slice(0, 10), r.checkoutDay ?? r.checkoutDate.slice(0, 10)))
        .filter((night) => night.startsWith(MONTH)),
    );
    expect(p.nights).toBe(nights.size);
    expect(p.occupancyPercent).toBe(Math.round((nights.size / 31) * 1000) / 10);
    const transactions = (await invoke('GET', '/api/financials/transactions?limit=100', { cookies })).body as Array<Record<string, any>>;
    const expenses = transactions.filter((t) => t.kind === 'expense' && t.propertyId === beach.id && t.date.startsWith(MONTH));
    expect(p.expensesCents).toBe(expenses.reduce((sum, e) => sum + e.amountCents, 0));

    // One owner of both properties: one report over them, totals summed, occupancy over all nights.
    const both = await loadOwnerReport(company.companyId, [beach, hill].map((x) => ({ ...x, address: ADDRESS }) as never), MONTH, owner, new Date('2026-04-02T12:00:00Z'));
    expect(both.properties.map((x) => x.name)).toEqual(['Casa da Praia', 'Casa do Monte']);
    expect(both.totals).toMatchObject({ stays: 4, nights: 18, nightsAvailable: 62, occupancyPercent: 29, expensesCents: 20050 + 3333, invoicedCents: 285000, paidCents: 175000, cleanings: 2 });
  });

  it('downloads as a PDF for managers; staff 403, another company 404, a bad month 400', async () => {
    const company = await companyInZone();
    const { beach, hill } = await seedMonth(company);
    const staff = await company.add('staff');
    const manager = await company.add('operational_manager');

    const pdf = await invoke('GET', `/api/properties/${beach.id}/owner-report?month=${MONTH}`, { cookies: [manager.cookie] });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${MONTH}.pdf`);
    expect(Buffer.from(pdf.text, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    expect((await invoke('GET', `/api/properties/${beach.id}/owner-report?month=${MONTH}`, { cookies: [staff.cookie] })).status).toBe(403);
    for (const month of ['2026-13', '2026-3', 'march', '', '2026-03-01', "2026-03' OR 1=1"]) {
      const response = await invoke('GET', `/api/properties/${beach.id}/owner-report?month=${encodeURIComponent(month)}`, { cookies: [manager.cookie] });
      expect(response.status).toBe(400);
    }
    const other = await companyInZone();
    expect((await invoke('GET', `/api/properties/${beach.id}/owner-report?month=${MONTH}`, { cookies: [other.ceo.cookie] })).status).toBe(404);

    // By owner: every property of that owner in the caller's company; an unknown owner is 404.
    const ownerEmail = uniqueEmail('owner');
    for (const property of [beach, hill]) await setOwner(company, property.id, { name: 'Rui Dono', email: ownerEmail, language: 'en' });
    const byOwner = await invoke('GET', `/api/owner-reports?owner=${encodeURIComponent(ownerEmail.toUpperCase())}&month=${MONTH}`, { cookies: [manager.cookie] });
    expect(byOwner.status).toBe(200);
    expect(Buffer.from(byOwner.text, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await invoke('GET', `/api/owner-reports?owner=${encodeURIComponent(ownerEmail)}&month=${MONTH}`, { cookies: [other.ceo.cookie] })).status).toBe(404);
    expect((await invoke('GET', `/api/owner-reports?owner=${encodeURIComponent(ownerEmail)}&month=${MONTH}`, { cookies: [staff.cookie] })).status).toBe(403);
    expect((await invoke('GET', `/api/owner-reports?owner=nobody&month=${MONTH}`, { cookies: [manager.cookie] })).status).toBe(400);
  });
});

interface StoredMail {
  destination?: { to?: string[] };
  subject?: string;
  attachments?: Array<{ filename?: string; contentType: string; content: string }>;
}

async function storedMailsTo(address: string): Promise<StoredMail[]> {
  const store = (await (await fetch(process.env.SES_STORE_URL!)).json()) as { emails?: StoredMail[] };
  return (store.emails ?? []).filter((mail) => mail.destination?.to?.some((to) => to.toLowerCase().includes(address.toLowerCase())));
}

describe('the monthly send', () => {
  it('knows when a zone is on the 1st and which month that reports', () => {
    expect(previousMonth('2026-04-01')).toBe('2026-03');
    expect(previousMonth('2026-01-01')).toBe('2025-12');
    expect(someZoneOnFirst(new Date('2026-04-15T12:00:00Z'))).toBe(false);
    expect(someZoneOnFirst(new Date('2026-03-31T12:00:00Z'))).toBe(true); // already the 1st at UTC+14
    expect(someZoneOnFirst(new Date('2026-04-01T23:00:00Z'))).toBe(true); // still the 1st at UTC-12
  });

  it('mails each owner the PDF once, in their language, and lists it in the history', async () => {
    const company = await companyInZone();
    const { beach, hill } = await seedMonth(company);
    const ownerEmail = uniqueEmail('owner');
    for (const property of [beach, hill]) await setOwner(company, property.id, { name: 'Rosa Dueña', email: ownerEmail, language: 'es' });

    // 23:30 on Mar 31 in New York: not yet the 1st there, nothing for this company.
    await sendJob({ time: '2026-04-01T03:30:00Z' });
    expect(await storedMailsTo(ownerEmail)).toHaveLength(0);

    // 08:00 on Apr 1 in New York: March's report, one mail covering both properties.
    // The dispatcher queues one message per owner; the in-process queue runs the worker before answering.
    const run = await sendJob({ time: '2026-04-01T12:00:00Z' });
    expect(run.queued).toBeGreaterThanOrEqual(1);
    const mails = await storedMailsTo(ownerEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Tu informe de propietario de marzo de 2026');
    expect(mails[0].attachments).toHaveLength(1);
    expect(mails[0].attachments![0].contentType).toBe('application/pdf');
    expect(Buffer.from(mails[0].attachments![0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const history = await historyOf(company);
    const entry = history.find((h) => h.category === 'owner_report');
    expect(entry).toMatchObject({ type: 'email', recipient: ownerEmail.toLowerCase(), status: 'sent', subject: mails[0].subject });

    // The next hourly runs of the 1st (and overlapping ones) send nothing more.
    await Promise.all([sendJob({ time: '2026-04-01T13:00:00Z' }), sendJob({ time: '2026-04-01T13:00:00Z' })]);
    expect(await storedMailsTo(ownerEmail)).toHaveLength(1);
    expect((await historyOf(company)).filter((h) => h.category === 'owner_report')).toHaveLength(1);

    // The same queue message delivered again (SQS is at least once), twice in one batch: nothing more is sent.
    const job = JSON.stringify({ companyId: company.companyId, month: MONTH, ownerEmail: ownerEmail.toLowerCase(), at: '2026-04-01T12:00:00.000Z' });
    const redelivered = await sendWorker({ Records: ['a', 'b'].map((messageId) => ({ messageId, body: job, attributes: { ApproximateReceiveCount: '2' } })) });
    expect(redelivered.batchItemFailures).toEqual([]);
    expect(await storedMailsTo(ownerEmail)).toHaveLength(1);
    expect((await historyOf(company)).filter((h) => h.category === 'owner_report')).toHaveLength(1);
  });

  it('runs through POST /api/dev/jobs/{name} as its schedule would', async () => {
    const { runJob } = await import('../../../local/dev-jobs');
    const result = await runJob('send-owner-reports', new Date('2026-05-15T12:00:00Z'));
    expect(result.result).toEqual({ companies: 0, queued: 0, alreadySent: 0 });
  });
});
