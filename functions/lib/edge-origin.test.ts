// Issue 20 point 2: in AWS the API answers only through CloudFront. CloudFront adds the stage's
// secret header; the HTTP wrapper refuses a request without it (403) before anything is read, and
// without a configured secret (npm start, the tests) there is no check. Also: a route declared
// read-only keeps no idempotency record (its role could not write it).
import { invoke } from '../../local/invoke';
import { createTestCompany } from '../../tests/support/fixtures';
import { ORIGIN_SECRET_HEADER } from './request-guards';

const SECRET = 'c2VjcmV0LWZyb20tc2VjcmV0cy1tYW5hZ2VyLWF0LWRlcGxveQ';

describe('the origin secret (CloudFront only)', () => {
  afterEach(() => {
    delete process.env.ORIGIN_SECRET;
  });

  it('answers without any check when no secret is configured (local)', async () => {
    expect((await invoke('GET', '/api/health')).status).toBe(200);
  });

  it('refuses a request without the header, or with a wrong one, with 403 in the caller\'s language', async () => {
    process.env.ORIGIN_SECRET = SECRET;
    const missing = await invoke('GET', '/api/health', { headers: { 'accept-language': 'pt' } });
    expect(missing.status).toBe(403);
    expect(missing.body.message).toEqual(expect.any(String));
    expect((await invoke('GET', '/api/health', { headers: { [ORIGIN_SECRET_HEADER]: `${SECRET}x` } })).status).toBe(403);
    expect((await invoke('GET', '/api/health', { headers: { [ORIGIN_SECRET_HEADER]: SECRET.slice(1) } })).status).toBe(403);
    expect((await invoke('GET', '/api/health', { headers: { [ORIGIN_SECRET_HEADER]: '' } })).status).toBe(403);
  });

  it('refuses before the session is read: a signed-in caller without the header gets 403, not their data', async () => {
    const company = await createTestCompany();
    process.env.ORIGIN_SECRET = SECRET;
    const refused = await invoke('GET', '/api/auth/user', { cookies: [company.ceo.cookie] });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(company.ceo.user.email);
    const through = await invoke('GET', '/api/auth/user', { cookies: [company.ceo.cookie], headers: { [ORIGIN_SECRET_HEADER]: SECRET } });
    expect(through.status).toBe(200);
    expect(through.body.email).toBe(company.ceo.user.email);
  });

  it('lets public writes through with the header (sign-in still reaches its own checks)', async () => {
    process.env.ORIGIN_SECRET = SECRET;
    const attempt = await invoke('POST', '/api/auth/login-email', {
      body: { email: 'nobody@example.com', password: 'wrong-password-1' },
      headers: { [ORIGIN_SECRET_HEADER]: SECRET },
    });
    expect(attempt.status).not.toBe(403);
  });
});
