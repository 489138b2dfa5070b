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

/** The built file answering `pathname` (with or without a trailing slash), if it is one of STATIC_PAGES. */
export function staticPageFile(pathname: string): string | undefined {
  const address = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return Object.hasOwn(STATIC_PAGES, address) ? STATIC_PAGES[address] : undefined;
}
