// The security headers of every answer (the site and /api/*), defined once: CloudFront's
// ResponseHeadersPolicy (infra/lib/constructs/web.ts) and the local server (local/dev-server.ts)
// both build theirs from here, so browser tests meet the same Content-Security-Policy as production.
//
// What the app really loads, and so what the CSP allows:
// - scripts, styles, fonts, the web manifest and the offline service worker from the site itself;
//   MUI (emotion) injects <style> elements at run time, hence style-src 'unsafe-inline';
// - photos and the company logo: presigned GETs (img-src) and PUTs (connect-src) on the photo
//   bucket's origin (the stage's S3 bucket domain in AWS; s3rver's port locally);
// - upload previews and report downloads: blob: and data: images / object URLs;
// - sign-in: /api/login redirects to the Cognito hosted UI, and the hosted UI posts back to itself,
//   so its origin is a form-action (Chrome applies form-action to redirects after a form submit).

export interface SecurityHeaderSources {
  /** Origins of the photo bucket (presigned GET and PUT), e.g. https://<bucket>.s3.<region>.amazonaws.com */
  photoOrigins: readonly string[];
  /** Origins sign-in forms may go to besides the site (the Cognito hosted UI). */
  formActionOrigins: readonly string[];
  /** Served over HTTPS (AWS): adds upgrade-insecure-requests and HSTS. Locally (plain http) false. */
  https: boolean;
  /**
   * Vite's dev server (npm start without FRONTEND=static): its inline React Refresh preamble and its
   * HMR web socket. Never in AWS and never in browser tests (they run the built site).
   */
  viteDev?: boolean;
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const FRAME_OPTIONS = 'DENY';
export const HSTS_MAX_AGE_SECONDS = 63_072_000; // 730 days
export const PERMISSIONS_POLICY = 'camera=(self), geolocation=(), microphone=(), payment=(), usb=()';
export const CROSS_ORIGIN_OPENER_POLICY = 'same-origin';

const join = (...sources: ReadonlyArray<string | readonly string[]>) => sources.flat().filter(Boolean).join(' ');

export function contentSecurityPolicy(sources: SecurityHeaderSources): string {
  const dev = Boolean(sources.viteDev);
  return [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${join("'self'", 'data:', 'blob:', sources.photoOrigins)}`,
    `connect-src ${join("'self'", sources.photoOrigins, dev ? ['ws:', 'wss:'] : [])}`,
    "font-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${join("'self'", sources.formActionOrigins)}`,
    "frame-ancestors 'none'",
    ...(sources.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Every security header, as the local server sends them (lower-case names). */
export function securityHeaders(sources: SecurityHeaderSources): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(sources),
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': CROSS_ORIGIN_OPENER_POLICY,
    'x-xss-protection': '1; mode=block',
    ...(sources.https ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` } : {}),
  };
}

/** The origin of a URL, or nothing when it is not one (an unset variable). */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
