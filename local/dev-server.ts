// The product on one origin: /api/* through the local API adapter (the Lambda handlers), the dev
// outbox, and the frontend (Vite in dev mode, or the built files for browser tests).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2SecureServer, type Http2Session } from 'node:http2';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile, rename } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import path from 'node:path';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { originOf, securityHeaders } from '../shared/security-headers';
import { staticPageFile } from '../shared/static-pages';
import { handleApiRequest } from './api-adapter';
import { readOutbox, renderOutboxPage } from './outbox';
import { handleDevJobsRequest } from './dev-jobs';
import { handleDevPaymentsRequest } from './payments';
import { handleDevWebhooksRequest } from './webhook-inspector';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface DevServerOptions {
  port: number;
  host?: string;
  /** 'vite' serves the sources with hot reload; 'static' serves frontend/dist (built). */
  frontend: 'vite' | 'static';
  /** Extra local-only routes (e.g. the identity-provider stand-in), tried before the frontend. */
  extraRoutes?: Array<(req: IncomingMessage, res: ServerResponse) => Promise<boolean>>;
  /**
   * HTTPS with HTTP/2 (HTTP/1.1 for clients without it), as CloudFront serves the site: the bench
   * measures the site over the protocol its visitors get. A key and certificate for localhost.
   */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /** With 'static': the built site to serve (frontend/dist unless given; the bench compares two builds). */
  distDir?: string;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
  /** The built site only: compresses every built file now, as a CDN edge holds them after the first visitors. */
  precompress?(): Promise<number>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding CloudFront would pick for this request: Brotli, then gzip. */
function acceptedEncoding(req: IncomingMessage): Encoding {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** Compressed files kept on disk this long after they were made, then removed at the next start. */
const COMPRESSED_KEPT_MS = 14 * 24 * 3600_000;

/**
 * Compressed bodies kept on disk by their content's hash (node_modules/.cache, as other build tools
 * keep theirs), so each built file is compressed once, not once per server: every browser-test file
 * starts a server of its own, and Brotli at quality 9 for the ~70 chunks of a first screen was
 * seconds of a loaded machine's CPU on that file's first page. A file that cannot be read or
 * written there is compressed again; nothing depends on the cache.
 */
function compressedCache() {
  const dir = path.resolve('node_modules/.cache/rentalops-compressed');
  try {
    mkdirSync(dir, { recursive: true });
    const now = Date.now();
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (now - statSync(file).mtimeMs > COMPRESSED_KEPT_MS) rmSync(file, { force: true });
    }
  } catch {
    // An unwritable cache: every body is compressed in memory, as before.
  }
  return {
    async get(raw: Buffer, encoding: string, make: () => Promise<Buffer>): Promise<Buffer> {
      const file = path.join(dir, `${createHash('sha256').update(raw).digest('hex')}.${encoding}`);
      const kept = await readFile(file).catch(() => undefined);
      if (kept) return kept;
      const body = await make();
      // Written under another name and renamed: a server reading it meanwhile never sees half a file.
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await writeFile(partial, body)
        .then(() => rename(partial, file))
        .catch(() => rmSync(partial, { force: true }));
      return body;
    },
  };
}

/**
 * The built frontend as CloudFront serves it: hashed assets cached for good, index.html revalidated,
 * text compressed (each file once, in zlib's thread pool: compressing on the event loop held every
 * API answer behind the first page's ~70 chunks; index.html again when a build rewrites it).
 * Unknown paths get index.html (SPA).
 */
function serveStatic(root: string) {
  const indexHtml = path.join(root, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`The frontend is not built (${indexHtml} is missing). Run: npm run build:web`);
  }
  // By encoding and file: the compressed body, and the modification time it was made from (hashed
  // assets never change; index.html changes with every build and replaces its entry).
  const compressed = new Map<string, { mtimeMs: number; body: Promise<Buffer> }>();
  const onDisk = compressedCache();
  const encode = (file: string, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> => {
    const cacheKey = `${encoding}:${file}`;
    const mtimeMs = file === indexHtml ? statSync(file).mtimeMs : 0;
    const kept = compressed.get(cacheKey);
    if (kept && kept.mtimeMs === mtimeMs) return kept.body;
    // The build's own Brotli copy when it made one (frontend/build/precompress.ts: the scripts, at
    // the highest quality), as CloudFront's viewer-request function serves it.
    const built = `${file}.br`;
    const compress = () => {
      const raw = readFileSync(file);
      return onDisk.get(raw, encoding, () => (encoding === 'br' ? brotliAsync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : gzipAsync(raw, { level: 9 })));
    };
    const body = encoding === 'br' && existsSync(built) ? Promise.resolve(readFileSync(built)) : compress();
    compressed.set(cacheKey, { mtimeMs, body });
    // A failure is not kept: the next request compresses again.
    body.catch(() => compressed.delete(cacheKey));
    return body;
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    // The site's own pages (the API reference at /developers) by their file, as CloudFront rewrites them.
    const file = path.normalize(path.join(root, staticPageFile(pathname) ?? decodeURIComponent(pathname)));
    const inside = file.startsWith(root + path.sep);
    const target = inside && existsSync(file) && statSync(file).isFile() ? file : indexHtml;
    const ext = path.extname(target);
    const immutable = target !== indexHtml && pathname.startsWith('/assets/');
    const encoding = COMPRESSIBLE.has(ext) ? acceptedEncoding(req) : 'identity';
    const body = encoding === 'identity' ? readFileSync(target) : await encode(target, encoding);
    res.writeHead(200, {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    });
    res.end(body);
  };
  const precompress = async () => {
    const files = [indexHtml, ...readdirSync(path.join(root, 'assets')).map((file) => path.join(root, 'assets', file))].filter((file) => COMPRESSIBLE.has(path.extname(file)));
    await Promise.all(files.map((file) => encode(file, 'br')));
    return files.length;
  };
  return { handle, precompress };
}

/**
 * The security headers CloudFront adds in AWS (shared/security-headers.ts), with this machine's
 * stand-ins as the photo bucket (s3rver) and the hosted UI (cognito-local). Read when the server
 * starts: the stand-ins' endpoints are in the environment by then.
 */
export function localSecurityHeaders(frontend: DevServerOptions['frontend']): Record<string, string> {
  const s3 = originOf(process.env.AWS_ENDPOINT_URL_S3);
  const photoOrigins = s3 ? [s3, s3.replace('//127.0.0.1:', '//localhost:')].filter((o, i, all) => all.indexOf(o) === i) : [];
  const cognito = originOf(process.env.COGNITO_AUTHORIZE_URL);
  return securityHeaders({ photoOrigins, formActionOrigins: cognito ? [cognito] : [], https: false, viteDev: frontend === 'vite' });
}

/** The server's own origins become the site's (functions/lib/request-guards.ts accepts their writes). */
function allowOwnOrigins(port: number, scheme: 'http' | 'https'): void {
  const own = [`${scheme}://localhost:${port}`, `${scheme}://127.0.0.1:${port}`];
  const listed = (process.env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  process.env.ALLOWED_ORIGINS = [...new Set([...listed, ...own])].join(',');
}

export function assertPortFree(port: number, host: string, what: string, envName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} (${what}) is already in use. Stop whatever uses it or set ${envName}.`)
          : error,
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const host = options.host ?? '127.0.0.1';
  await assertPortFree(options.port, host, 'the RentalOps web server', 'PORT');
  const server: Server | Http2SecureServer = options.tls ? createSecureServer({ ...options.tls, allowHTTP1: true }) : createServer();
  const sessions = new Set<Http2Session>();
  if (options.tls) {
    (server as Http2SecureServer).on('session', (session) => {
      sessions.add(session);
      session.once('close', () => sessions.delete(session));
    });
  }
  let frontend: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
  let precompress: (() => Promise<number>) | undefined;
  let closeVite: (() => Promise<void>) | undefined;
  if (options.frontend === 'vite') {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      configFile: path.resolve('frontend/vite.config.ts'),
      server: { middlewareMode: true, ws: { server } },
      appType: 'spa',
      logLevel: 'warn',
    });
    frontend = (req, res) => vite.middlewares(req, res);
    closeVite = () => vite.close();
  } else {
    ({ handle: frontend, precompress } = serveStatic(path.resolve(options.distDir ?? 'frontend/dist')));
  }

  const headers = localSecurityHeaders(options.frontend);
  // (HTTP/2's compatibility request and response stand in for HTTP/1.1's.)
  (server as Server).on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      try {
        if (pathname === '/api/dev/outbox' && req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(await readOutbox()));
          return;
        }
        // Scheduled jobs by hand (GET /api/dev/jobs, POST /api/dev/jobs/{name}): local only, like the outbox.
        if (await handleDevJobsRequest(req, res)) return;
        // The payment stand-in's checkout and portal pages (local/payments.ts): local only, like the outbox.
        if (await handleDevPaymentsRequest(req, res)) return;
        // The webhook inspector (local/webhook-inspector.ts): receives deliveries and lists them; local only, like the outbox.
        if (await handleDevWebhooksRequest(req, res)) return;
        if (pathname === '/dev/outbox') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(renderOutboxPage(await readOutbox()));
          return;
        }
        for (const route of options.extraRoutes ?? []) if (await route(req, res)) return;
        // The site and the API answer with the security headers CloudFront adds (the dev pages above do not).
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        if (pathname === '/api' || pathname.startsWith('/api/')) {
          await handleApiRequest(req, res);
          return;
        }
        await frontend(req, res);
      } catch (error) {
        console.error('[dev-server]', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Internal Server Error' }));
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const scheme = options.tls ? 'https' : 'http';
  allowOwnOrigins(port, scheme);
  return {
    url: `${scheme}://localhost:${port}`,
    precompress,
    async close() {
      await closeVite?.();
      if ('closeAllConnections' in server) server.closeAllConnections();
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
