// Upload rate limits (issue 43 point 7), through the route table against DynamoDB Local and the S3
// stand-in: an offline phone's replay of a cleaning's photos goes through at once; past a user's
// burst, or a user's or company's daily count, the upload URL is refused with 429, a message in the
// caller's language and Retry-After, and the refused request counts nowhere.
import { invoke } from '../../local/invoke';
import { startClockAtNextWindow } from '../../tests/support/clock';
import { createTestCompany, putRaw, type TestCompany } from '../../tests/support/fixtures';
import { getRawItem } from '../data/db';
import { keys } from '../data/keys';
import { BURST_WINDOW_SECONDS, UPLOAD_LIMITS, uploadCountersAt } from './upload-rate';

const PT = { 'accept-language': 'pt-BR' };
const EN = { 'accept-language': 'en' };
const ES = { 'accept-language': 'es' };

async function taskOf(company: TestCompany, assignedUserId?: string): Promise<string> {
  const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa do Farol', address: 'Rua 1' } });
  const task = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { type: 'cleaning', title: 'Turnover cleaning', propertyId: property.body.id, assignedUserId } });
  expect(task.status).toBe(201);
  return task.body.id;
}

const photoUrl = (cookie: string, taskId: string, headers: Record<string, string> = EN) =>
  invoke('POST', '/api/objects/upload', { cookies: [cookie], body: { taskId, contentType: 'image/jpeg', size: 2_400_000 }, headers });

/** The counter of `limit` for the caller now (the same windows the route counts in). */
function counterOf(caller: { userId: string; companyId: string }, limit: 'userBurst' | 'userDay' | 'companyBurst' | 'companyDay') {
  const found = uploadCountersAt(caller, new Date()).find((candidate) => candidate.limit === limit)!;
  return { key: keys.uploadCount(found.counter.companyId, found.counter.scope, found.counter.id, found.counter.window), counter: found.counter };
}
const countOf = async (caller: { userId: string; companyId: string }, limit: Parameters<typeof counterOf>[1]) => Number((await getRawItem(counterOf(caller, limit).key))?.uploads ?? 0);

describe('upload rate limits', () => {
  afterEach(() => jest.useRealTimers());

  it('lets an offline phone replay a cleaning\'s 30 photos at once, and refuses the burst past its limit with 429 in words and Retry-After', async () => {
    startClockAtNextWindow(BURST_WINDOW_SECONDS);
    const company = await createTestCompany({ plan: 'professional' });
    const staff = await company.add('staff');
    const taskId = await taskOf(company, staff.user.id);
    const me = { userId: staff.user.id, companyId: company.companyId };

    // The replay: 30 photos asked for in parallel, as the phone's queue sends them on reconnecting.
    const replay = await Promise.all(Array.from({ length: 30 }, () => photoUrl(staff.cookie, taskId)));
    expect(replay.map((response) => response.status)).toEqual(Array(30).fill(200));
    expect(await countOf(me, 'userBurst')).toBe(30);
    expect(await countOf(me, 'companyDay')).toBe(30);

    // More replays (other cleanings, retries) up to the burst: still accepted.
    for (let sent = 30; sent < UPLOAD_LIMITS.user.burst; sent += 30) {
      const batch = await Promise.all(Array.from({ length: Math.min(30, UPLOAD_LIMITS.user.burst - sent) }, () => photoUrl(staff.cookie, taskId)));
      expect(batch.every((response) => response.status === 200)).toBe(true);
    }
    const refused = await photoUrl(staff.cookie, taskId, PT);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'upload-rate-limited', details: { limit: 'userBurst', allowed: UPLOAD_LIMITS.user.burst } });
    expect(refused.body.message).toBe('Muitas fotos estão sendo enviadas de uma vez. Aguarde alguns minutos e envie o restante; nada do que já foi enviado se perde.');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(BURST_WINDOW_SECONDS);
    expect(refused.body).not.toHaveProperty('uploadURL');
    // The refused request counted nowhere; the company's other members still upload.
    expect(await countOf(me, 'userBurst')).toBe(UPLOAD_LIMITS.user.burst);
    expect(await countOf(me, 'companyBurst')).toBe(UPLOAD_LIMITS.user.burst);
    expect((await photoUrl(company.ceo.cookie, taskId)).status).toBe(200);
  }, 240_000);

  it('refuses past a user\'s daily count and a company\'s, saying which, until the UTC day ends', async () => {
    const company = await createTestCompany({ plan: 'professional' });
    const manager = await company.add('operational_manager');
    const taskId = await taskOf(company);
    const ceo = { userId: company.ceo.user.id, companyId: company.companyId };
    const other = { userId: manager.user.id, companyId: company.companyId };

    // The CEO has sent their day's allowance.
    const day = counterOf(ceo, 'userDay');
    await putRaw({ ...day.key, entity: 'uploadCount', uploads: UPLOAD_LIMITS.user.day, expiresAt: day.counter.expiresAt });
    const mine = await photoUrl(company.ceo.cookie, taskId, EN);
    expect(mine.status).toBe(429);
    expect(mine.body).toMatchObject({ code: 'upload-rate-limited', details: { limit: 'userDay' }, message: 'You have reached the daily limit of photo uploads. You can send more tomorrow.' });
    const untilMidnight = Math.ceil((Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000 - Date.now()) / 1000);
    expect(Math.abs(Number(mine.headers['retry-after']) - untilMidnight)).toBeLessThanOrEqual(5);
    // The logo is an upload too.
    const logo = await invoke('POST', `/api/companies/${company.companyId}/logo/upload`, { cookies: [company.ceo.cookie], body: { contentType: 'image/png', size: 1000 }, headers: EN });
    expect(logo.status).toBe(429);
    // A colleague still uploads; then the company's day is full for everyone (in their language).
    expect((await photoUrl(manager.cookie, taskId)).status).toBe(200);
    const companyDay = counterOf(other, 'companyDay');
    await putRaw({ ...companyDay.key, entity: 'uploadCount', uploads: UPLOAD_LIMITS.company.day, expiresAt: companyDay.counter.expiresAt });
    const theirs = await photoUrl(manager.cookie, taskId, ES);
    expect(theirs.status).toBe(429);
    expect(theirs.body).toMatchObject({ details: { limit: 'companyDay' }, message: 'Tu empresa alcanzó su límite diario de envío de fotos. Podrán enviar más mañana.' });
    // Refused: counted nowhere (the colleague's burst still holds only the one accepted upload).
    expect(await countOf(other, 'userBurst')).toBe(1);
    expect(await countOf(other, 'userDay')).toBe(1);
  });

  it('leaves other companies alone, and checks the request before counting it', async () => {
    const company = await createTestCompany({ plan: 'professional' });
    const neighbour = await createTestCompany({ plan: 'professional' });
    const taskId = await taskOf(company);
    const full = counterOf({ userId: company.ceo.user.id, companyId: company.companyId }, 'companyDay');
    await putRaw({ ...full.key, entity: 'uploadCount', uploads: UPLOAD_LIMITS.company.day, expiresAt: full.counter.expiresAt });
    expect((await photoUrl(company.ceo.cookie, taskId)).status).toBe(429);
    expect((await photoUrl(neighbour.ceo.cookie, await taskOf(neighbour))).status).toBe(200);
    // A request refused for what it is (no size, someone else's task) takes nothing from the allowance.
    const me = { userId: neighbour.ceo.user.id, companyId: neighbour.companyId };
    expect((await invoke('POST', '/api/objects/upload', { cookies: [neighbour.ceo.cookie], body: { taskId, contentType: 'image/jpeg', size: 1000 } })).status).toBe(404);
    expect((await invoke('POST', '/api/objects/upload', { cookies: [neighbour.ceo.cookie], body: { taskId: await taskOf(neighbour), contentType: 'image/jpeg' } })).status).toBe(400);
    expect(await countOf(me, 'userDay')).toBe(1);
  });
});
