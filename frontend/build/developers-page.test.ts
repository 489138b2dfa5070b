import { DEVELOPERS_PATH, STATIC_PAGES, staticPageFile } from '../../shared/static-pages';
import { OPENAPI_URL, SCALAR_CONFIGURATION, developersHtml, scalarFileName, scalarStandalone, startScript } from './developers-page';
import { localInspector } from '../src/features/integrations/components/local-inspector';

describe('the API reference page (/developers)', () => {
  it('is answered by developers.html, with or without a trailing slash, and nothing else is', () => {
    expect(STATIC_PAGES[DEVELOPERS_PATH]).toBe('/developers.html');
    expect(staticPageFile('/developers')).toBe('/developers.html');
    expect(staticPageFile('/developers/')).toBe('/developers.html');
    expect(staticPageFile('/developers/x')).toBeUndefined();
    expect(staticPageFile('/')).toBeUndefined();
    expect(staticPageFile('/constructor')).toBeUndefined();
    expect(staticPageFile('/__proto__')).toBeUndefined();
  });

  it('loads the start script before Scalar, both from files (the CSP allows no inline script)', () => {
    const html = developersHtml('/assets/scalar-api-reference-abc.js', '/assets/developers-start-def.js');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => /src="([^"]+)"/.exec(attributes)?.[1])).toEqual(['/assets/developers-start-def.js', '/assets/scalar-api-reference-abc.js']);
    expect(scripts.every(([, , body]) => body.trim() === '')).toBe(true);
    expect(html).toContain(`href="${OPENAPI_URL}"`);
  });

  it("renders the OpenAPI document with Scalar's calls to its own servers and web fonts off, and zod told not to probe eval", () => {
    const script = startScript();
    expect(script).toContain('jitless: true');
    expect(script.indexOf('jitless')).toBeLessThan(script.indexOf('createApiReference'));
    const configuration = JSON.parse(/createApiReference\('#reference', (\{.*\})\); \}\);/.exec(script)?.[1] ?? '{}') as typeof SCALAR_CONFIGURATION;
    expect(configuration).toMatchObject({ url: '/api/v1/openapi.json', withDefaultFonts: false, telemetry: false, agent: { disabled: true }, mcp: { disabled: true } });
    expect(configuration.defaultHttpClient).toEqual({ targetKey: 'shell', clientKey: 'curl' });
  });

  it("names Scalar's build by its content under assets/ (immutable, with a Brotli copy)", () => {
    const scalar = scalarStandalone();
    expect(scalar.length).toBeGreaterThan(1_000_000);
    expect(scalarFileName(scalar)).toMatch(/^assets\/scalar-api-reference-[0-9a-f]{10}\.js$/);
    expect(scalarFileName(scalar)).toBe(scalarFileName(Buffer.from(scalar)));
    expect(scalarFileName(Buffer.concat([scalar, Buffer.from(' ')]))).not.toBe(scalarFileName(scalar));
  });
});

describe("the webhook form's local inspector", () => {
  it('is offered on this machine only', () => {
    expect(localInspector({ hostname: 'localhost', origin: 'http://localhost:3000' })).toEqual({ receiveUrl: 'http://127.0.0.1:3000/dev/webhooks/in/demo', pageUrl: '/dev/webhooks' });
    expect(localInspector({ hostname: '127.0.0.1', origin: 'http://127.0.0.1:5173' })?.receiveUrl).toBe('http://127.0.0.1:5173/dev/webhooks/in/demo');
    expect(localInspector({ hostname: 'app.rentalops.com', origin: 'https://app.rentalops.com' })).toBeUndefined();
    expect(localInspector({ hostname: 'localhost.evil.test', origin: 'https://localhost.evil.test' })).toBeUndefined();
  });
});
