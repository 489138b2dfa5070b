// Hostile and careless values through the route table (issue 24's walk covers wrong types and
// malformed ids; this file the well-formed values that still must not be taken): dates whose year
// is a typo (0026, 9999), and text carrying control or invisible characters. Every refusal is a
// 400 in the caller's language (Portuguese here) and writes nothing.
import { invoke } from '../local/invoke';
import { companyItems, createTestCompany, type TestCompany } from '../tests/support/fixtures';
import { utcDay } from '../shared/rules';
import { tableName } from './data/client';
import { transactWrite } from './data/db';
import { keys } from './data/keys';

const PT = { 'accept-language': 'pt-BR' };
const day = (offset: number) => utcDay(new Date(Date.now() + offset * 86_400_000));
const OUT_OF_RANGE = 'Escolha uma data entre os anos 2000 e 2099';

async function propertyOf(company: TestCompany) {
  const created = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa Azul', address: 'Rua 1' } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

describe('dates whose year is out of any sane range', () => {
  it('answers a calendar month or a dispatch week outside 2000-2099 with a translated 400, never a 500', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    for (const month of ['0000-01', '1999-12', '9999-12']) {
      const answer = await invoke('GET', `/api/properties/${propertyId}/calendar?month=${month}`, { cookies: [company.ceo.cookie], headers: PT });
      expect({ month, status: answer.status, errors: answer.body.errors }).toEqual({ month, status: 400, errors: { month: OUT_OF_RANGE } });
    }
    for (const week of ['0001-01-01', '9999-12-31']) {
      const answer = await invoke('GET', `/api/dispatch?week=${week}`, { cookies: [company.ceo.cookie], headers: PT });
      expect({ week, status: answer.status, errors: answer.body.errors }).toEqual({ week, status: 400, errors: { week: OUT_OF_RANGE } });
    }
    expect((await invoke('GET', `/api/properties/${propertyId}/calendar?month=2026-03`, { cookies: [company.ceo.cookie] })).status).toBe(200);
    expect((await invoke('GET', `/api/dispatch?week=${day(0)}`, { cookies: [company.ceo.cookie] })).status).toBe(200);
  });

  it('refuses a task, invoice, expense or shift dated in year 1, 1900 or 9999, and writes nothing', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const propertyId = await propertyOf(company);
    const before = await companyItems(company.companyId);
    const cookies = [company.ceo.cookie];
    const refusals: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/api/tasks', { title: 'Limpeza', propertyId, dueDate: '0001-01-01T10:00:00Z' }, 'dueDate'],
      ['POST', '/api/tasks', { title: 'Limpeza', propertyId, dueDate: '9999-12-31T23:59:59Z' }, 'dueDate'],
      ['POST', '/api/invoices', { amount: '10', dueDate: '0001-01-01' }, 'dueDate'],
      ['POST', '/api/invoices', { amount: '10', dueDate: '9999-12-31' }, 'dueDate'],
      ['POST', '/api/expenses', { amount: '10', date: '1900-01-01', category: 'other' }, 'date'],
      ['POST', '/api/expenses', { amount: '10', date: '9999-01-01', category: 'other' }, 'date'],
      ['PUT', '/api/shifts/9999-12-31/morning', { teams: [{ name: 'A', memberIds: [staff.user.id] }] }, 'date'],
    ];
    for (const [method, url, body, field] of refusals) {
      const answer = await invoke(method, url, { cookies, body, headers: PT });
      expect({ url, body, status: answer.status, errors: answer.body.errors }).toEqual({ url, body, status: 400, errors: { [field]: OUT_OF_RANGE } });
    }
    expect(await companyItems(company.companyId)).toBe(before);
    // The years a company works in are taken as before.
    expect((await invoke('POST', '/api/tasks', { cookies, body: { title: 'Limpeza', propertyId, dueDate: `${day(3)}T10:00:00Z` } })).status).toBe(201);
    expect((await invoke('POST', '/api/invoices', { cookies, body: { amount: '10', dueDate: '2000-01-01' } })).status).toBe(201);
    expect((await invoke('POST', '/api/expenses', { cookies, body: { amount: '10', date: '2099-12-31', category: 'other' } })).status).toBe(201);
  });

  it('refuses a custom report range in year 1 or 9999', async () => {
    const company = await createTestCompany();
    for (const [from, to] of [['0001-01-01', '0001-12-31'], ['9999-01-01', '9999-12-31']]) {
      const answer = await invoke('GET', `/api/reports?range=custom&from=${from}&to=${to}`, { cookies: [company.ceo.cookie], headers: PT });
      expect({ from, status: answer.status, errors: answer.body.errors }).toEqual({ from, status: 400, errors: { from: OUT_OF_RANGE, to: OUT_OF_RANGE } });
    }
  });
});

describe('text with control, line-break or direction-override characters', () => {
  const HIDDEN = 'Este texto tem caracteres de controle ocultos (como quebras de linha ou de direção do texto); remova-os';

  it('refuses controls, direction overrides and half characters with a translated 400, and writes nothing', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const before = await companyItems(company.companyId);
    const cookies = [company.ceo.cookie];
    const refusals: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/api/tasks', { title: 'Limpeza\u0000', propertyId }, 'title'],
      // A right-to-left override shows "abc\u202Egpj.exe" as "abcexe.jpg".
      ['POST', '/api/invoices', { amount: '10', dueDate: day(3), client: 'abc\u202Egpj.exe' }, 'client'],
      ['POST', '/api/properties', { name: 'Casa\u0007', address: 'Rua 1' }, 'name'],
      ['POST', '/api/reservations', { propertyId, guestName: 'Emma\u2066Johnson', checkinDate: day(10), checkoutDate: day(12) }, 'guestName'],
      ['POST', '/api/notifications/send', { companyId: company.companyId, subject: 'Aviso\u001B[2J', message: 'Olá' }, 'subject'],
      ['POST', '/api/team/invites', { email: 'new.member@example.test', firstName: 'Ana', lastName: 'Lima\u009B', role: 'staff' }, 'lastName'],
      ['POST', `/api/tasks`, { title: 'Limpeza', propertyId, description: 'Trocar\u0000 toalhas' }, 'description'],
      // Half of an emoji (a lone UTF-16 surrogate) is no character: no file, mail or database takes it as one.
      ['POST', '/api/properties', { name: 'Casa \ud83c', address: 'Rua 1' }, 'name'],
      ['POST', `/api/tasks`, { title: 'Limpeza', propertyId, description: 'Trocar \ude00 toalhas' }, 'description'],
    ];
    for (const [method, url, body, field] of refusals) {
      const answer = await invoke(method, url, { cookies, body, headers: PT });
      expect({ url, body, status: answer.status, error: answer.body.errors?.[field] }).toEqual({ url, body, status: 400, error: HIDDEN });
    }
    expect(await companyItems(company.companyId)).toBe(before);
  });

  it('keeps one-line text (names, titles) on one line: line breaks and tabs become one space', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const cookies = [company.ceo.cookie];
    // A line break in a title would be a second header line of the "Task assigned: <title>" e-mail.
    const task = await invoke('POST', '/api/tasks', { cookies, body: { title: 'Limpeza\r\nBcc: victim@example.test', propertyId } });
    expect(task.status).toBe(201);
    expect(task.body.title).toBe('Limpeza Bcc: victim@example.test');
    const pasted = await invoke('POST', '/api/properties', { cookies, body: { name: 'Casa\tAzul\u2028', address: 'Rua 1\nLisboa' } });
    expect(pasted.status).toBe(201);
    expect(pasted.body).toMatchObject({ name: 'Casa Azul', address: 'Rua 1\nLisboa' });
  });

  it('takes line breaks in longer text, emoji and right-to-left scripts, and refuses a title of invisible characters only', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const cookies = [company.ceo.cookie];
    const created = await invoke('POST', '/api/tasks', {
      cookies,
      body: { title: 'Limpeza 🧹 בית نظيف 👨‍👩‍👧', propertyId, description: 'Trocar toalhas\r\n\tCama de casal\nVaranda' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Limpeza 🧹 בית نظيف 👨‍👩‍👧', description: 'Trocar toalhas\r\n\tCama de casal\nVaranda' });
    const invisible = await invoke('POST', '/api/tasks', { cookies, headers: PT, body: { title: '\u200B\u200B\u2060', propertyId } });
    expect(invisible.status).toBe(400);
    expect(invisible.body.errors).toEqual({ title: 'Título é obrigatório' });
  });

  it('lets staff move the status of a task whose title was stored with a tab before titles were kept on one line', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const propertyId = await propertyOf(company);
    const created = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Limpeza quarto', propertyId, assignedUserId: staff.user.id } });
    expect(created.status).toBe(201);
    const stored = { TableName: tableName(), Key: keys.task(company.companyId, created.body.id), UpdateExpression: 'SET title = :t', ExpressionAttributeValues: { ':t': 'Limpeza\tquarto' } };
    await transactWrite([{ Update: stored }], () => new Error('not written'));
    // The phone sends the task as it holds it, with the new status (frontend/src/lib/offline/send.ts).
    const { type, title, description, assignedUserId, dueDate } = (await invoke('GET', `/api/tasks/${created.body.id}`, { cookies: [staff.cookie] })).body;
    expect(title).toBe('Limpeza\tquarto');
    const started = await invoke('PUT', `/api/tasks/${created.body.id}`, { cookies: [staff.cookie], body: { type, title, description, propertyId, assignedUserId, dueDate, status: 'in_progress' } });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'in_progress', title: 'Limpeza\tquarto' });
    // Anything else staff change is still refused.
    const renamed = await invoke('PUT', `/api/tasks/${created.body.id}`, { cookies: [staff.cookie], body: { type, title: 'Outra', description, propertyId, assignedUserId, dueDate, status: 'in_progress' } });
    expect(renamed.status).toBe(403);
  });
});

describe('a problem reported with an old-style line break', () => {
  it('titles the work order with the first line only, whatever line break ends it', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const cookies = [company.ceo.cookie];
    const task = await invoke('POST', '/api/tasks', { cookies, body: { title: 'Limpeza', propertyId } });
    expect(task.status).toBe(201);
    for (const [description, title] of [
      ['Caldeira avariada\rBcc: victim@example.test', 'Problema: Caldeira avariada'],
      ['Torneira a pingar\u2028na cozinha', 'Problema: Torneira a pingar'],
      ['Porta\tpartida', 'Problema: Porta partida'],
    ]) {
      const reported = await invoke('POST', `/api/tasks/${task.body.id}/problems`, { cookies, body: { description, urgency: 'high' } });
      expect(reported.status).toBe(201);
      expect(reported.body.title).toBe(title);
      // The work order's own title passes the task form's checks: it can be edited as it is.
      const { type, title: same, description: text, propertyId: at, assignedUserId, status, dueDate } = reported.body;
      const edited = await invoke('PUT', `/api/tasks/${reported.body.id}`, { cookies, body: { type, title: same, description: text, propertyId: at, assignedUserId, status, dueDate } });
      expect(edited.status).toBe(200);
    }
  });
});

describe('a page cursor crafted in the caller own partition', () => {
  const encode = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

  it('answers 400 "invalid cursor" for a key without a sort key, outside the list, of another kind or with extra fields, never a 500', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const cookies = [company.ceo.cookie];
    for (const title of ['Um', 'Dois', 'Três']) expect((await invoke('POST', '/api/tasks', { cookies, body: { title, propertyId } })).status).toBe(201);
    for (const amount of ['1', '2']) expect((await invoke('POST', '/api/invoices', { cookies, body: { amount, dueDate: day(3) } })).status).toBe(201);
    const pk = `COMPANY#${company.companyId}`;
    const crafted = [{ pk }, { pk, sk: '' }, { pk, sk: 'ZZZZ' }, { pk, sk: 'AAAA' }, { pk, sk: 'SESSION#x' }, { pk, sk: 'TASK#x', other: 'y' }];
    const lists = ['/api/tasks', `/api/tasks?propertyId=${propertyId}`, '/api/properties', '/api/me/inbox', '/api/financials/transactions', '/api/financials/transactions?kind=invoice'];
    for (const list of lists) {
      for (const key of crafted) {
        const url = `${list}${list.includes('?') ? '&' : '?'}cursor=${encode(key)}`;
        const answer = await invoke('GET', url, { cookies, headers: PT });
        expect({ list, key, status: answer.status, message: answer.body.message }).toEqual({ list, key, status: 400, message: 'Cursor de página inválido' });
      }
    }
    // The cursors the lists hand out still lead to the next page.
    for (const list of ['/api/tasks', `/api/tasks?propertyId=${propertyId}`, '/api/financials/transactions', '/api/financials/transactions?kind=invoice']) {
      const first = await invoke('GET', `${list}${list.includes('?') ? '&' : '?'}limit=1`, { cookies });
      const cursor = first.headers['x-next-cursor'];
      expect(cursor).toBeDefined();
      const next = await invoke('GET', `${list}${list.includes('?') ? '&' : '?'}limit=1&cursor=${cursor}`, { cookies });
      expect({ list, status: next.status, length: next.body.length }).toEqual({ list, status: 200, length: 1 });
      expect(next.body[0].id).not.toBe(first.body[0].id);
    }
  });
});
