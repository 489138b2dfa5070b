// Fetching a feed against a raw local HTTP server (127.0.0.1): bytes and headers back, conditional
// requests (ETag / Last-Modified → 304), bodies cut short, and the guards that keep the fetch off
// private networks.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { translateMessage } from '#shared/messages';
import { connectionError, fetchFeed, FeedFetchError, httpError, retryAfterMs } from './fetch-feed';
import { parseFeed } from './parse-feed';

type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;
const routes = new Map<string, Route>();
const seenHeaders = new Map<string, http.IncomingHttpHeaders>();
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const route = new URL(request.url ?? '/', 'http://x').pathname;
    seenHeaders.set(route, request.headers);
    (routes.get(route) ?? ((_, res) => res.writeHead(404).end()))(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections?.();
  await new Promise((resolve) => server.close(resolve));
});

const local = { allowPrivateHosts: true, timeoutMs: 3_000 };
const LATIN1 = Buffer.from('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20261201\r\nDTEND;VALUE=DATE:20261203\r\nSUMMARY:Reservado - José Gonçalves\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n', 'latin1');

describe('fetchFeed', () => {
  it('returns the bytes as sent, with Content-Type, ETag and Last-Modified', async () => {
    routes.set('/latin1.ics', (_, res) => res.writeHead(200, { 'content-type': 'text/calendar; charset=ISO-8859-1', etag: '"v1"', 'last-modified': 'Tue, 24 Nov 2026 10:00:00 GMT' }).end(LATIN1));
    const fetched = await fetchFeed(`${base}/latin1.ics`, local);
    expect(fetched).toEqual({ notModified: false, body: LATIN1, contentType: 'text/calendar; charset=ISO-8859-1', etag: '"v1"', lastModified: 'Tue, 24 Nov 2026 10:00:00 GMT' });
    if (fetched.notModified) throw new Error('unreachable');
    const parsed = await parseFeed(fetched.body, { source: 'ical', timeZone: 'UTC', contentType: fetched.contentType, now: new Date('2026-11-25T00:00:00Z') });
    expect(parsed.events[0].guestName).toBe('José Gonçalves');
  });

  it('asks conditionally when it has an ETag or a Last-Modified, and reads 304 as not modified', async () => {
    routes.set('/conditional.ics', (req, res) => {
      if (req.headers['if-none-match'] === '"v2"' || req.headers['if-modified-since'] === 'Wed, 25 Nov 2026 08:00:00 GMT') res.writeHead(304).end();
      else res.writeHead(200, { 'content-type': 'text/calendar', etag: '"v2"' }).end(LATIN1);
    });
    expect(await fetchFeed(`${base}/conditional.ics`, { ...local, etag: '"v2"' })).toEqual({ notModified: true });
    expect(seenHeaders.get('/conditional.ics')).toMatchObject({ 'if-none-match': '"v2"' });
    expect(await fetchFeed(`${base}/conditional.ics`, { ...local, lastModified: 'Wed, 25 Nov 2026 08:00:00 GMT' })).toEqual({ notModified: true });
    expect(await fetchFeed(`${base}/conditional.ics`, { ...local, etag: '"old"' })).toMatchObject({ notModified: false, etag: '"v2"' });
    // Without a validator, nothing conditional is sent.
    await fetchFeed(`${base}/conditional.ics`, local);
    expect(seenHeaders.get('/conditional.ics')).not.toHaveProperty('if-none-match');
    // A validator with a line break is never sent as a header.
    await fetchFeed(`${base}/conditional.ics`, { ...local, etag: '"x"\r\nx-injected: 1' });
    expect(seenHeaders.get('/conditional.ics')).not.toHaveProperty('x-injected');
    expect(seenHeaders.get('/conditional.ics')).not.toHaveProperty('if-none-match');
  });

  it('a 304 nobody asked for is an HTTP error, not an empty calendar', async () => {
    routes.set('/unasked-304.ics', (_, res) => res.writeHead(304).end());
    await expect(fetchFeed(`${base}/unasked-304.ics`, local)).rejects.toMatchObject({ code: 'calendar.error.http', params: { status: 304 } });
  });

  it('a body shorter than its Content-Length, or a connection closed mid-body, is truncated', async () => {
    routes.set('/short.ics', (_, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar', 'content-length': String(LATIN1.length + 500) });
      res.write(LATIN1, () => res.destroy());
    });
    await expect(fetchFeed(`${base}/short.ics`, local)).rejects.toMatchObject({ code: 'calendar.error.truncated' });
    routes.set('/chunked-cut.ics', (_, res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.write(LATIN1.subarray(0, 40), () => setTimeout(() => res.socket?.destroy(), 20));
    });
    await expect(fetchFeed(`${base}/chunked-cut.ics`, local)).rejects.toMatchObject({ code: 'calendar.error.truncated' });
  });

  it('unpacks gzip (even unasked, as iCloud sends it), deflate and br, within the size cap; a cut gzip is truncated', async () => {
    const send = (encoding: string, body: Buffer) => (_: http.IncomingMessage, res: http.ServerResponse) =>
      res.writeHead(200, { 'content-type': 'text/calendar; charset=ISO-8859-1', 'content-encoding': encoding }).end(body);
    routes.set('/gzip.ics', send('gzip', zlib.gzipSync(LATIN1)));
    const fetched = await fetchFeed(`${base}/gzip.ics`, local);
    expect(fetched).toMatchObject({ notModified: false, body: LATIN1 });
    expect(seenHeaders.get('/gzip.ics')).toMatchObject({ 'accept-encoding': 'gzip, deflate, br' });
    routes.set('/deflate.ics', send('deflate', zlib.deflateSync(LATIN1)));
    routes.set('/raw-deflate.ics', send('deflate', zlib.deflateRawSync(LATIN1)));
    routes.set('/br.ics', send('br', zlib.brotliCompressSync(LATIN1)));
    // Says gzip, is not: taken as it is.
    routes.set('/says-gzip.ics', send('gzip', LATIN1));
    for (const route of ['/deflate.ics', '/raw-deflate.ics', '/br.ics', '/says-gzip.ics']) expect(await fetchFeed(`${base}${route}`, local)).toMatchObject({ body: LATIN1 });
    // 5 kB on the wire that unpack past the cap: too large, not read on.
    routes.set('/bomb.ics', send('gzip', zlib.gzipSync(Buffer.alloc(3_000_000, 0x41))));
    await expect(fetchFeed(`${base}/bomb.ics`, { ...local, maxBytes: 100_000 })).rejects.toMatchObject({ code: 'calendar.error.tooLarge' });
    routes.set('/cut.ics', send('gzip', zlib.gzipSync(LATIN1).subarray(0, 60)));
    await expect(fetchFeed(`${base}/cut.ics`, local)).rejects.toMatchObject({ code: 'calendar.error.truncated' });
  });

  it('a 429 (or a 503 with Retry-After) is the channel limiting reads, with how long it asks to wait', async () => {
    routes.set('/limited.ics', (_, res) => res.writeHead(429, { 'retry-after': '120' }).end('Too Many Requests'));
    await expect(fetchFeed(`${base}/limited.ics`, local)).rejects.toMatchObject({ code: 'calendar.error.rateLimited', params: { status: 429 }, retryAfterMs: 120_000 });
    routes.set('/maintenance.ics', (_, res) => res.writeHead(503, { 'retry-after': 'Wed, 25 Nov 2099 08:00:00 GMT' }).end());
    await expect(fetchFeed(`${base}/maintenance.ics`, local)).rejects.toMatchObject({ code: 'calendar.error.rateLimited', params: { status: 503 } });
    routes.set('/down.ics', (_, res) => res.writeHead(503).end());
    await expect(fetchFeed(`${base}/down.ics`, local)).rejects.toMatchObject({ code: 'calendar.error.serverError', params: { status: 503 } });
    expect(retryAfterMs('Wed, 25 Nov 2026 08:10:00 GMT', Date.parse('2026-11-25T08:00:00Z'))).toBe(600_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('keeps its guards: size cap, deadline, private and link-local addresses, HTTP errors, other schemes', async () => {
    routes.set('/big.ics', (_, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(Buffer.alloc(5_000, 0x41)));
    await expect(fetchFeed(`${base}/big.ics`, { ...local, maxBytes: 1_000 })).rejects.toMatchObject({ code: 'calendar.error.tooLarge' });
    routes.set('/hang.ics', () => undefined);
    await expect(fetchFeed(`${base}/hang.ics`, { ...local, timeoutMs: 200 })).rejects.toMatchObject({ code: 'calendar.error.timeout' });
    await expect(fetchFeed(`${base}/latin1.ics`, { allowPrivateHosts: false })).rejects.toMatchObject({ code: 'calendar.error.hostNotAllowed' });
    await expect(fetchFeed('http://169.254.169.254/latest/meta-data/', { allowPrivateHosts: false, timeoutMs: 1_000 })).rejects.toBeInstanceOf(FeedFetchError);
    await expect(fetchFeed('http://[::1]/x.ics', { allowPrivateHosts: false })).rejects.toMatchObject({ code: 'calendar.error.hostNotAllowed' });
    routes.set('/gone.ics', (_, res) => res.writeHead(410).end());
    await expect(fetchFeed(`${base}/gone.ics`, local)).rejects.toMatchObject({ code: 'calendar.error.notFound', params: { status: 410 } });
    await expect(fetchFeed('file:///etc/passwd', local)).rejects.toMatchObject({ code: 'calendar.error.unsupportedLink' });
  });

  it('tells each failure as what it is, in the caller\'s language, never with an exception\'s text', async () => {
    const words = (error: unknown, language: 'en' | 'pt' | 'es' = 'en') => translateMessage((error as FeedFetchError).code, language, (error as FeedFetchError).params);
    const failure = (url: string, options = local) => fetchFeed(url, options).then(() => { throw new Error('expected a failure'); }, (error: unknown) => error);
    for (const [status, code, en] of [
      [401, 'calendar.error.refused', 'The channel refused to hand over the calendar (HTTP 401)'],
      [403, 'calendar.error.refused', 'The channel refused to hand over the calendar (HTTP 403)'],
      [404, 'calendar.error.notFound', 'There is no calendar at this link any more (HTTP 404)'],
      [500, 'calendar.error.serverError', 'The channel\'s server failed to hand over the calendar (HTTP 500)'],
      [418, 'calendar.error.http', 'The calendar link answered with HTTP 418'],
    ] as const) {
      routes.set(`/status-${status}.ics`, (_, res) => res.writeHead(status).end('<html>nope</html>'));
      const error = await failure(`${base}/status-${status}.ics`);
      expect(error).toMatchObject({ code, params: { status } });
      expect(words(error)).toContain(en);
    }
    expect(words(await failure(`${base}/status-403.ics`), 'pt')).toContain('O canal recusou-se a entregar o calendário (HTTP 403)');
    expect(words(await failure(`${base}/status-404.ics`), 'es')).toContain('Ya no hay calendario en este enlace (HTTP 404)');
    // A port nobody listens on: the connection is refused, named by its host.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await failure(`http://127.0.0.1:${port}/x.ics`);
    expect(refused).toMatchObject({ code: 'calendar.error.connectionRefused', params: { host: '127.0.0.1' } });
    expect(words(refused, 'pt')).toBe('O servidor do link do calendário (127.0.0.1) recusou a conexão');
    // Redirects without end.
    routes.set('/loop.ics', (_, res) => res.writeHead(302, { location: '/loop.ics' }).end());
    expect(await failure(`${base}/loop.ics`)).toMatchObject({ code: 'calendar.error.tooManyRedirects' });
    // The codes a socket fails with, each in words (the exception's own text is never shown).
    const socketError = (code: string) => Object.assign(new Error(`getaddrinfo ${code} secret-internal-detail`), { code });
    expect(connectionError(socketError('ENOTFOUND'), 'calendar.example.invalid')).toMatchObject({ code: 'calendar.error.hostNotFound', params: { host: 'calendar.example.invalid' } });
    expect(connectionError(socketError('CERT_HAS_EXPIRED'), 'old.example.com')).toMatchObject({ code: 'calendar.error.certificate' });
    expect(connectionError(socketError('ERR_TLS_CERT_ALTNAME_INVALID'), 'old.example.com')).toMatchObject({ code: 'calendar.error.certificate' });
    for (const code of ['ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EAI_AGAIN', '']) {
      const error = connectionError(socketError(code), 'a.example.com');
      expect(error.code).toBe('calendar.error.unreachable');
      expect(words(error)).not.toMatch(/secret|getaddrinfo|E[A-Z]{4,}/);
    }
    expect(httpError(502).code).toBe('calendar.error.serverError');
  });
});
