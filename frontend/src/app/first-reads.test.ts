// The screens' first reads (lib/first-reads.ts): the keys app/boot.ts loads before React draws must be
// exactly the keys the screens' hooks read on their first render, built with the hooks' own key
// builders, for the address (filters, ids, hostile query strings) and the user's role.
import { unstable_serialize } from 'swr';
import { unstable_serialize as infiniteKey } from 'swr/infinite';
import type { FirstRead, FirstReads, FirstReadsUser } from '../lib/first-reads';

// api-client's i18n set-up loads catalogues through Vite (import.meta.glob); not needed here.
jest.mock('../lib/i18n', () => ({ __esModule: true, default: { t: (key: string) => key, isInitialized: true, on: () => undefined }, currentLanguage: () => 'en' }));

/* eslint-disable @typescript-eslint/no-require-imports -- after the mock above */
const load = <T>(path: string) => require(path) as T;
const screen = (path: string) => load<{ firstReads: FirstReads }>(path).firstReads;
const tasksApi = load<typeof import('../features/tasks/api/get-task-pages')>('../features/tasks/api/get-task-pages');
const historyApi = load<typeof import('../features/tasks/api/get-task-history')>('../features/tasks/api/get-task-history');
const cursorApi = load<typeof import('../features/properties/api/cursor-pages')>('../features/properties/api/cursor-pages');
const reservationKeys = load<typeof import('../features/reservations/api/keys')>('../features/reservations/api/keys');
/* eslint-enable @typescript-eslint/no-require-imports */

const CEO: FirstReadsUser = { id: 'u1', role: 'ceo', companyId: 'c1' };
const MANAGER: FirstReadsUser = { id: 'u2', role: 'operational_manager', companyId: 'c1' };
const STAFF: FirstReadsUser = { id: 'u3', role: 'staff', companyId: 'c1' };

const keysOf = (reads: readonly FirstRead[]) => reads.map((read) => (typeof read === 'string' ? read : read.key));
const at = (pathname: string, search = '') => ({ pathname, search });

describe('the shell', () => {
  it('reads the pending-task badge and the bell for everyone', () => {
    const firstReads = screen('./routes/AuthenticatedLayout');
    expect(keysOf(firstReads(at('/tasks'), STAFF))).toEqual(['/api/dashboard/metrics', '/api/me/inbox']);
  });
});

describe('the task list', () => {
  const firstReads = screen('../features/tasks/routes/TasksPage');

  it('reads the first page of the filters in the address, under the page and the list keys', () => {
    const filters = { status: 'pending', type: 'cleaning' } as const;
    const page = tasksApi.taskPageUrl(filters, null, tasksApi.TASK_PAGE_SIZE);
    expect(keysOf(firstReads(at('/tasks', '?type=cleaning&status=pending'), CEO))).toEqual([
      page,
      infiniteKey(tasksApi.taskPagesKeyLoader(filters, tasksApi.TASK_PAGE_SIZE)),
      '/api/properties?limit=100',
      '/api/team',
    ]);
    expect(page).toBe('/api/tasks?limit=25&status=pending&type=cleaning');
  });

  it('ignores filters the screen ignores, and a title search reads the larger pages', () => {
    const [page] = keysOf(firstReads(at('/tasks', '?status=%3Cscript%3E&type=x%27--&q=%20Casa%20'), STAFF));
    expect(page).toBe(tasksApi.taskPageUrl({}, null, tasksApi.TASK_SEARCH_PAGE_SIZE));
    expect(keysOf(firstReads(at('/tasks', '?q=%20%20'), STAFF))[0]).toBe('/api/tasks?limit=25');
  });

  it('loads the first page once for both keys, the list holding [page]', async () => {
    const fetched: string[] = [];
    const original = global.fetch;
    global.fetch = (async (input: string) => {
      fetched.push(String(input));
      return new Response(JSON.stringify([{ id: 't1' }]), { status: 200, headers: { 'content-type': 'application/json', 'x-next-cursor': 'n1', 'x-total-count': '7' } });
    }) as typeof fetch;
    try {
      const [pageRead, listRead] = firstReads(at('/tasks'), CEO) as Array<{ key: string; load: () => Promise<unknown> }>;
      const [page, list] = await Promise.all([pageRead!.load(), listRead!.load()]);
      expect(fetched).toEqual([expect.stringContaining('/api/tasks?limit=25')]);
      expect(list).toEqual([page]);
      expect(page).toEqual({ items: [{ id: 't1' }], nextCursor: 'n1', total: 7 });
    } finally {
      global.fetch = original;
    }
  });
});

describe('a task', () => {
  it('reads the task, its checklist and history, with the id decoded as the router does', () => {
    const firstReads = screen('../features/tasks/routes/TaskDetailPage');
    const id = 'T 1/é';
    const keys = keysOf(firstReads(at(`/tasks/${encodeURIComponent(id)}`), CEO));
    const history = historyApi.taskHistoryKeyLoader(id);
    expect(keys).toEqual([
      `/api/tasks/${encodeURIComponent(id)}`,
      `/api/tasks/${encodeURIComponent(id)}/checklist`,
      historyApi.taskHistoryUrl(id, null),
      infiniteKey(history),
      '/api/properties?limit=100',
      '/api/team',
    ]);
  });

  it('reads nothing for a malformed address (the screen says not found)', () => {
    expect(screen('../features/tasks/routes/TaskDetailPage')(at('/tasks/%E0%A4%A'), CEO)).toEqual([]);
    expect(screen('../features/properties/routes/PropertyPage')(at('/properties/%'), CEO)).toEqual([]);
  });
});

describe('a property', () => {
  const firstReads = screen('../features/properties/routes/PropertyPage');

  it('reads what the CEO sees, the month of the address included', () => {
    const keys = keysOf(firstReads(at('/properties/p1', '?month=2026-02'), CEO));
    expect(keys).toEqual([
      unstable_serialize(['/api/properties', 'p1']),
      reservationKeys.calendarKey('p1', '2026-02'),
      reservationKeys.flaggedKey('p1'),
      '/api/reservations?propertyId=p1&limit=20',
      cursorApi.cursorListKey('/api/reservations?propertyId=p1', 20),
      reservationKeys.companySettingsKey('c1'),
      reservationKeys.checklistTemplateKey('p1'),
      '/api/tasks?propertyId=p1&limit=20',
      cursorApi.cursorListKey('/api/tasks?propertyId=p1', 20),
      reservationKeys.feedsKey('p1'),
    ]);
  });

  it('leaves the feeds out for staff, and a bad month opens this month', () => {
    const keys = keysOf(firstReads(at('/properties/p1', '?month=2026-13'), STAFF));
    expect(keys).not.toContain(reservationKeys.feedsKey('p1'));
    const now = new Date();
    expect(keys[1]).toBe(reservationKeys.calendarKey('p1', `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`));
  });
});

describe('the office screens by role', () => {
  it('gives staff none of the reads the API refuses them', () => {
    expect(screen('../features/dashboard/routes/DashboardPage')(at('/'), STAFF)).toEqual([]);
    expect(screen('../features/dispatch/routes/DispatchPage')(at('/dispatch'), STAFF)).toEqual([]);
    expect(screen('../features/financials/routes/FinancialsPage')(at('/financials'), STAFF)).toEqual([]);
    expect(screen('../features/notifications/routes/NotificationsPage')(at('/notifications'), MANAGER)).toEqual([]);
    expect(keysOf(screen('../features/team/routes/TeamPage')(at('/team'), STAFF))).toEqual(['/api/team', '/api/team/top-performers']);
    expect(keysOf(screen('../features/shifts/routes/ShiftsPage')(at('/shifts'), STAFF))).toEqual(['/api/shifts']);
    expect(keysOf(screen('../features/pricing/routes/PricingPage')(at('/pricing'), MANAGER))).toEqual(['/api/plan-requests']);
  });

  it('gives the CEO and managers their screens', () => {
    expect(screen('../features/dashboard/routes/DashboardPage')(at('/'), MANAGER)).toEqual([
      '/api/reservations/double-bookings',
      '/api/dashboard/readiness',
      '/api/dashboard/metrics',
      '/api/tasks/recent',
      '/api/reservations/upcoming',
      '/api/team/top-performers',
      '/api/properties?limit=100',
      '/api/team',
    ]);
    expect(screen('../features/dispatch/routes/DispatchPage')(at('/dispatch', '?week=2026-11-23'), MANAGER)).toEqual(['/api/dispatch?week=2026-11-23']);
    expect(keysOf(screen('../features/financials/routes/FinancialsPage')(at('/financials'), CEO))).toEqual([
      '/api/financials/summary',
      '/api/financials/transactions?limit=5',
      cursorApi.cursorListKey('/api/financials/transactions', 5),
    ]);
    expect(screen('../features/notifications/routes/NotificationsPage')(at('/notifications'), CEO)).toEqual(['/api/notifications/preferences?companyId=c1']);
    expect(screen('../features/notifications/routes/NotificationsPage')(at('/notifications', '?tab=history'), CEO)).toEqual([]);
    expect(screen('../features/pricing/routes/PricingPage')(at('/pricing'), CEO)).toEqual(['/api/plan-requests', '/api/billing/history']);
  });

  it('reads the report of the address, and nothing for a custom range that is not valid yet', () => {
    const firstReads = screen('../features/reports/routes/ReportsPage');
    expect(firstReads(at('/reports'), STAFF)).toEqual(['/api/reports?range=this_month&type=all']);
    expect(firstReads(at('/reports', '?range=custom&type=tasks&from=2026-02-01&to=2026-01-01'), CEO)).toEqual([]);
  });
});
