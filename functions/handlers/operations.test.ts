// Handler tests for the daily-operations routes, through the route table against the local stand-ins.
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { getStats } from '../data/repositories/stats';
import { listProperties } from '../data/repositories/properties';
import { getTask } from '../data/repositories/tasks';
import { getCompany } from '../data/repositories/companies';
import { createInvoice } from '../data/repositories/invoices';
import { createReservation } from '../data/repositories/reservations';

const PT = { 'accept-language': 'pt-BR' };

async function propertyOf(company: TestCompany, name = 'Casa Azul') {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address: 'Rua 1' } });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string };
}

const validCompanyBody = {
  name: 'Atlântico Stays',
  email: 'hello@atlantico.test',
  phone: '+1 555 123 4567',
  address: '1 Ocean Drive',
  responsibleName: 'Carla',
  responsibleEmail: 'carla@atlantico.test',
};

describe('companies', () => {
  it('lists the caller\'s own company only', async () => {
    const company = await createTestCompany({ name: 'Mine' });
    await createTestCompany({ name: 'Theirs' });
    const response = await invoke('GET', '/api/companies', { cookies: [company.ceo.cookie] });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(1);
    expect(response.body[0]).toMatchObject({ id: company.companyId, name: 'Mine', plan: 'professional' });
  });

  it('lets the CEO update the company with defaults for the optional fields', async () => {
    const company = await createTestCompany();
    const response = await invoke('PUT', `/api/companies/${company.companyId}`, { cookies: [company.ceo.cookie], body: validCompanyBody });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...validCompanyBody, preferredLanguage: 'portuguese', timezone: 'America/New_York', twoFactorEnabled: false });
  });

  it('answers each invalid field with its SPEC message and changes nothing', async () => {
    const company = await createTestCompany({ name: 'Unchanged' });
    const response = await invoke('PUT', `/api/companies/${company.companyId}`, {
      cookies: [company.ceo.cookie],
      headers: PT,
      body: { name: '', email: 'nope', phone: '', address: '', responsibleName: '', responsibleEmail: 'x', ein: '123' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      name: 'Nome da empresa é obrigatório',
      email: 'Email da empresa é obrigatório',
      phone: 'Telefone é obrigatório',
      address: 'Endereço é obrigatório',
      responsibleName: 'Nome do responsável é obrigatório',
      responsibleEmail: 'Email do responsável é obrigatório',
      ein: 'O EIN deve ter o formato XX-XXXXXXX',
    });
    expect((await getCompany(company.companyId))?.name).toBe('Unchanged');
  });

  it('takes a phone as people write it and refuses text that is not one', async () => {
    const company = await createTestCompany({ name: 'Phones' });
    for (const phone of ['+1 (555) 123-4567', '+351 21 123 4567', '555.123.4567 ext. 12']) {
      const saved = await invoke('PUT', `/api/companies/${company.companyId}`, { cookies: [company.ceo.cookie], body: { ...validCompanyBody, phone } });
      expect(saved.status).toBe(200);
      expect(saved.body.phone).toBe(phone);
    }
    for (const phone of ['call me 555-ABC', '12345', '+1 555 123 4567 8901 2345', '555-1234 ext. twelve']) {
      const refused = await invoke('PUT', `/api/companies/${company.companyId}`, { cookies: [company.ceo.cookie], headers: PT, body: { ...validCompanyBody, phone } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ phone: 'Informe um telefone: algarismos, com + ( ) - . ou espaços, de 7 a 15 dígitos' });
    }
    expect((await getCompany(company.companyId))?.phone).toBe('555.123.4567 ext. 12');
  });

  it('refuses managers and staff with 403', async () => {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    const response = await invoke('PUT', `/api/companies/${company.companyId}`, { cookies: [manager.cookie], body: validCompanyBody });
    expect(response.status).toBe(403);
  });

  it('answers 404 for another company\'s id and leaves it unchanged', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany({ name: 'Theirs' });
    const response = await invoke('PUT', `/api/companies/${theirs.companyId}`, { cookies: [mine.ceo.cookie], body: validCompanyBody });
    expect(response.status).toBe(404);
    expect((await getCompany(theirs.companyId))?.name).toBe('Theirs');
  });

  it('answers a body that is not JSON with 400', async () => {
    const company = await createTestCompany();
    const response = await invoke('PUT', `/api/companies/${company.companyId}`, { cookies: [company.ceo.cookie], body: '{not json' });
    expect(response.status).toBe(400);
  });
});

describe('properties', () => {
  it('creates a property and counts it', async () => {
    const company = await createTestCompany();
    const property = await propertyOf(company);
    expect(property).toMatchObject({ name: 'Casa Azul', companyId: company.companyId });
    expect((await getStats(company.companyId)).propertyCount).toBe(1);
    const list = await invoke('GET', '/api/properties', { cookies: [company.ceo.cookie] });
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([property.id]);
  });

  it('rejects a missing name or address with field errors and writes nothing', async () => {
    const company = await createTestCompany();
    const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: '  ', address: '' } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual(['name', 'address']);
    expect((await getStats(company.companyId)).propertyCount).toBe(0);
  });

  it('does not let staff add properties', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const response = await invoke('POST', '/api/properties', { cookies: [staff.cookie], body: { name: 'x', address: 'y' } });
    expect(response.status).toBe(403);
  });

  it('leaves exactly 20 properties after 25 concurrent creates on a trial company', async () => {
    const company = await createTestCompany({ plan: 'trial' });
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], headers: PT, body: { name: `Casa ${i}`, address: 'Rua' } }),
      ),
    );
    const created = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status === 403);
    expect(created).toHaveLength(20);
    expect(refused).toHaveLength(5);
    expect(refused[0].body.message).toBe('Limite de propriedades atingido. Plano Trial Gratuito permite até 20 propriedades.');
    expect((await getStats(company.companyId)).propertyCount).toBe(20);
    expect((await listProperties(company.companyId, { limit: 100 })).items).toHaveLength(20);
  });

  it('answers 404 for another company\'s property on read and update, and changes nothing', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const property = await propertyOf(theirs, 'Theirs');
    expect((await invoke('GET', `/api/properties/${property.id}`, { cookies: [mine.ceo.cookie] })).status).toBe(404);
    const update = await invoke('PUT', `/api/properties/${property.id}`, { cookies: [mine.ceo.cookie], body: { name: 'Hijacked', address: 'x' } });
    expect(update.status).toBe(404);
    const still = await invoke('GET', `/api/properties/${property.id}`, { cookies: [theirs.ceo.cookie] });
    expect(still.body.name).toBe('Theirs');
  });

  it('edits a property', async () => {
    const company = await createTestCompany();
    const property = await propertyOf(company);
    const response = await invoke('PUT', `/api/properties/${property.id}`, { cookies: [company.ceo.cookie], body: { name: 'Casa Verde', address: 'Rua 2' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Casa Verde', address: 'Rua 2' });
  });

  it('changes only the fields a PUT sends, and refuses a name or address sent empty, writing nothing', async () => {
    const company = await createTestCompany();
    const property = await propertyOf(company, 'Casa do Farol');
    await invoke('PUT', `/api/properties/${property.id}`, { cookies: [company.ceo.cookie], body: { name: 'Casa do Farol', address: 'Rua do Farol 12', doorCode: '4321' } });
    const inspections = await invoke('PUT', `/api/properties/${property.id}`, { cookies: [company.ceo.cookie], body: { inspectionRequired: true } });
    expect(inspections.status).toBe(200);
    expect(inspections.body).toMatchObject({ name: 'Casa do Farol', address: 'Rua do Farol 12', doorCode: '4321', inspectionRequired: true });
    const renamed = await invoke('PUT', `/api/properties/${property.id}`, { cookies: [company.ceo.cookie], body: { name: '  Casa do Farol Norte ' } });
    expect(renamed.body).toMatchObject({ name: 'Casa do Farol Norte', address: 'Rua do Farol 12', inspectionRequired: true });
    for (const body of [{ name: '' }, { address: '   ' }, { name: null }, { inspectionRequired: 'yes' }]) {
      const refused = await invoke('PUT', `/api/properties/${property.id}`, { cookies: [company.ceo.cookie], headers: PT, body });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual(Object.keys(body));
    }
    const stored = await invoke('GET', `/api/properties/${property.id}`, { cookies: [company.ceo.cookie] });
    expect(stored.body).toMatchObject({ name: 'Casa do Farol Norte', address: 'Rua do Farol 12', doorCode: '4321', inspectionRequired: true });
  });
});

describe('tasks', () => {
  const taskBody = (propertyId: string, extra: Record<string, unknown> = {}) => ({
    title: 'Turnover cleaning',
    description: 'Full clean',
    propertyId,
    ...extra,
  });

  it('creates a task with SPEC defaults and refreshes the counters', async () => {
    const company = await createTestCompany();
    const property = await propertyOf(company);
    const response = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: taskBody(property.id, { dueDate: null }) });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ type: 'cleaning', status: 'pending', assignedUserId: null, dueDate: null });
    const metrics = await invoke('GET', '/api/dashboard/metrics', { cookies: [company.ceo.cookie] });
    expect(metrics.body).toMatchObject({ activeProperties: 1, pendingTasks: 1 });
  });

  it('answers missing title, property and a bad type with field errors, writing nothing', async () => {
    const company = await createTestCompany();
    const response = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { type: 'gardening', title: '' } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['propertyId', 'title', 'type']);
    expect((await getStats(company.companyId)).taskCount).toBe(0);
  });

  it('words the checks no form shows in the request\'s language (an over-long id, a wrong type)', async () => {
    const company = await createTestCompany();
    const property = await propertyOf(company);
    const response = await invoke('POST', '/api/tasks', {
      cookies: [company.ceo.cookie],
      headers: PT,
      body: taskBody(property.id, { assignedUserId: 'x'.repeat(65), issue: 'yes', status: 42 }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ assignedUserId: 'Muito longo', issue: 'Valor inválido', status: 'Valor inválido' });
    expect((await getStats(company.companyId)).taskCount).toBe(0);
  });

  it('refuses another company\'s property or a stranger as assignee', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const myProperty = await propertyOf(mine);
    const theirProperty = await propertyOf(theirs);
    const foreignProperty = await invoke('POST', '/api/tasks', { cookies: [mine.ceo.cookie], body: taskBody(theirProperty.id) });
    expect(foreignProperty.status).toBe(400);
    expect(foreignProperty.body.errors).toHaveProperty('propertyId');
    const foreignAssignee = await invoke('POST', '/api/tasks', {
      cookies: [mine.ceo.cookie],
      body: taskBody(myProperty.id, { assignedUserId: theirs.ceo.user.id }),
    });
    expect(foreignAssignee.status).toBe(400);
    expect(foreignAssignee.body.errors).toHaveProperty('assignedUserId');
    expect((await getStats(mine.companyId)).taskCount).toBe(0);
  });

  it('filters by status and type, and paginates with a cursor header', async () => {
    const company = await createTestCompany();
    const property = await propertyOf(company);
    for (const [type, status] of [['cleaning', 'pending'], ['laundry', 'completed'], ['cleaning', 'completed']] as const) {
      await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: taskBody(property.id, { type, status }) });
    }
    const completed = await invoke('GET', '/api/tasks?status=completed', { cookies: [company.ceo.cookie] });
    expect(completed.body).toHaveLength(2);
    const cleaningDone = await invoke('GET', '/api/tasks?status=completed&type=cleaning', { cookies: [company.ceo.cookie] });
    expect(cleaningDone.body).toHaveLength(1);
    const first = await invoke('GET', '/api/tasks?limit=2', { cookies: [company.ceo.cookie] });
    expect(first.body).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await invoke('GET', `/api/tasks?limit=2&cursor=${cursor}`, { cookies: [company.ceo.cookie] });
    expect(second.body).toHaveLength(1);
    expect((await invoke('GET', '/api/tasks?status=bogus', { cookies: [company.ceo.cookie] })).status).toBe(400);
  });

  it('stamps completedAt, credits the assignee and updates the metrics', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const property = await propertyOf(company);
    const created = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: taskBody(property.id, { assignedUserId: staff.user.id }) });
    const updated = await invoke('PUT', `/api/tasks/${created.body.id}`, {
      cookies: [company.ceo.cookie],
      body: taskBody(property.id, { assignedUserId: staff.user.id, status: 'completed' }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.completedAt).toBeTruthy();
    const top = await invoke('GET', '/api/team/top-performers', { cookies: [company.ceo.cookie] });
    expect(top.body).toEqual([expect.objectContaining({ id: staff.user.id, completedTasks: 1 })]);
    const metrics = await invoke('GET', '/api/dashboard/metrics', { cookies: [company.ceo.cookie] });
    expect(metrics.body).toMatchObject({ pendingTasks: 0, teamEfficiency: 100 });
  });

  it('changes only the fields a PUT sends: a script completing a task with its status alone keeps the rest', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const property = await propertyOf(company);
    const dueDate = new Date(Date.now() + 86_400_000).toISOString();
    const task = (await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: taskBody(property.id, { type: 'maintenance', assignedUserId: staff.user.id, dueDate }) })).body;
    const started = await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [staff.cookie], body: { status: 'in_progress' } });
    expect(started.status).toBe(200);
    const done = await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [company.ceo.cookie], body: { status: 'completed' } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ type: 'maintenance', title: 'Turnover cleaning', description: 'Full clean', assignedUserId: staff.user.id, dueDate, status: 'completed' });
    expect(done.body.completedAt).toBeTruthy();
    const retitled = await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [company.ceo.cookie], body: { title: 'Boiler check' } });
    expect(retitled.body).toMatchObject({ type: 'maintenance', title: 'Boiler check', status: 'completed', assignedUserId: staff.user.id });
    const unassigned = await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [company.ceo.cookie], body: { assignedUserId: null, dueDate: null } });
    expect(unassigned.body).toMatchObject({ assignedUserId: null, dueDate: null, title: 'Boiler check', status: 'completed' });
    for (const body of [{ title: '' }, { propertyId: '' }, { type: 'party' }, { status: 'done' }]) {
      const refused = await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [company.ceo.cookie], body });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual(Object.keys(body));
    }
    expect(await getTask(company.companyId, task.id)).toMatchObject({ type: 'maintenance', title: 'Boiler check', status: 'completed', assignedUserId: null });
    // Staff still move only the status: another field sent alone is refused.
    expect((await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [staff.cookie], body: { title: 'Mine now' } })).status).toBe(403);
  });

  it('lets staff change only the status of tasks assigned to them', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const colleague = await company.add('staff');
    const property = await propertyOf(company);
    const body = taskBody(property.id, { assignedUserId: staff.user.id });
    const task = (await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body })).body;
    const own = await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [staff.cookie], body: { ...body, status: 'in_progress' } });
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('in_progress');
    const retitle = await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [staff.cookie], body: { ...body, title: 'Renamed', status: 'in_progress' } });
    expect(retitle.status).toBe(403);
    const notTheirs = await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [colleague.cookie], body: { ...body, status: 'completed' } });
    expect(notTheirs.status).toBe(403);
    expect(await getTask(company.companyId, task.id)).toMatchObject({ title: 'Turnover cleaning', status: 'in_progress' });
    expect((await invoke('POST', '/api/tasks', { cookies: [staff.cookie], body })).status).toBe(403);
  });

  it('answers 404 for another company\'s task and changes nothing', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const property = await propertyOf(theirs);
    const task = (await invoke('POST', '/api/tasks', { cookies: [theirs.ceo.cookie], body: taskBody(property.id) })).body;
    expect((await invoke('GET', `/api/tasks/${task.id}`, { cookies: [mine.ceo.cookie] })).status).toBe(404);
    const update = await invoke('PUT', `/api/tasks/${task.id}`, { cookies: [mine.ceo.cookie], body: taskBody(property.id, { status: 'cancelled' }) });
    expect(update.status).toBe(404);
    expect((await getTask(theirs.companyId, task.id))?.status).toBe('pending');
    expect((await invoke('GET', '/api/tasks', { cookies: [mine.ceo.cookie] })).body).toEqual([]);
  });

  it('lists the five most recent tasks', async () => {
    const company = await createTestCompany();
    const property = await propertyOf(company);
    for (let i = 0; i < 7; i++) await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: taskBody(property.id, { title: `Task ${i}` }) });
    const recent = await invoke('GET', '/api/tasks/recent', { cookies: [company.ceo.cookie] });
    expect(recent.body.map((t: { title: string }) => t.title)).toEqual(['Task 6', 'Task 5', 'Task 4', 'Task 3', 'Task 2']);
  });
});

describe('team, dashboard and check-ins', () => {
  it('lists the team without private fields', async () => {
    const company = await createTestCompany();
    await company.add('staff');
    await createTestCompany();
    const team = await invoke('GET', '/api/team', { cookies: [company.ceo.cookie] });
    expect(team.body).toHaveLength(2);
    expect(Object.keys(team.body[0]).sort()).toEqual(['completedTasks', 'createdAt', 'email', 'firstName', 'id', 'invitationPending', 'lastName', 'profileImageUrl', 'propertyGroupIds', 'role']);
  });

  it('counts this month\'s paid invoices as monthly revenue, to the cent', async () => {
    const company = await createTestCompany();
    await createInvoice(company.companyId, { amount: '0.10', status: 'paid', dueDate: '2026-11-01' });
    await createInvoice(company.companyId, { amount: '0.20', status: 'paid', dueDate: '2026-11-01' });
    await createInvoice(company.companyId, { amount: '999.99', status: 'pending', dueDate: '2026-11-01' });
    const metrics = await invoke('GET', '/api/dashboard/metrics', { cookies: [company.ceo.cookie] });
    expect(metrics.body.monthlyRevenue).toBe(0.3);
  });

  it('lists upcoming check-ins with only the fields the screen reads', async () => {
    const company = await createTestCompany();
    const property = await propertyOf(company);
    await createReservation(company.companyId, {
      propertyId: property.id,
      guestName: 'Emma',
      checkinDate: new Date(Date.now() + 86_400_000).toISOString(),
      checkoutDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    const upcoming = await invoke('GET', '/api/reservations/upcoming', { cookies: [company.ceo.cookie] });
    expect(upcoming.body).toEqual([{ id: expect.any(String), propertyId: property.id, guestName: 'Emma', checkinDate: expect.any(String) }]);
  });
});

describe('reservations of a property', () => {
  it('lists a property\'s reservations by check-in and refuses another company\'s property', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const property = await propertyOf(mine);
    const day = 86_400_000;
    for (const [guest, offset] of [['Later', 9], ['Sooner', 2]] as const) {
      await createReservation(mine.companyId, {
        propertyId: property.id,
        guestName: guest,
        checkinDate: new Date(Date.now() + offset * day).toISOString(),
        checkoutDate: new Date(Date.now() + (offset + 2) * day).toISOString(),
      });
    }
    const list = await invoke('GET', `/api/reservations?propertyId=${property.id}`, { cookies: [mine.ceo.cookie] });
    expect(list.status).toBe(200);
    expect(list.body.map((r: { guestName: string }) => r.guestName)).toEqual(['Sooner', 'Later']);
    const foreign = await invoke('GET', `/api/reservations?propertyId=${property.id}`, { cookies: [theirs.ceo.cookie] });
    expect(foreign.status).toBe(404);
    expect((await invoke('GET', '/api/reservations', { cookies: [mine.ceo.cookie] })).status).toBe(400);
  });
});
