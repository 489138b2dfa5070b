// Trials end (issue 22 point 2), through the route table and the local stand-ins: an ended trial
// leaves the company read-only (every GET answers, every write of the table 402 in the caller's
// language, nothing written), the routes needed to pay stay open, and the CEO's reminder e-mails go
// out 3 days and 1 day before the end and at the end, each once.
import { invoke } from '../../local/invoke';
import { runJob } from '../../local/dev-jobs';
import { companyItems, createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { mailTo } from '../../tests/support/identity';
import { pathParameterNames } from '../../shared/ids';
import { ROUTES, rolesOf } from '../routes';
import { getCompany, setTrialEnd } from '../data/repositories/companies';
import { dueReminder } from './trial-dispatch';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FAKE_ID = '01JDEMO0000000000000000000';
const sample = (name: string) => (name === 'date' ? '2026-01-05' : name === 'shift' ? 'morning' : FAKE_ID);
const filled = (path: string, companyId: string) =>
  pathParameterNames(path).reduce((p, name) => p.replace(`{${name}}`, name === 'id' && p.startsWith('/api/companies/') ? companyId : sample(name)), path);

async function trialCompany(): Promise<TestCompany & { propertyId: string }> {
  const company = await createTestCompany({ plan: 'trial', name: 'Serra Retreats' });
  const created = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa Azul', address: 'Rua 1' } });
  expect(created.status).toBe(201);
  return { ...company, propertyId: created.body.id };
}

const endTrial = (companyId: string, at = new Date(Date.now() - 60_000)) => setTrialEnd(companyId, at.toISOString());

describe('an ended trial', () => {
  it('keeps every read and refuses every write of the route table with 402 subscription.trial_ended, writing nothing', async () => {
    const company = await trialCompany();
    const manager = await company.add('operational_manager');
    await endTrial(company.companyId);
    const before = await companyItems(company.companyId);

    for (const url of ['/api/companies', '/api/properties', `/api/properties/${company.propertyId}`, '/api/tasks', '/api/dashboard/metrics', '/api/team', '/api/plan-requests']) {
      const read = await invoke('GET', url, { cookies: [manager.cookie] });
      expect({ url, status: read.status }).toEqual({ url, status: 200 });
    }

    const writes = ROUTES.filter((route) => route.access === 'session' && route.method !== 'GET' && !route.subscription && !route.master);
    expect(writes.length).toBeGreaterThan(40);
    for (const route of writes) {
      const answer = await invoke(route.method, filled(route.path, company.companyId), { cookies: [company.ceo.cookie], body: {}, headers: { 'accept-language': 'en' } });
      // A role the CEO does not have (an owner's portal routes) answers 403 before the company is read.
      const expected = rolesOf(route).includes('ceo') ? { status: 402, code: 'subscription.trial_ended' } : { status: 403, code: undefined };
      expect({ route: route.handler, status: answer.status, code: answer.body?.code }).toEqual({ route: route.handler, ...expected });
    }
    expect(await companyItems(company.companyId)).toBe(before);
    expect((await getCompany(company.companyId))?.plan).toBe('trial');
  });

  it("answers in the caller's language: the CEO is told to choose a plan, the others to ask the CEO", async () => {
    const company = await trialCompany();
    const staff = await company.add('staff');
    await endTrial(company.companyId);
    const body = { name: 'Casa Verde', address: 'Rua 2' };
    const texts = {
      en: 'Your trial has ended. Choose a plan to keep working: your data is kept and you can still view it.',
      pt: 'Seu período de teste terminou. Escolha um plano para continuar trabalhando: seus dados estão guardados e você ainda pode consultá-los.',
      es: 'Tu período de prueba ha terminado. Elige un plan para seguir trabajando: tus datos se conservan y aún puedes consultarlos.',
    };
    for (const [language, text] of Object.entries(texts)) {
      const answer = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body, headers: { 'accept-language': language } });
      expect(answer.status).toBe(402);
      expect(answer.body).toEqual({ message: text, code: 'subscription.trial_ended' });
    }
    const staffWrite = await invoke('PUT', '/api/me/notification-preferences', { cookies: [staff.cookie], body: { email: false }, headers: { 'accept-language': 'pt-BR' } });
    expect(staffWrite.status).toBe(402);
    expect(staffWrite.body.message).toBe('O período de teste da sua empresa terminou, por isso as alterações estão pausadas. Peça ao CEO da sua empresa para escolher um plano.');
    const staffEs = await invoke('PUT', `/api/properties/${company.propertyId}`, { cookies: [staff.cookie], body, headers: { 'accept-language': 'es' } });
    expect(staffEs.status).toBe(403); // staff may not edit properties at all: the role comes first
  });

  it('keeps open what is needed to choose a plan, and writes work again once the trial is extended', async () => {
    const company = await trialCompany();
    await endTrial(company.companyId);
    const request = await invoke('POST', '/api/plan-requests', { cookies: [company.ceo.cookie], body: { plan: 'enterprise', billing: 'monthly' } });
    expect(request.status).toBe(201);
    expect((await invoke('DELETE', `/api/plan-requests/${request.body.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);

    await setTrialEnd(company.companyId, new Date(Date.now() + DAY).toISOString());
    const created = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa Verde', address: 'Rua 2' } });
    expect(created.status).toBe(201);
  });

  it('does not touch a trial that is still running, nor a paid plan', async () => {
    const running = await trialCompany();
    expect((await invoke('PUT', `/api/properties/${running.propertyId}`, { cookies: [running.ceo.cookie], body: { name: 'Casa Azul 2', address: 'Rua 1' } })).status).toBe(200);
    const paid = await createTestCompany({ plan: 'basic' });
    expect((await invoke('POST', '/api/properties', { cookies: [paid.ceo.cookie], body: { name: 'Casa', address: 'Rua' } })).status).toBe(201);
  });
});

describe('trial reminder e-mails', () => {
  it('picks the latest reminder due', () => {
    const end = '2030-06-10T12:00:00.000Z';
    const at = (offset: number) => dueReminder(end, new Date(Date.parse(end) + offset));
    expect(at(-4 * DAY)).toBeUndefined();
    expect(at(-3 * DAY)).toBe('three_days');
    expect(at(-DAY - 1)).toBe('three_days');
    expect(at(-DAY)).toBe('one_day');
    expect(at(-1)).toBe('one_day');
    expect(at(0)).toBe('ended');
    expect(at(2 * DAY)).toBe('ended');
    expect(at(2 * DAY + 1)).toBeUndefined();
  });

  it("e-mails the CEO 3 days and 1 day before the end and at the end, each once, in the CEO's language", async () => {
    const company = await trialCompany();
    // The CEO reads Spanish (their own notification language).
    expect((await invoke('PUT', '/api/me/notification-preferences', { cookies: [company.ceo.cookie], body: { language: 'es' } })).status).toBe(200);
    const end = new Date(Date.now() + 20 * DAY);
    end.setUTCMinutes(0, 0, 0);
    await setTrialEnd(company.companyId, end.toISOString());
    const email = company.ceo.user.email;
    const subjects = async () => (await mailTo(email)).map((mail) => mail.subject);
    const run = (offset: number) => runJob('send-trial-reminders', new Date(end.getTime() + offset));

    await run(-4 * DAY);
    expect(await subjects()).toEqual([]);
    await run(-3 * DAY + HOUR);
    await run(-3 * DAY + 2 * HOUR); // the next hourly run: already sent
    expect(await subjects()).toEqual(['Tu prueba de RentalOps termina en 3 días']);
    await run(-2 * DAY);
    await run(-DAY + 30 * 60_000);
    await run(-DAY + 30 * 60_000); // an overlapping run
    await run(-HOUR);
    await run(HOUR);
    await run(2 * HOUR);
    await run(5 * DAY);
    expect(await subjects()).toEqual(['Tu prueba de RentalOps termina en 3 días', 'Tu prueba de RentalOps termina mañana', 'Tu prueba de RentalOps ha terminado']);
    const [threeDays, , ended] = await mailTo(email);
    expect(threeDays.body.text).toContain('La prueba gratuita de 7 días de Serra Retreats termina el');
    expect(threeDays.body.text).toMatch(/\/pricing/);
    expect(ended.body.text).toContain('No se ha borrado nada');
  });

  it('sends nothing to a company that chose a plan, and a new round after the trial is extended', async () => {
    const company = await trialCompany();
    const end = new Date(Date.now() + 30 * DAY);
    await setTrialEnd(company.companyId, end.toISOString());
    await runJob('send-trial-reminders', new Date(end.getTime() - DAY + HOUR));
    expect((await mailTo(company.ceo.user.email)).map((m) => m.subject)).toEqual(['Seu teste do RentalOps termina amanhã']);
    // Extended by a week: the reminders of the new end are due again.
    const later = new Date(end.getTime() + 7 * DAY);
    await setTrialEnd(company.companyId, later.toISOString());
    await runJob('send-trial-reminders', new Date(later.getTime() - DAY + HOUR));
    expect((await mailTo(company.ceo.user.email)).map((m) => m.subject)).toEqual(['Seu teste do RentalOps termina amanhã', 'Seu teste do RentalOps termina amanhã']);

    const paid = await createTestCompany({ plan: 'basic' });
    await runJob('send-trial-reminders', new Date());
    expect(await mailTo(paid.ceo.user.email)).toEqual([]);
  });
});
