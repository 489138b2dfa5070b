// Security headers and cross-site writes in a real browser (issue 24 points 4 and 5): the local
// server sends the production headers (shared/security-headers.ts) on the site and the API, the
// harness catches a CSP violation (so every other browser test fails on one), and a form posted
// from another site to the API is refused without writing anything.
import { findUserByEmail } from '../functions/data/repositories/users';
import { listProperties } from '../functions/data/repositories/properties';
import { STARTUP_TIMEOUT_MS, startTestApp, takeCspViolations, type TestApp } from './support/app';


let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

describe('security headers', () => {
  it('sends the same headers on a screen, an asset and the API', async () => {
    for (const path of ['/', '/tasks', '/api/health']) {
      const answer = await fetch(`${app.url}${path}`);
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      // The S3 stand-in (presigned GET/PUT) is the local photo bucket.
      expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:\d+/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('catches a CSP violation on a page (what makes every browser test fail on one)', async () => {
    const page = await app.signedInPage('staff@demo.rentalops.test');
    await page.goto('/');
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'https://tracker.example/pixel.png';
      document.body.appendChild(image);
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.body.appendChild(script);
    });
    const seen: string[] = [];
    for (let waited = 0; waited < 5000 && !(seen.some((v) => v.includes('img-src')) && seen.some((v) => v.includes('script-src'))); waited += 100) {
      await page.waitForTimeout(100);
      seen.push(...takeCspViolations());
    }
    expect(seen.join('\n')).toMatch(/img-src[\s\S]*tracker\.example|tracker\.example[\s\S]*img-src/);
    expect(seen.join('\n')).toMatch(/script-src/);
    expect(await page.evaluate(() => (window as unknown as { __inline?: number }).__inline)).toBeUndefined();
    await page.waitForTimeout(200);
    takeCspViolations();
  });
});

describe('cross-site writes', () => {
  it('refuses a form another site posts to the API with the session cookie, and writes nothing', async () => {
    const ceo = await findUserByEmail('ceo@demo.rentalops.test');
    const before = (await listProperties(ceo!.companyId, { limit: 100 })).items.length;
    const page = await app.signedInPage('ceo@demo.rentalops.test');
    // Another site (served by the browser's request routing) with a self-submitting text/plain form.
    await page.route('http://evil.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="POST" action="${app.url}/api/properties" enctype="text/plain"><input name='{"name":"Pwned","address":"x","a":"' value='"}'></form><script>document.forms[0].submit()</script>`,
      }),
    );
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/properties'));
    await page.goto('http://evil.example/attack');
    const refused = await answer;
    expect(refused.status()).toBe(403);
    expect((await listProperties(ceo!.companyId, { limit: 100 })).items.length).toBe(before);
  });
});
