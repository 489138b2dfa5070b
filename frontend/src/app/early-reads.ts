// The first screen's reads, sent by the entry (main.tsx) as the page starts. app/boot.ts reads the
// shell's and the screen's `firstReads` once their chunks are in, which on a phone's first visit was
// ~0.8 s after the session check had answered (every start-up chunk downloaded and evaluated, then the
// screen's), and the first render waits for the slowest read: on the portfolio calendar and the
// dashboard that chain was most of Lighthouse's LCP render delay. The company list and the shell's
// reads (every signed-in screen's) are sent the same way. The screens named here have their
// first reads' addresses in small modules without React (features/<name>/api/keys.ts), so the entry
// sends them as soon as the session check answers; boot's reads of the same addresses take those
// answers (lib/early-reads.ts, lib/api-client.ts). A screen not named here is read by boot as before.
// app/early-reads.test.ts checks that each list names what the module's `firstReads` reads.
import { isManagerRole, isOwnerRole } from '#shared/enums';
import { paths } from '../config/paths';
import { CURRENT_USER_KEY } from '../features/auth/api/current-user-key';
import { calendarFirstUrls } from '../features/calendar/api/keys';
import { COMPANIES_KEY } from '../features/companies/api/keys';
import { dashboardFirstUrls } from '../features/dashboard/api/keys';
import { INBOX_KEY } from '../features/inbox/api/keys';
import { PENDING_COUNT_KEY } from '../features/tasks/api/pending-count-key';
import { startEarlyRead } from '../lib/early-reads';
import type { FirstReadsLocation, FirstReadsUser } from '../lib/first-reads';
import { detectLanguage } from '../lib/language-choice';
import { isPublicPath, screenFor, type ScreenName } from './screens';

/** The shell's first reads (app/routes/AuthenticatedLayout's `firstReads`): the sidebar's pending count and the bell's inbox. */
export const LAYOUT_FIRST_URLS: readonly string[] = [PENDING_COUNT_KEY, INBOX_KEY];

/** The screens whose first reads the entry sends: the addresses their `firstReads` names for an address and user. */
export const SCREEN_FIRST_URLS: Partial<Record<ScreenName, (location: FirstReadsLocation, user: FirstReadsUser) => string[]>> = {
  dashboard: (_location, user) => dashboardFirstUrls(user.role),
  calendar: ({ search }, user) => calendarFirstUrls(search, user.role),
};

/**
 * What the entry sends for a signed-in user at an address: the company list (boot reads it for every
 * signed-in screen), the shell's reads and the screen's, when the user sees that screen there. Only
 * the company list for an owner (the owner portal reads its own) and nothing beyond the shell's for
 * a staff member at `/` (they land on their day, which boot reads).
 */
export function earlyUrls(location: FirstReadsLocation, user: FirstReadsUser): string[] {
  const { pathname } = location;
  if (isPublicPath(pathname)) return [];
  if (isOwnerRole(user.role) || pathname === paths.ownerPortal || pathname.startsWith(`${paths.ownerPortal}/`)) return [COMPANIES_KEY];
  const screen = screenFor(pathname);
  const staffAtHome = screen === 'dashboard' && !isManagerRole(user.role);
  const screenReads = screen && !staffAtHome ? (SCREEN_FIRST_URLS[screen]?.(location, user) ?? []) : [];
  return [...new Set([COMPANIES_KEY, ...LAYOUT_FIRST_URLS, ...screenReads])];
}

/**
 * Sends the session check (index.html's preload answers it) and, once it says who is signed in,
 * the shell's and the screen's first reads, in the language the interface will use. Never rejects:
 * whatever fails here, boot reads again.
 */
export async function startEarlyReads(location: FirstReadsLocation): Promise<void> {
  if (isPublicPath(location.pathname)) return;
  try {
    // A copy to read here; boot reads the answer itself (lib/api-client.ts apiGetPreloadable).
    const answer = await startEarlyRead(CURRENT_USER_KEY).then((response) => response.clone());
    if (!answer.ok) return;
    const user = (await answer.json()) as FirstReadsUser;
    const language = detectLanguage();
    for (const url of earlyUrls(location, user)) startEarlyRead(url, language);
  } catch {
    // Offline or refused: boot's reads find nothing sent and ask themselves.
  }
}
