// Pages of the site that are plain HTML files beside index.html, not screens of the app: the address
// a visitor types, and the built file that answers it. CloudFront's viewer-request function
// (infra/lib/constructs/web.ts), the local server (local/dev-server.ts), the offline service worker
// (frontend/src/sw.ts, which must not answer them with the app) and the build that writes them
// (frontend/build/developers-page.ts) all read this one list.

/** The readable API reference (issue 39 point 3): Scalar, rendered from /api/v1/openapi.json. */
export const DEVELOPERS_PATH = '/developers';

/** By address: the built file (under the site's root) that answers it. */
export const STATIC_PAGES: Readonly<Record<string, string>> = {
  [DEVELOPERS_PATH]: '/developers.html',
};

/**
 * The guest's "we have left" page (issue 40 point 4): `/g/<token>`, one tiny page for every token
 * (frontend/build/guest-page.ts), which reads its token from the address.
 */
export const GUEST_PAGE_PREFIX = '/g/';
export const GUEST_PAGE_FILE = '/guest.html';
/** An address under GUEST_PAGE_PREFIX: one path segment of token characters. */
export const GUEST_PAGE_PATTERN = /^\/g\/[A-Za-z0-9_-]{1,64}\/?$/;

/** The built file answering `pathname` (with or without a trailing slash), if it is one of STATIC_PAGES or a guest page. */
export function staticPageFile(pathname: string): string | undefined {
  const address = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (GUEST_PAGE_PATTERN.test(pathname)) return GUEST_PAGE_FILE;
  return Object.hasOwn(STATIC_PAGES, address) ? STATIC_PAGES[address] : undefined;
}
