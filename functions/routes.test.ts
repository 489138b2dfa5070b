import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROUTES, matchRoute } from './routes';
import { invoke } from '../local/invoke';
import { loadHandler } from '../local/api-adapter';

describe('the route table', () => {
  it('has one entry per method and path, and one handler module per entry', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const handlers = ROUTES.map((r) => r.handler);
    expect(new Set(handlers).size).toBe(handlers.length);
  });

  it.each(ROUTES.map((r) => [r.method, r.path, r.handler] as const))('mounts %s %s on a handler module that exports handler', async (method, routePath, name) => {
    expect(existsSync(path.resolve('functions/handlers', `${name}.ts`))).toBe(true);
    expect(typeof (await loadHandler(name))).toBe('function');
    const concrete = routePath.replace(/\{\w+\}/g, 'some-id');
    const match = matchRoute(method, concrete);
    expect(match.route?.handler).toBe(name);
  });

  it.each(ROUTES.filter((r) => r.access === 'session' && !r.master).map((r) => [r.method, r.path] as const))(
    'answers 401 without a session on %s %s',
    async (method, routePath) => {
      const response = await invoke(method, routePath.replace(/\{\w+\}/g, 'some-id'), {
        body: method === 'GET' ? undefined : {},
      });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Unauthorized');
    },
  );

  it.each(ROUTES.filter((r) => r.access === 'apiKey').map((r) => [r.method, r.path] as const))(
    'answers 401 problem details without an API key on %s %s (a session cookie is no key)',
    async (method, routePath) => {
      const response = await invoke(method, routePath.replace(/\{\w+\}/g, 'some-id'), { body: method === 'GET' ? undefined : {} });
      expect(response.status).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body).toMatchObject({ status: 401, type: 'https://rentalops.app/problems/unauthorized' });
    },
  );

  // The master console does not reveal itself: without a session it is as absent as an unknown path.
  it.each(ROUTES.filter((r) => r.master).map((r) => [r.method, r.path] as const))('answers 404 without a session on the master route %s %s', async (method, routePath) => {
    const response = await invoke(method, routePath.replace(/\{\w+\}/g, 'some-id'), { body: method === 'GET' ? undefined : {} });
    expect(response.status).toBe(404);
  });

  it('answers 401 for a forged or unknown session id', async () => {
    const response = await invoke('GET', '/api/auth/user', { cookies: ['rentalops_sid=not-a-real-session-id-at-all-xxxxxxxx'] });
    expect(response.status).toBe(401);
  });

  it('prefers a literal segment over a parameter', () => {
    expect(matchRoute('GET', '/api/tasks/recent').route?.handler).toBe('list-recent-tasks');
    expect(matchRoute('GET', '/api/tasks/abc').route?.handler).toBe('get-task');
  });

  it('does not match paths outside the table', () => {
    expect(matchRoute('GET', '/api/nope').route).toBeUndefined();
    expect(matchRoute('DELETE', '/api/tasks').route).toBeUndefined();
  });

  it('answers health checks', async () => {
    const response = await invoke('GET', '/api/health');
    expect(response).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});
