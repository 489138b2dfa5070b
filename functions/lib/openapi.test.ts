// The public API's contract (issue 39 point 3): the generated OpenAPI document is valid OpenAPI 3.1
// (checked by @seriousme/openapi-schema-validator, a validator against the specification's own JSON
// Schemas), every `apiKey` route of the table is in it with the very schemas its handler validates
// with, every example satisfies its schema, and every documented operation, called for real with its
// examples, answers its documented status with a body its documented schema accepts (ajv, JSON Schema
// 2020-12): a field the document marks required is always there. New routes are walked without
// touching this file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { invoke } from '../../local/invoke';
import { loadHandler } from '../../local/api-adapter';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { pathParameterNames } from '../../shared/ids';
import { EXAMPLE_IDS, OPERATIONS } from '../../shared/public-api-operations';
import { ROUTES } from '../routes';
import type { HandlerSchemas } from './http';

type Json = Record<string, any>;
const publicRoutes = ROUTES.filter((route) => route.access === 'apiKey');

function ajvFor(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  return ajv;
}

/** Component references of the document, made resolvable inside the standalone schema ajv compiles. */
const resolvable = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));

describe('the OpenAPI document', () => {
  let doc: Json;

  beforeAll(async () => {
    const response = await invoke('GET', '/api/v1/openapi.json');
    expect(response.status).toBe(200);
    doc = response.body;
  });

  it('is valid OpenAPI 3.1, checked by a real validator', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    // The validator is an ES module: it runs in a Node process of its own.
    const script = `import { Validator } from '@seriousme/openapi-schema-validator';
      const v = new Validator(); const r = await v.validate(${JSON.stringify(file)});
      console.log(JSON.stringify({ valid: r.valid, errors: r.errors, version: v.version }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' });
    const result = JSON.parse(out.trim().split('\n').pop()!);
    expect(result.errors ?? []).toEqual([]);
    // The validator does refuse a broken document (no info, a parameter in a place that does not exist).
    const broken = structuredClone(doc);
    delete broken.info;
    (Object.values(broken.paths)[0] as Json).get.parameters.push({ name: 'x', in: 'body', schema: {} });
    writeFileSync(file, JSON.stringify(broken));
    const refused = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' }).trim().split('\n').pop()!);
    expect(refused.valid).toBe(false);
    expect(result).toMatchObject({ valid: true, version: '3.1' });
    expect(doc.openapi).toBe('3.1.0');
  });

  it('has every public route, with the schemas its handler validates with, a bearer scheme and an example', async () => {
    expect(publicRoutes.length).toBeGreaterThan(0);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of publicRoutes) {
      const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect({ route: `${route.method} ${route.path}`, documented: Boolean(operation) }).toEqual({ route: `${route.method} ${route.path}`, documented: true });
      const entry = OPERATIONS[route.handler];
      const handler = (await loadHandler(route.handler)) as unknown as { schemas: HandlerSchemas };
      // The same objects, not copies: the document cannot drift from what the handler accepts.
      expect({ route: route.handler, body: handler.schemas.body === entry.body, query: handler.schemas.query === entry.query }).toEqual({ route: route.handler, body: true, query: true });
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      const success = operation.responses[String(entry.status)].content['application/json'];
      expect(success.example).toBeDefined();
      for (const status of ['400', '401', '403', '404', '429']) expect(operation.responses[status]).toBeDefined();
      for (const name of pathParameterNames(route.path)) expect(operation.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name, in: 'path', required: true })]));
    }
    // Nothing documented that the table does not serve.
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods as Json).map((method) => `${method.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(publicRoutes.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('describes every public webhook event, with its signature headers', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(expect.arrayContaining(['task.created', 'task.updated', 'task.assigned', 'task.completed', 'reservation.created', 'reservation.updated', 'reservation.cancelled', 'reservation.double_booked', 'problem.reported']));
    for (const event of Object.values(doc.webhooks) as Json[]) {
      expect(event.post.parameters.map((parameter: Json) => parameter.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
  });

  it('has examples that satisfy their own schemas (operations and webhooks)', () => {
    const ajv = ajvFor(doc);
    for (const [p, methods] of [...Object.entries(doc.paths), ...Object.entries(doc.webhooks ?? {})]) {
      for (const [method, operation] of Object.entries(methods as Json)) {
        for (const [status, response] of Object.entries(operation.responses as Json)) {
          const content = (response as Json).content?.['application/json'];
          if (!content?.example) continue;
          const validate = ajv.compile(resolvable(content.schema) as object);
          expect({ at: `${method} ${p} ${status}`, valid: validate(content.example), errors: validate.errors ?? null }).toEqual({ at: `${method} ${p} ${status}`, valid: true, errors: null });
        }
        const request = operation.requestBody?.content['application/json'];
        if (request?.example !== undefined) {
          const validate = ajv.compile(resolvable(request.schema) as object);
          expect({ at: `${method} ${p} body`, valid: validate(request.example), errors: validate.errors ?? null }).toEqual({ at: `${method} ${p} body`, valid: true, errors: null });
        }
      }
    }
  });
});

describe('every documented operation, called for real', () => {
  let doc: Json;
  let company: TestCompany;
  let apiKey: string;
  let memberId: string;

  /**
   * A company's own things for one call: a property, a task and a reservation on it, fresh for each
   * operation; with `inspection`, the property requires one and the task is a completed cleaning
   * with a checklist, so the inspection it asked for (and its checklist's item) are there too.
   */
  async function fixture(inspection = false): Promise<Record<keyof typeof EXAMPLE_IDS, string>> {
    const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: `Casa ${Date.now()}`, address: 'Rua 1' } });
    expect(property.status).toBe(201);
    const task = await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Turnover', propertyId: property.body.id } });
    expect(task.status).toBe(201);
    const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 33 * 86_400_000).toISOString().slice(0, 10);
    const reservation = await invoke('POST', '/api/reservations', { cookies: [company.ceo.cookie], body: { propertyId: property.body.id, guestName: 'Ana Guest', checkinDate: start, checkoutDate: end } });
    expect(reservation.status).toBe(201);
    const reservationId = reservation.body.id ?? reservation.body.reservation?.id;
    const ids = { property: property.body.id, task: task.body.id, reservation: reservationId, member: memberId, inspection: '', checklistItem: '' };
    if (!inspection) return ids;
    const asCeo = { cookies: [company.ceo.cookie] };
    expect((await invoke('PUT', `/api/properties/${ids.property}/checklist-template`, { ...asCeo, body: { items: [{ description: 'Clean the bathroom mirror', required: false }] } })).status).toBe(200);
    expect((await invoke('PUT', `/api/properties/${ids.property}`, { ...asCeo, body: { inspectionRequired: true } })).status).toBe(200);
    expect((await invoke('POST', `/api/tasks/${ids.task}/checklist`, { ...asCeo, body: {} })).status).toBe(201);
    expect((await invoke('PUT', `/api/tasks/${ids.task}`, { ...asCeo, body: { status: 'completed' } })).status).toBe(200);
    const [asked] = (await invoke('GET', `/api/tasks?propertyId=${ids.property}&type=inspection`, asCeo)).body;
    const [item] = (await invoke('GET', `/api/tasks/${asked.id}/checklist`, asCeo)).body.items;
    return { ...ids, inspection: asked.id, checklistItem: item.id };
  }

  /** The example with each example id replaced by the fixture's id of that kind. */
  const withIds = (value: unknown, ids: Record<string, string>): unknown => {
    let text = JSON.stringify(value ?? {});
    for (const [kind, exampleId] of Object.entries(EXAMPLE_IDS)) text = text.replaceAll(exampleId, ids[kind]);
    return JSON.parse(text);
  };

  const paramFor = (routePath: string, name: string, ids: Record<string, string>): string => {
    if (name === 'month') return new Date().toISOString().slice(0, 7);
    if (name === 'userId') return ids.member;
    const resource = routePath.split('/')[3];
    if (resource === 'tasks') return routePath.endsWith('/inspection') ? ids.inspection : ids.task;
    if (resource === 'reservations') return ids.reservation;
    if (resource === 'properties') return ids.property;
    if (resource === 'team') return ids.member;
    throw new Error(`No fixture id for {${name}} of ${routePath}: add one to this test`);
  };

  beforeAll(async () => {
    company = await createTestCompany({ plan: 'enterprise' });
    memberId = (await company.add('staff')).user.id;
    const created = await invoke('POST', '/api/api-keys', { cookies: [company.ceo.cookie], body: { name: 'Contract test', scopes: ['read', 'write'] } });
    apiKey = created.body.key;
    doc = (await invoke('GET', '/api/v1/openapi.json')).body;
  });

  it.each(publicRoutes.map((route) => [route.method, route.path, route.handler] as const))('%s %s answers what the document says', async (method, routePath, handlerName) => {
    const ajv = ajvFor(doc);
    const operation = doc.paths[routePath][method.toLowerCase()];
    const entry = OPERATIONS[handlerName];
    const ids = await fixture(handlerName === 'v1-record-inspection');
    const url = pathParameterNames(routePath).reduce((p, name) => p.replace(`{${name}}`, paramFor(routePath, name, ids)), routePath);
    const queryExample = (entry as { queryExample?: Record<string, string> }).queryExample;
    const query = queryExample ? `?${new URLSearchParams(withIds(queryExample, ids) as Record<string, string>)}` : '';
    const response = await invoke(method, `${url}${query}`, {
      headers: { authorization: `Bearer ${apiKey}` },
      ...(operation.requestBody ? { body: withIds(operation.requestBody.content['application/json'].example, ids) } : {}),
    });
    expect({ operation: operation.operationId, status: response.status, problem: response.status >= 400 ? response.body : undefined }).toEqual({ operation: operation.operationId, status: entry.status, problem: undefined });
    const validate = ajv.compile(resolvable(operation.responses[String(entry.status)].content['application/json'].schema) as object);
    expect({ operation: operation.operationId, valid: validate(response.body), errors: validate.errors ?? null }).toEqual({ operation: operation.operationId, valid: true, errors: null });

    // And its failure: ids of no company (404), or without ids no key (401), is a problem the document describes.
    const unknownIds = pathParameterNames(routePath).filter((name) => name !== 'month');
    const failure = unknownIds.length
      ? await invoke(method, pathParameterNames(routePath).reduce((p, name) => p.replace(`{${name}}`, name === 'month' ? paramFor(routePath, name, ids) : '01JNOSUCHTHING000000000000'), routePath), {
          headers: { authorization: `Bearer ${apiKey}` },
          ...(operation.requestBody ? { body: withIds(operation.requestBody.content['application/json'].example, ids) } : {}),
        })
      : await invoke(method, `${url}${query}`, {});
    expect(failure.status).toBe(unknownIds.length ? 404 : 401);
    const problem = ajv.compile(resolvable(operation.responses[String(failure.status)]?.content['application/problem+json'].schema ?? {}) as object);
    expect({ status: failure.status, valid: problem(failure.body), errors: problem.errors ?? null }).toEqual({ status: failure.status, valid: true, errors: null });
  });
});
