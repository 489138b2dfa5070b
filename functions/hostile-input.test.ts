// Hostile input against every route of the table (issue 24 point 2). Walks ROUTES, so a new route is
// covered without touching this file: odd path ids (5,000 characters, unicode, `../`, malformed
// escapes), malformed and non-object JSON, wrong types and oversized values for every field of the
// route's own body schema (fast-check draws them from the schema's shape), `__proto__` bodies and
// junk queries. Every answer must be a 4xx in the caller's language (Portuguese here), never a 5xx,
// never a stack trace, and the company's partition must hold exactly the items it held before.
import fc from 'fast-check';
import { invoke } from '../local/invoke';
import { loadHandler } from '../local/api-adapter';
import { companyItems, createTestCompany } from '../tests/support/fixtures';
import { MESSAGES } from '../shared/messages';
import { pathParameterNames } from '../shared/ids';
import { ROUTES, type RouteDefinition } from './routes';
import type { HandlerSchemas } from './lib/http';

const LANGUAGE = { 'accept-language': 'pt-BR,pt;q=0.9' };
const FAKE_ID = '01JDEMO0000000000000000000';
const sample = (name: string) => (name === 'date' ? '2026-01-05' : name === 'shift' ? 'morning' : FAKE_ID);
const ODD_IDS = ['x'.repeat(5000), 'ção-😀-ünï', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', '%20', 'a%00b', "1' OR '1'='1", '<script>alert(1)</script>', 'COMPANY%23other'];
const HUGE = 'x'.repeat(100_000);

/** Every Portuguese text of the catalogue as a pattern ({{params}} match anything). */
const PORTUGUESE = Object.values(MESSAGES).map(
  (message) => new RegExp(`^${(message as { pt: string }).pt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.*')}$`, 's'),
);
const isPortuguese = (text: unknown) => typeof text === 'string' && PORTUGUESE.some((pattern) => pattern.test(text));

const fill = (route: RouteDefinition, params: Record<string, string> = {}) =>
  pathParameterNames(route.path).reduce((path, name) => path.replace(`{${name}}`, params[name] ?? sample(name)), route.path);

type Def = { type: string; innerType?: Schema; in?: Schema; shape?: Record<string, Schema> };
type Schema = { _zod: { def: Def } };

/** The base type of a field (through optional, nullable, default, pipe). */
function baseType(schema: Schema): string {
  const def = schema._zod.def;
  if (def.innerType) return baseType(def.innerType);
  if (def.type === 'pipe' && def.in) return baseType(def.in);
  return def.type;
}

function shapeOf(schema: unknown): Record<string, Schema> {
  const def = (schema as Schema | undefined)?._zod?.def;
  if (!def) return {};
  if (def.shape) return def.shape;
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  if (def.innerType) return shapeOf(def.innerType);
  return {};
}

/** Values of a type a field of `type` never accepts. */
function wrongValues(type: string): fc.Arbitrary<unknown> {
  const objects = fc.constantFrom<unknown>({ nested: { deep: [1, 2] } }, { __proto__: { polluted: true } }, {});
  switch (type) {
    case 'string':
    case 'enum':
    case 'literal':
    case 'template_literal':
      return fc.oneof(fc.integer(), fc.boolean(), objects, fc.array(fc.integer(), { maxLength: 3 }));
    case 'number':
    case 'int':
    case 'bigint':
      return fc.oneof(fc.constantFrom('12', 'NaN', '', HUGE), fc.boolean(), objects, fc.constant('∞'));
    case 'boolean':
      return fc.oneof(fc.constantFrom('true', 'yes', 1, 0), objects);
    case 'array':
      return fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), objects, fc.constant(Array.from({ length: 5000 }, () => ({}))));
    case 'object':
    case 'record':
      return fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.array(fc.integer(), { maxLength: 2 }));
    default:
      return fc.oneof(fc.integer(), objects, fc.constant(HUGE));
  }
}

const STACK = /\bat [\w$.<>]+ \(|\.[tj]s:\d+|node_modules|TypeError|ReferenceError|Unhandled/;

describe('hostile input against every route of the table', () => {
  let cookie: string;
  let companyId: string;
  const seen: string[] = [];

  // The public API's routes (access apiKey) are walked with a read-and-write key of the same company.
  let apiKey: string;

  beforeAll(async () => {
    const company = await createTestCompany({ plan: 'enterprise' });
    cookie = company.ceo.cookie;
    companyId = company.companyId;
    const created = await invoke('POST', '/api/api-keys', { cookies: [cookie], body: { name: 'Hostile walk', scopes: ['read', 'write'] } });
    apiKey = created.body.key;
    // Hundreds of calls with one key: above the key's rate limit, which would answer 429 before the route is reached.
    process.env.API_KEY_RATE_LIMIT = '1000000';
  });

  afterAll(() => {
    delete process.env.API_KEY_RATE_LIMIT;
  });

  async function expectRefused(what: string, method: string, url: string, options: { body?: unknown; headers?: Record<string, string> }, allowed: number[] = []) {
    const bearer: Record<string, string> = url.startsWith('/api/v1/') ? { authorization: `Bearer ${apiKey}` } : {};
    const answer = await invoke(method, url, { cookies: [cookie], ...options, headers: { ...LANGUAGE, ...bearer, ...options.headers } });
    const summary = { what, method, url: url.slice(0, 120), status: answer.status, body: answer.text.slice(0, 300) };
    seen.push(`${method} ${url.slice(0, 40)} ${answer.status}`);
    expect(STACK.test(answer.text) ? summary : 'no stack trace').toBe('no stack trace');
    if (allowed.includes(answer.status)) return answer;
    // A browser navigation (sign-in, its callback) answers junk with a redirect to its own error
    // screen: fine, as long as it never leads off the site (no open redirect).
    if (answer.status === 302) {
      const location = answer.headers.location ?? '';
      const safe = location.startsWith('/') && !location.startsWith('//') || location.startsWith(new URL(process.env.COGNITO_AUTHORIZE_URL!).origin);
      expect(safe ? 'a redirect on the site' : summary).toBe('a redirect on the site');
      return answer;
    }
    expect(answer.status >= 400 && answer.status < 500 ? 'a 4xx' : summary).toBe('a 4xx');
    // A 404 from the router itself (no route matched) is API Gateway's, not ours: not translated.
    // The public API answers problem details: `detail`, and `errors` as [{ field, pointer, detail }].
    const message = answer.body?.message ?? answer.body?.detail;
    if (answer.text !== '{"message":"Not Found"}') expect(isPortuguese(message) ? 'Portuguese' : summary).toBe('Portuguese');
    const errors = answer.body?.errors ?? {};
    const texts = Array.isArray(errors) ? errors.map((error: { detail: string }) => error.detail) : Object.values(errors as Record<string, string>);
    for (const text of texts) expect(isPortuguese(text) ? 'Portuguese' : summary).toBe('Portuguese');
    return answer;
  }

  it('answers a malformed id in any path parameter with 404 (or 400), never 5xx, nothing written', async () => {
    const before = await companyItems(companyId);
    for (const route of ROUTES) {
      for (const name of pathParameterNames(route.path)) {
        for (const odd of ODD_IDS) {
          const answer = await expectRefused(`odd ${name}`, route.method, fill(route, { [name]: odd }), route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} });
          expect([400, 404]).toContain(answer.status);
        }
      }
    }
    expect(await companyItems(companyId)).toBe(before);
  });

  it('answers malformed, non-object, wrong-typed, oversized and prototype-polluting bodies with 4xx, nothing written', async () => {
    const before = await companyItems(companyId);
    for (const route of ROUTES.filter((r) => r.method !== 'GET')) {
      const handler = (await loadHandler(route.handler)) as unknown as { schemas?: HandlerSchemas };
      const bodySchema = handler.schemas?.body;
      const url = fill(route);
      // A route that reads no body answers with whatever its ids give (404 for these): only 5xx matters.
      const bodyless = bodySchema ? [] : [200, 201, 204, 400, 403, 404, 409];
      for (const text of ['{"title": ', '{', '[1,2', 'not json', '\u0000', '{"a":1}}']) {
        const answer = await expectRefused('malformed JSON', route.method, url, { body: text }, bodyless);
        if (bodySchema && route.access === 'public') expect(answer.status).toBe(400);
      }
      for (const text of ['[]', '"text"', '42', 'null', 'true', '[{"name":"x"}]']) await expectRefused('non-object JSON', route.method, url, { body: text }, bodyless);
      const shape = shapeOf(bodySchema);
      const fields = Object.entries(shape);
      // Prototype keys beside a wrong field (a body of optional fields only would be a valid no-op without it).
      const [first] = fields;
      const wrongFirst = first ? `,${JSON.stringify(first[0])}:${JSON.stringify(fc.sample(wrongValues(baseType(first[1])), { numRuns: 1, seed: 1 })[0])}` : '';
      await expectRefused('__proto__', route.method, url, { body: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}${wrongFirst}}` }, bodyless);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      if (!fields.length) continue;
      // Every string field oversized at once.
      const oversized = Object.fromEntries(fields.map(([field, schema]) => [field, baseType(schema) === 'string' ? fc.constant(HUGE) : wrongValues(baseType(schema))]));
      await expectRefused('oversized', route.method, url, { body: fc.sample(fc.record(oversized as Record<string, fc.Arbitrary<unknown>>), 1)[0] });
      // Every field of a wrong type (drawn by fast-check from the schema's own shape).
      const wrong = fc.record(Object.fromEntries(fields.map(([field, schema]) => [field, wrongValues(baseType(schema))])));
      for (const body of fc.sample(wrong, { numRuns: 4, seed: 24 })) await expectRefused('wrong types', route.method, url, { body });
    }
    expect(await companyItems(companyId)).toBe(before);
    // Several hundred requests in a row, each route's handler imported on first use: over Jest's 30 s
    // on a loaded machine (a clean-clone `npm test` with the API project at nice 10 took longer).
  }, 120_000);

  it('answers junk queries with a 4xx where the route reads a query, and never a 5xx anywhere', async () => {
    const before = await companyItems(companyId);
    for (const route of ROUTES.filter((r) => r.method === 'GET')) {
      const handler = (await loadHandler(route.handler)) as unknown as { schemas?: HandlerSchemas };
      const fields = Object.keys(shapeOf(handler.schemas?.query));
      const junk = (value: string) => `${fill(route)}?${[...fields, 'cursor', 'limit'].map((field) => `${field}=${encodeURIComponent(value)}`).join('&')}&x%5B%5D=1&__proto__=1`;
      for (const value of ['%%%', '-1', '<script>', HUGE.slice(0, 5000), '../../', 'ção😀', '9999-99-99', 'eyJwayI6IkNPTVBBTlkjb3RoZXIifQ']) {
        // Routes without a query schema ignore the query (a public redirect, a page): only 5xx matters.
        const allowed = fields.length ? [] : [200, 302, 400, 401, 403, 404];
        await expectRefused('junk query', route.method, junk(value), {}, allowed);
      }
    }
    expect(await companyItems(companyId)).toBe(before);
  });

  afterAll(() => {
    // Every route was reached (the walk is the point): at least one request per route.
    expect(seen.length).toBeGreaterThan(ROUTES.length);
  });
});
