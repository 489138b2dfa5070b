// The portfolio calendar at scale (npm run bench, section `portfolio`; issue 40 point 1): a company
// of 100 and one of 300 properties, each with a year of history behind the window and 90 days ahead
// of stays (three nights, a free night between), their turnover cleanings (assigned or not) and an
// owner block, written with the keys and items the repositories write (reservations on their
// property's index, month occupancy items, tasks with their due-date entries). Then GET
// /api/calendar/portfolio through the local API for 14 and 90 days, every page of properties
// (100 a page, and 300 in one request): items read (ScannedCount, Items and Responses at the SDK
// boundary: bench/items-read.ts) and time per request, and items read per property.
import { ulid } from 'ulid';
import { addDays, localDay, localInstant, stayNights } from '../shared/days';
import { keys } from '../functions/data/keys';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createSession } from '../functions/data/repositories/sessions';
import { emailClaimItem, userItem } from '../functions/data/repositories/users';
import { SESSION_COOKIE } from '../functions/lib/cookies';
import { invoke } from '../local/invoke';
import type { User } from '../shared/schemas';
import { installItemsReadCounter, takeItemsRead } from './items-read';
import { writeAll } from './seed-scale';

const TZ = 'America/New_York';
/** Days of stays before the window (history a calendar never reads) and in it. */
const HISTORY_DAYS = 365;
const AHEAD_DAYS = 90;

export interface PortfolioRun {
  properties: number;
  days: number;
  pageSize: number;
  requests: number;
  itemsRead: number;
  itemsPerProperty: number;
  /** Milliseconds for the whole window (every page), median of the runs; and per property. */
  ms: number;
  msPerProperty: number;
}

async function seedPortfolioCompany(properties: number, today: string): Promise<{ cookie: string }> {
  const { company, user: ceo } = await createCompanyWithOwner({
    company: { name: `Portfolio ${properties}`, plan: 'enterprise' },
    owner: { email: `ceo.portfolio${properties}.${Date.now()}@bench.rentalops.test`, firstName: 'Bench', lastName: 'CEO' },
  });
  const cid = company.id;
  const created = new Date().toISOString();
  const members: User[] = Array.from({ length: 6 }, (_, i) => ({
    id: crypto.randomUUID(), email: `m${i}.${cid}@bench.rentalops.test`.toLowerCase(), firstName: 'Cleaner', lastName: `${i}`, role: 'staff', companyId: cid, authProvider: 'cognito', completedTasks: 0, createdAt: created, updatedAt: created,
  }));
  const items: Record<string, unknown>[] = members.flatMap((member) => [emailClaimItem(member), userItem(member)]);
  for (let p = 0; p < properties; p++) {
    const propertyId = ulid(Date.now() - (properties - p) * 1000);
    items.push({ ...keys.property(cid, propertyId), entity: 'property', id: propertyId, name: `Home ${String(p).padStart(3, '0')}`, address: `Street ${p}, ${['Lisboa', 'Porto', 'Faro'][p % 3]}`, companyId: cid, createdAt: created, updatedAt: created });
    const months = new Map<string, Record<string, unknown>>();
    const hold = (night: string, id: string, block: boolean) => {
      const month = night.slice(0, 7);
      const item = months.get(month) ?? { ...keys.propertyMonth(cid, propertyId, month), entity: 'occupancy', propertyId, monthKey: month };
      if (block) item[`b${night.slice(8, 10)}`] = new Set([id]);
      else item[`d${night.slice(8, 10)}`] = id;
      months.set(month, item);
    };
    // Three nights, one free, from a year back to 90 days ahead; an owner block every 60 days.
    for (let start = -HISTORY_DAYS + (p % 4); start < AHEAD_DAYS; start += 4) {
      const id = ulid();
      const checkinDay = addDays(today, start);
      const checkoutDay = addDays(checkinDay, 3);
      const block = Math.floor(start / 4) % 15 === 0;
      const reservation = {
        id, propertyId, guestName: block ? 'Owner stay' : `Guest ${p}-${start}`, checkinDate: localInstant(checkinDay, 15, TZ), checkoutDate: localInstant(checkoutDay, 11, TZ), checkinDay, checkoutDay,
        integrationSource: block ? 'direct' : ['airbnb', 'booking', 'vrbo', 'direct'][start & 3], status: 'confirmed', claims: 'month', hold: block ? 'block' : 'booking', createdAt: created, updatedAt: created,
        ...(block ? { kind: 'block' } : {}),
      };
      const indexes = keys.reservationIndexes(cid, reservation);
      items.push({ ...keys.reservation(cid, id), ...(block ? {} : indexes), entity: 'reservation', ...reservation });
      for (const night of stayNights(checkinDay, checkoutDay)) hold(night, id, block);
      if (block) continue;
      const taskId = ulid();
      const dueDate = localInstant(checkoutDay, 11, TZ);
      const assignee = start % 3 === 0 ? null : members[(((p + start) % members.length) + members.length) % members.length].id;
      const status = start < 0 ? 'completed' : 'pending';
      const task = { id: taskId, type: 'cleaning', title: 'Turnover cleaning', description: null, propertyId, reservationId: id, assignedUserId: assignee, status, dueDate, completedAt: null, createdAt: created, updatedAt: created };
      items.push({ ...keys.task(cid, taskId), ...keys.taskIndexes(cid, { id: taskId, status, type: 'cleaning', propertyId }), entity: 'task', ...task });
      items.push({ ...keys.taskDue(cid, propertyId, dueDate, taskId), ...keys.tasksDueIndex(cid, dueDate, taskId), entity: 'taskDue', taskId, dueDate });
    }
    items.push(...months.values());
  }
  await writeAll(items);
  const session = await createSession({ userId: ceo.id, companyId: cid, email: ceo.email, role: 'ceo' });
  return { cookie: `${SESSION_COOKIE}=${session.sid}` };
}

/** Every page of one window: requests made, items read, milliseconds. */
async function readWindow(cookie: string, from: string, days: number, pageSize: number) {
  takeItemsRead();
  const started = performance.now();
  let cursor: string | null = null;
  let requests = 0;
  let properties = 0;
  do {
    const response: { status: number; body: { properties: unknown[]; nextCursor: string | null } } = await invoke('GET', `/api/calendar/portfolio?from=${from}&days=${days}&limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { cookies: [cookie] });
    if (response.status !== 200) throw new Error(`portfolio: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
    requests += 1;
    properties += response.body.properties.length;
    cursor = response.body.nextCursor;
  } while (cursor);
  return { requests, properties, ms: performance.now() - started, items: takeItemsRead() };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runPortfolioBench(options: { sizes: number[]; runs: number; log: (line: string) => void }): Promise<PortfolioRun[]> {
  installItemsReadCounter();
  const today = localDay(new Date(), TZ);
  const rows: PortfolioRun[] = [];
  // Every company is written before the first request: the local permission guard, installed by the
  // first invoke, refuses the bulk BatchWrite of task items (it writes no task-list revision).
  const companies: Array<{ properties: number; cookie: string }> = [];
  for (const properties of options.sizes) {
    options.log(`portfolio: seeding ${properties} properties (${HISTORY_DAYS} days of history, ${AHEAD_DAYS} ahead)…`);
    companies.push({ properties, ...(await seedPortfolioCompany(properties, today)) });
  }
  for (const { properties, cookie } of companies) {
    for (const [days, pageSize] of [[14, 100], [90, 100], [90, 300]] as const) {
      await readWindow(cookie, today, days, pageSize); // warm-up
      const runs = [];
      for (let i = 0; i < options.runs; i++) runs.push(await readWindow(cookie, today, days, pageSize));
      const last = runs[runs.length - 1];
      if (last.properties !== properties) throw new Error(`portfolio: ${last.properties} of ${properties} properties answered`);
      const ms = median(runs.map((run) => run.ms));
      rows.push({ properties, days, pageSize, requests: last.requests, itemsRead: last.items, itemsPerProperty: last.items / properties, ms, msPerProperty: ms / properties });
      options.log(`portfolio: ${properties} properties, ${days} days, pages of ${pageSize}: ${last.items} items, ${ms.toFixed(0)} ms`);
    }
  }
  return rows;
}
