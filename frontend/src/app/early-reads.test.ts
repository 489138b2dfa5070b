// The first screen's reads the entry sends before the screen's code has arrived (app/early-reads.ts):
// they must be exactly the plain reads the shell's and the screen's `firstReads` name (a read named
// only here is a wasted request, one missing here waits for the chunk again), for the address
// (hostile query strings too) and the role; and boot's reads of them take the early answers once,
// through the app's own fetcher (lib/early-reads.ts, lib/api-client.ts).
import type { FirstRead, FirstReads, FirstReadsUser } from '../lib/first-reads';

// api-client's i18n set-up loads catalogues through Vite (import.meta.glob); not needed here.
jest.mock('../lib/i18n', () => ({ __esModule: true, default: { t: (key: string) => key, isInitialized: true, on: () => undefined }, currentLanguage: () => 'en' }));

/* eslint-disable @typescript-eslint/no-require-imports -- after the mock above */
const load = <T>(path: string) => require(path) as T;
const { earlyUrls, startEarlyReads, LAYOUT_FIRST_URLS } = load<typeof import('./early-reads')>('./early-reads');
const { COMPANIES_KEY } = load<typeof import('../features/companies/api/get-companies')>('../features/companies/api/get-companies');
const { startEarlyRead, takeEarlyRead } = load<typeof import('../lib/early-reads')>('../lib/early-reads');
const { swrFetcher, apiGetPreloadable, isApiError } = load<typeof import('../lib/api-client')>('../lib/api-client');
const screen = (path: string) => load<{ firstReads: FirstReads }>(path).firstReads;
/* eslint-enable @typescript-eslint/no-require-imports */

const CEO: FirstReadsUser = { id: 'u1', role: 'ceo', companyId: 'c1' };
const MANAGER: FirstReadsUser = { id: 'u2', role: 'operational_manager', companyId: 'c1' };
const STAFF: FirstReadsUser = { id: 'u3', role: 'staff', companyId: 'c1' };
const OWNER: FirstReadsUser = { id: 'u4', role: 'owner', companyId: 'c1' };

const at = (pathname: string, search = '') => ({ pathname, search });
/** The plain reads (an address each) of the shell and a screen: an infinite list's own key is SWR's, not an address. */
const plainReads = (reads: readonly FirstRead[]) => reads.map((read) => (typeof read === 'string' ? read : read.key)).filter((key) => key.startsWith('/api/'));
const layoutReads = screen('./routes/AuthenticatedLayout');

describe('what the entry sends', () => {
  const calendar = screen('../features/calendar/routes/PortfolioCalendarPage');
  const dashboard = screen('../features/dashboard/routes/DashboardPage');

  it.each([
    ['', CEO],
    ['?from=2026-03-01&days=90&city=Porto&q=Ana', MANAGER],
    ['?from=2026-02-30&days=999&q=%3Cscript%3E', CEO],
    ['?from=%27--&days=-1&group=%00', MANAGER],
  ])('names the portfolio calendar reads of the address %p', (search, user) => {
    const expected = [COMPANIES_KEY, ...plainReads(layoutReads(at('/calendar', search), user)), ...plainReads(calendar(at('/calendar', search), user))];
    expect(earlyUrls(at('/calendar', search), user).sort()).toEqual([...new Set(expected)].sort());
    expect(earlyUrls(at('/calendar', search), user)).toContain(plainReads(calendar(at('/calendar', search), user))[0]);
  });

  it('names the dashboard reads for the CEO and managers, the metrics once', () => {
    for (const user of [CEO, MANAGER]) {
      const urls = earlyUrls(at('/'), user);
      expect(urls.sort()).toEqual([...new Set([COMPANIES_KEY, ...plainReads(layoutReads(at('/'), user)), ...plainReads(dashboard(at('/'), user))])].sort());
      expect(urls.filter((url) => url === '/api/dashboard/metrics')).toHaveLength(1);
    }
  });

  it("sends staff only the company list and the shell's reads (at / they land on their day), owners the company list, visitors nothing", () => {
    expect(earlyUrls(at('/'), STAFF)).toEqual([COMPANIES_KEY, ...LAYOUT_FIRST_URLS]);
    expect(earlyUrls(at('/calendar'), STAFF)).toEqual([COMPANIES_KEY, ...LAYOUT_FIRST_URLS]);
    expect(earlyUrls(at('/'), OWNER)).toEqual([COMPANIES_KEY]);
    expect(earlyUrls(at('/owner/stays'), MANAGER)).toEqual([COMPANIES_KEY]);
    expect(earlyUrls(at('/login'), CEO)).toEqual([]);
  });

  it("sends only the company list and the shell's reads for a screen that names none here (boot reads the rest)", () => {
    expect(earlyUrls(at('/tasks', '?status=pending'), CEO)).toEqual([COMPANIES_KEY, ...LAYOUT_FIRST_URLS]);
    expect(earlyUrls(at('/no/such/screen'), CEO)).toEqual([COMPANIES_KEY, ...LAYOUT_FIRST_URLS]);
  });

  it("is the shell's own list", () => {
    expect([...LAYOUT_FIRST_URLS]).toEqual(plainReads(layoutReads(at('/tasks'), STAFF)));
  });
});

describe('the early answers', () => {
  const original = global.fetch;
  let sent: Array<{ url: string; headers: Record<string, string> }>;
  let answer: (url: string) => Response;
  beforeEach(() => {
    sent = [];
    answer = (url) => new Response(JSON.stringify({ url }), { status: 200, headers: { 'content-type': 'application/json' } });
    global.fetch = (async (input: string, init?: RequestInit) => {
      sent.push({ url: String(input), headers: { ...(init?.headers as Record<string, string> | undefined) } });
      return answer(String(input));
    }) as typeof fetch;
  });
  afterEach(() => {
    global.fetch = original;
  });

  it("are read once by the app's fetcher, which then asks the server again", async () => {
    void startEarlyRead('/api/property-groups', 'en');
    await expect(swrFetcher('/api/property-groups')).resolves.toEqual({ url: '/api/property-groups' });
    expect(sent).toEqual([{ url: '/api/property-groups', headers: { Accept: 'application/json', 'Accept-Language': 'en' } }]);
    await swrFetcher('/api/property-groups');
    expect(sent).toHaveLength(2);
  });

  it('fail as the fetcher would: a 401 is an ApiError', async () => {
    answer = () => new Response('{"message":"no session"}', { status: 401, statusText: 'Unauthorized' });
    void startEarlyRead('/api/me/inbox', 'en');
    const error: unknown = await swrFetcher('/api/me/inbox').catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(401);
    expect(sent).toHaveLength(1);
  });

  it('are not used in another language, nor for the session check with headers', async () => {
    void startEarlyRead('/api/team', 'pt');
    expect(takeEarlyRead('/api/team', 'en')).toBeUndefined();
    expect(takeEarlyRead('/api/team', 'pt')).toBeUndefined(); // taken (and dropped) by the first look
    void startEarlyRead('/api/auth/user');
    expect(takeEarlyRead('/api/auth/user', 'en')).toBeUndefined();
  });

  it('send the screen reads once the session check says who is signed in, and boot reads that check from them', async () => {
    answer = (url) => new Response(JSON.stringify(url === '/api/auth/user' ? CEO : []), { status: 200 });
    await startEarlyReads(at('/calendar', '?days=30'));
    expect(sent.map((read) => read.url).sort()).toEqual(['/api/auth/user', ...earlyUrls(at('/calendar', '?days=30'), CEO)].sort());
    expect(sent.find((read) => read.url === '/api/auth/user')?.headers).toEqual({});
    await expect(apiGetPreloadable('/api/auth/user')).resolves.toEqual(CEO);
    for (const url of earlyUrls(at('/calendar', '?days=30'), CEO)) await expect(swrFetcher(url)).resolves.toEqual([]);
    expect(sent).toHaveLength(1 + earlyUrls(at('/calendar', '?days=30'), CEO).length);
  });

  it('send nothing more when no one is signed in', async () => {
    answer = () => new Response('', { status: 401 });
    await startEarlyReads(at('/'));
    expect(sent.map((read) => read.url)).toEqual(['/api/auth/user']);
    takeEarlyRead('/api/auth/user');
  });
});
