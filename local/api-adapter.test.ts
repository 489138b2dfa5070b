import { createServer, request, type Server } from 'node:http';
import { handleApiRequest } from './api-adapter';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => void handleApiRequest(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The raw response: status, headers and body bytes as they came over the socket. */
function get(path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the local API server', () => {
  it.each([
    ['a handler\'s answer', '/api/health', 200],
    ['a path outside the route table', '/api/no-such-route', 404],
    ['a route that needs a session', '/api/tasks', 401],
  ])('sends %s with its length, not chunked, as API Gateway does', async (_what, path, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(JSON.parse(response.body.toString('utf8'))).toEqual(expect.any(Object));
  });
});
