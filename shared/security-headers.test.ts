import { contentSecurityPolicy, originOf, securityHeaders } from './security-headers';

const directives = (csp: string) => new Map(csp.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));

describe('security headers (one definition for CloudFront and the local server)', () => {
  const aws = { photoOrigins: ['https://rentalops-prod-photos.s3.eu-west-1.amazonaws.com'], formActionOrigins: ['https://*.amazoncognito.com'], https: true };
  const local = { photoOrigins: ['http://127.0.0.1:4569'], formActionOrigins: ['http://127.0.0.1:9229'], https: false };

  it('allows what the app loads and nothing else', () => {
    const csp = directives(contentSecurityPolicy(aws));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', aws.photoOrigins[0]]);
    expect(csp.get('connect-src')).toEqual(["'self'", aws.photoOrigins[0]]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://*.amazoncognito.com']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it('differs locally only where plain http and the stand-ins require it', () => {
    const headers = securityHeaders(local);
    const csp = directives(headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:4569']);
    // upgrade-insecure-requests would send the S3 stand-in's http requests to https.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
    expect(securityHeaders(aws)['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    // Vite's dev server only: its inline preamble and HMR socket.
    const dev = directives(contentSecurityPolicy({ ...local, viteDev: true }));
    expect(dev.get('script-src')).toContain("'unsafe-inline'");
    expect(dev.get('connect-src')).toContain('ws:');
  });

  it('reads origins from URLs', () => {
    expect(originOf('http://127.0.0.1:4569/bucket/key?x=1')).toBe('http://127.0.0.1:4569');
    expect(originOf(undefined)).toBeUndefined();
    expect(originOf('not a url')).toBeUndefined();
  });
});
