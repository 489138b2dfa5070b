// Cross-site writes are refused (issue 24 point 4): every state-changing route of the table answers
// 403 to a request from another origin (or that a browser marks cross-site), and to a body that is
// not JSON, before anything is read or written; the site's own origin, sign-in and the OAuth
// callback keep working.
import { invoke } from '../../local/invoke';
import { companyItems, createTestCompany } from '../../tests/support/fixtures';
import { ROUTES } from '../routes';
import { pathParameterNames } from '../../shared/ids';
import { allowedOrigins, STATE_CHANGING_METHODS } from './request-guards';

const OWN = new URL(process.env.APP_URL!).origin;
const concrete = (path: string) => pathParameterNames(path).reduce((p, name) => p.replace(`{${name}}`, name === 'date' ? '2026-01-05' : name === 'shift' ? 'morning' : '01JDEMO0000000000000000000'), path);

describe('cross-site writes', () => {
  // The public API (access apiKey) answers other sites and servers by design: its caller is the
  // bearer key the client attaches itself, never a cookie a browser adds, so there is no cross-site
  // request to forge (checked below: a cookie alone is 401 there).
  const writes = ROUTES.filter((route) => STATE_CHANGING_METHODS.has(route.method) && route.access !== 'apiKey');

  it('lets the public API be called from anywhere with a key, and never with a cookie alone', async () => {
    const company = await createTestCompany({ plan: 'enterprise' });
    const key = (await invoke('POST', '/api/api-keys', { cookies: [company.ceo.cookie], body: { name: 'x', scopes: ['read', 'write'] } })).body.key;
    const property = (await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } })).body.id;
    const headers = { origin: 'https://pms.example', 'sec-fetch-site': 'cross-site' };
    const withKey = await invoke('POST', '/api/v1/tasks', { headers: { ...headers, authorization: `Bearer ${key}` }, body: { title: 'From the PMS', propertyId: property } });
    expect(withKey.status).toBe(201);
    const cookieOnly = await invoke('POST', '/api/v1/tasks', { cookies: [company.ceo.cookie], headers, body: { title: 'Forged', propertyId: property } });
    expect(cookieOnly.status).toBe(401);
  });

  it('refuses every state-changing route from another origin, a null origin or a cross-site fetch, in the caller\'s language', async () => {
    const company = await createTestCompany();
    const before = await companyItems(company.companyId);
    expect(writes.length).toBeGreaterThan(40);
    for (const route of writes) {
      const variants: Array<Record<string, string>> = [
        { origin: 'https://evil.example', 'accept-language': 'pt' },
        { origin: 'null', 'accept-language': 'pt' },
        // A sibling subdomain is same-site for cookies (SameSite=Lax lets them through), not the same origin.
        { origin: 'https://evil.localhost:3000', 'accept-language': 'pt' },
        { 'sec-fetch-site': 'cross-site', 'accept-language': 'pt' },
        { 'sec-fetch-site': 'same-site', 'accept-language': 'pt' },
      ];
      for (const headers of variants) {
        const answer = await invoke(route.method, concrete(route.path), { cookies: [company.ceo.cookie], headers, body: { name: 'x' } });
        expect({ route: route.path, method: route.method, headers, status: answer.status }).toEqual({ route: route.path, method: route.method, headers, status: 403 });
        expect(answer.body.message).toBe('Esta requisição veio de outro site e foi recusada. Abra o RentalOps no endereço dele e tente novamente.');
      }
    }
    expect(await companyItems(company.companyId)).toBe(before);
  });

  it('refuses a write whose body is not JSON (a form or text/plain needs no preflight), even from the site', async () => {
    const company = await createTestCompany();
    const before = await companyItems(company.companyId);
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', '']) {
      const answer = await invoke('POST', '/api/properties', {
        cookies: [company.ceo.cookie],
        headers: { 'content-type': contentType, origin: OWN, 'accept-language': 'es' },
        body: JSON.stringify({ name: 'Casa', address: 'Rua' }),
      });
      expect({ contentType, status: answer.status }).toEqual({ contentType, status: 403 });
      expect(answer.body.message).toBe('Envía el cuerpo de la solicitud como JSON (Content-Type: application/json)');
    }
    // Public sign-in routes too (login CSRF).
    const login = await invoke('POST', '/api/auth/login-email', { headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ email: 'a@b.test', password: 'x' }) });
    expect(login.status).toBe(403);
    expect(await companyItems(company.companyId)).toBe(before);
  });

  it('accepts the site\'s own origin, JSON with a charset, and writes without a body', async () => {
    const company = await createTestCompany();
    const created = await invoke('POST', '/api/properties', {
      cookies: [company.ceo.cookie],
      headers: { origin: OWN, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json; charset=utf-8' },
      body: { name: 'Casa', address: 'Rua' },
    });
    expect(created.status).toBe(201);
    // No Origin at all (a server-side client, curl): the content type still has to be JSON.
    expect((await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa 2', address: 'Rua' } })).status).toBe(201);
    // A body-less write from the site (DELETE) passes the guard and reaches the handler (404: no such invoice).
    expect((await invoke('DELETE', '/api/invoices/01JDEMO0000000000000000000', { cookies: [company.ceo.cookie], headers: { origin: OWN } })).status).toBe(404);
  });

  it('keeps sign-in and the OAuth redirects working: GET routes are not writes', async () => {
    const login = await invoke('GET', '/api/login', { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(login.status).toBe(302);
    // The hosted UI sends the browser back cross-site; the callback then checks its own state (400/302, never 403).
    const callback = await invoke('GET', '/api/callback?code=abc&state=def', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(callback.status).not.toBe(403);
    const password = await invoke('POST', '/api/auth/login-email', { headers: { origin: OWN }, body: { email: 'nobody@example.test', password: 'Wrong-pass-1!' } });
    expect(password.status).not.toBe(403);
  });

  it('reads the site\'s origins from APP_URL and ALLOWED_ORIGINS (per stage)', async () => {
    const saved = process.env.ALLOWED_ORIGINS;
    try {
      process.env.ALLOWED_ORIGINS = ' https://app.example.com/ , https://staging.example.com,not a url';
      expect([...allowedOrigins()].sort()).toEqual([OWN, 'https://app.example.com', 'https://staging.example.com'].sort());
      const company = await createTestCompany();
      const answer = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], headers: { origin: 'https://staging.example.com' }, body: { name: 'Casa', address: 'Rua' } });
      expect(answer.status).toBe(201);
      // An origin is exact: another scheme or port is another site.
      expect((await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], headers: { origin: 'http://app.example.com' }, body: { name: 'Casa', address: 'Rua' } })).status).toBe(403);
      expect((await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], headers: { origin: 'https://app.example.com:8443' }, body: { name: 'Casa', address: 'Rua' } })).status).toBe(403);
    } finally {
      if (saved === undefined) delete process.env.ALLOWED_ORIGINS;
      else process.env.ALLOWED_ORIGINS = saved;
    }
  });
});
