// Build step: the readable API reference at /developers (issue 39 point 3). Scalar's browser build
// (@scalar/api-reference's dist/browser/standalone.js, ~4.8 MB) renders /api/v1/openapi.json with a
// copyable curl per operation. It is none of the app's modules: the app never imports it, so it is in
// no chunk of the app and no first visit of a screen downloads it. The build copies it as it is into
// assets/ (hashed, so immutable and given its Brotli copy like every script there: precompress.ts),
// with a small start script of ours (the site's CSP allows no inline script) and a plain page,
// developers.html, that loads both. The address /developers answers with that page: CloudFront's
// viewer-request function, the local server and the service worker read shared/static-pages.ts.
// Under Vite's dev server (npm start with FRONTEND=vite) the same page is served from memory.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { registryPath } from '../../scripts/registry-packages.cjs';
import { brotliBest } from './precompress.ts';
import { DEVELOPERS_PATH, STATIC_PAGES } from '../../shared/static-pages.ts';

/** The public API's OpenAPI document, which the reference renders (functions/routes.ts get-openapi). */
export const OPENAPI_URL = '/api/v1/openapi.json';

/**
 * Scalar's options: the bundled fonts are off (they come from fonts.scalar.com, which the CSP's
 * font-src refuses; the system's fonts are used), as are its telemetry, its AI agent and MCP offers
 * (calls to Scalar's servers) and its developer tools; the code samples open on curl.
 */
export const SCALAR_CONFIGURATION = {
  url: OPENAPI_URL,
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: false,
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  metaData: { title: 'RentalOps API reference' },
} as const;

/**
 * Scalar's standalone browser build: the one file of @scalar/api-reference the page needs, fetched
 * from the npm registry on first use, not installed with its 255 dependencies (scripts/registry-packages.cjs).
 */
export function scalarStandalone(): Buffer {
  return readFileSync(registryPath('scalar', 'dist/browser/standalone.js'));
}

/**
 * The start script, loaded before Scalar's build: zod (inside Scalar) is told not to probe for
 * eval (its `new Function('')` check, which the CSP's script-src refuses and reports as a violation;
 * zod then validates without compiled code, as it would anyway), and once the page is parsed (Scalar
 * loaded) the reference is rendered into #reference.
 */
export function startScript(): string {
  return [
    'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });',
    `document.addEventListener('DOMContentLoaded', function () { Scalar.createApiReference('#reference', ${JSON.stringify(SCALAR_CONFIGURATION)}); });`,
    '',
  ].join('\n');
}

/** developers.html, loading Scalar's build and the start script from `scalarSrc` and `startSrc`. */
export function developersHtml(scalarSrc: string, startSrc: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>RentalOps API reference</title>
    <meta name="description" content="The RentalOps public API (/api/v1): every operation with its parameters, bodies, answers and a curl example." />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <noscript><p>The reference needs JavaScript. The OpenAPI document is at <a href="${OPENAPI_URL}">${OPENAPI_URL}</a>.</p></noscript>
  </head>
  <body>
    <div id="reference"></div>
    <script src="${startSrc}"></script>
    <script src="${scalarSrc}"></script>
  </body>
</html>
`;
}

const shortHash = (content: string | Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 10);

/** Where Scalar's build goes in the output (under assets/: immutable, and its Brotli copy served). */
export const scalarFileName = (scalar: Buffer) => `assets/scalar-api-reference-${shortHash(scalar)}.js`;

/** Scalar's Brotli copy at precompress.ts's quality, made once per content and kept in node_modules/.cache. */
async function cachedBrotli(raw: Buffer): Promise<Buffer> {
  const dir = path.resolve('node_modules/.cache/rentalops-developers');
  const kept = path.join(dir, `${createHash('sha256').update(raw).digest('hex')}.br`);
  const found = await readFile(kept).catch(() => undefined);
  if (found) return found;
  const body = await brotliBest(raw);
  // Written under another name and renamed: a build reading it meanwhile never sees half a file.
  const partial = `${kept}.${process.pid}`;
  await mkdir(dir, { recursive: true })
    .then(() => writeFile(partial, body))
    .then(() => rename(partial, kept))
    .catch(() => undefined);
  return body;
}

export function developersPage(): Plugin {
  const pageFile = STATIC_PAGES[DEVELOPERS_PATH].replace(/^\//, '');
  return {
    name: 'rentalops-developers-page',
    // npm start with Vite's dev server: the page, Scalar and the start script from memory.
    configureServer(server) {
      const scalarPath = '/@rentalops/scalar-standalone.js';
      const startPath = '/@rentalops/developers-start.js';
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0];
        const send = (type: string, body: string | Buffer) => {
          res.setHeader('content-type', type);
          res.end(body);
        };
        if (pathname === DEVELOPERS_PATH || pathname === `${DEVELOPERS_PATH}/` || pathname === `/${pageFile}`) send('text/html; charset=utf-8', developersHtml(scalarPath, startPath));
        else if (pathname === scalarPath) send('text/javascript; charset=utf-8', scalarStandalone());
        else if (pathname === startPath) send('text/javascript; charset=utf-8', startScript());
        else next();
      });
    },
    generateBundle() {
      const start = startScript();
      // Named by their content's hash under assets/, as Vite names the app's scripts.
      const startFile = `assets/developers-start-${shortHash(start)}.js`;
      this.emitFile({ type: 'asset', fileName: startFile, source: start });
      this.emitFile({ type: 'asset', fileName: pageFile, source: developersHtml(`/${scalarFileName(scalarStandalone())}`, `/${startFile}`) });
    },
    // Scalar's build is written beside the bundle, not emitted into it: precompress.ts would make its
    // Brotli copy on every build (a minute of a loaded machine for 4.8 MB). Its copy is made once
    // per Scalar version and kept (node_modules/.cache), as the local server keeps its compressed files.
    writeBundle: {
      order: 'post',
      async handler(options) {
        const outDir = options.dir ?? path.dirname(options.file ?? '');
        const scalar = scalarStandalone();
        const file = path.join(outDir, scalarFileName(scalar));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, scalar);
        await writeFile(`${file}.br`, await cachedBrotli(scalar));
      },
    },
  };
}
