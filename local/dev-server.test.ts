// The built site as the local server sends it: compressed as CloudFront would, the same bytes for
// every request, index.html compressed again when a build rewrites it. (npm test builds the site
// before Jest starts.)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, utimesSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startDevServer, type DevServer } from './dev-server';

const DIST = path.resolve('frontend/dist');
const built = existsSync(path.join(DIST, 'index.html'));
const describeBuilt = built ? describe : describe.skip;

describeBuilt('the local server: the built site', () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startDevServer({ port: 0, frontend: 'static' });
  });
  afterAll(async () => server?.close());

  /** The answer's headers and its body as sent (not decoded). */
  const rawGet = (address: string, encoding: string) =>
    new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      http.get(`${server.url.replace('localhost', '127.0.0.1')}${address}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      }).on('error', reject);
    });

  const asset = () => readdirSync(path.join(DIST, 'assets')).find((file) => file.startsWith('index-') && file.endsWith('.js'))!;

  it('answers many requests for one chunk at once with the same Brotli body, immutable', async () => {
    const file = asset();
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${server.url}/assets/${file}`, { headers: { 'accept-encoding': 'br' } })));
    const raw = readFileSync(path.join(DIST, 'assets', file));
    for (const answer of answers) {
      expect(answer.headers.get('content-encoding')).toBe('br');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    // fetch decodes the body itself: the bytes are the file's.
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    for (const body of bodies) expect(body.equals(raw)).toBe(true);
  });

  it('sends gzip to a client without Brotli and the file as it is to one asking for neither', async () => {
    const file = asset();
    const get = (encoding: string) => rawGet(`/assets/${file}`, encoding);
    const raw = readFileSync(path.join(DIST, 'assets', file));
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(raw)).toBe(true);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(raw)).toBe(true);
    const br = await get('br');
    expect(brotliDecompressSync(br.body).equals(raw)).toBe(true);
  });

  it("sends a script's Brotli copy that the build made (frontend/build/precompress.ts) as it is", async () => {
    const file = asset();
    const answer = await rawGet(`/assets/${file}`, 'gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.equals(readFileSync(path.join(DIST, 'assets', `${file}.br`)))).toBe(true);
  });

  // Files the build does not compress (its stylesheets, index.html) are compressed here once.
  const unbuilt = () => readdirSync(path.join(DIST, 'assets')).find((file) => file.endsWith('.css'))!;

  it('keeps each compressed body on disk by its content, which a second server sends as it is', async () => {
    const file = unbuilt();
    const raw = readFileSync(path.join(DIST, 'assets', file));
    await fetch(`${server.url}/assets/${file}`, { headers: { 'accept-encoding': 'br' } }).then((answer) => answer.arrayBuffer());
    const kept = path.resolve('node_modules/.cache/rentalops-compressed', `${createHash('sha256').update(raw).digest('hex')}.br`);
    expect(brotliDecompressSync(readFileSync(kept)).equals(raw)).toBe(true);
    const second = await startDevServer({ port: 0, frontend: 'static' });
    try {
      const answer = await fetch(`${second.url}/assets/${file}`, { headers: { 'accept-encoding': 'br' } });
      expect(answer.headers.get('content-encoding')).toBe('br');
      expect(Buffer.from(await answer.arrayBuffer()).equals(raw)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('revalidates index.html, and compresses it again when a build rewrites it', async () => {
    const first = await fetch(`${server.url}/tasks`, { headers: { 'accept-encoding': 'br' } });
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(await first.text()).toBe(readFileSync(path.join(DIST, 'index.html'), 'utf8'));
    const index = path.join(DIST, 'index.html');
    const later = new Date(Date.now() + 5_000);
    utimesSync(index, later, later);
    const second = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(await second.text()).toBe(readFileSync(index, 'utf8'));
  });
});

// The bench's server (bench/site.ts): HTTPS and HTTP/2, as CloudFront serves the site.
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
(built && hasOpenssl ? describe : describe.skip)('the local server over HTTP/2', () => {
  let server: DevServer;
  beforeAll(async () => {
    const { localhostCertificate } = await import('../bench/site');
    server = await startDevServer({ port: 0, frontend: 'static', tls: localhostCertificate() });
  });
  afterAll(async () => server?.close());

  it('serves the site and the API over HTTP/2, the API without pseudo-headers in its events', async () => {
    expect(server.url).toMatch(/^https:\/\/localhost:\d+$/);
    const session = http2.connect(server.url, { rejectUnauthorized: false });
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': path, 'accept-encoding': 'identity' });
        let status = 0;
        let body = '';
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.setEncoding('utf8');
        stream.on('data', (part: string) => (body += part));
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
      });
    try {
      const page = await get('/tasks');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<div id="root">');
      const health = await get('/api/health');
      expect(health.status).toBe(200);
      const missing = await get('/api/nowhere');
      expect(missing.status).toBe(404);
    } finally {
      session.close();
    }
  });
});
