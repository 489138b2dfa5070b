// The code of the handler functions. `bundle`: esbuild bundles every handler the stack needs in one
// in-process build (entry points share the parse of the AWS SDK and the app's modules), cached for
// the whole synth so every stage reuses it; this is why the house construct takes Code rather than
// being a NodejsFunction, whose one esbuild process per function took about a minute per stage.
// `stub`: one inline line per function, for stack tests that need the template, not the code.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { build, buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { paths } from './paths';
import { requireSdk, SDK_REQUIRE_BANNER } from './sdk-require';

export type BuildMode = 'bundle' | 'stub';

/** A handler the tables name cannot be built: reported without a stack trace by bin/app.ts. */
export class HandlerBuildError extends Error {
  override readonly name = 'HandlerBuildError';
}

export interface HandlerCode {
  readonly mode: BuildMode;
  /** The Lambda handler setting for a function built from this code. */
  readonly handler: string;
  code(handlerName: string): lambda.Code;
}

/**
 * ESM output, because the handlers import ESM-only packages (jose, @middy/core); the banner gives
 * bundled CommonJS dependencies (Powertools, Idempotency…) the `require` they expect.
 * `#shared/*` and `#functions/*` resolve through package.json "imports".
 * The AWS SDK v3 is left to the Lambda runtime, which ships it (`@aws-sdk/*`, as NodejsFunction
 * does by default): bundled, the DynamoDB client alone is over 400 KB minified, and the per-function
 * target is 300 KB (README, "Performance"). Tests and `npm start` run the version package.json pins.
 * The bundles load it with require() (sdk-require.ts, applied by `writeBundle`), not import.
 * mainFields stay esbuild's Node default (main before module): with `module` first, a CommonJS
 * package that requires a dual package gets its ESM build (jsbi under @js-temporal/polyfill, used
 * by the calendar sync) and breaks at load.
 */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  outExtension: { '.js': '.mjs' },
  external: ['@aws-sdk/*'],
  banner: { js: `import { createRequire as __rentalopsCreateRequire } from 'node:module'; const require = __rentalopsCreateRequire(import.meta.url);${SDK_REQUIRE_BANNER}` },
  legalComments: 'none',
  logLevel: 'silent',
} as const satisfies BuildOptions;

/**
 * Packages the code imports with `await import()` on the one path that needs them (report exports,
 * the iCal parser, the SMTP check): a handler that reaches one is built on its own with code
 * splitting, so the package is a chunk beside index.mjs, read only when that path runs, and the
 * function's cold start does not pay for it.
 */
export const LAZY_PACKAGES = [
  'exceljs',
  'pdfkit',
  'nodemailer',
  '@aws-lambda-powertools/idempotency',
  // Tracer and Metrics (functions/lib/tracing.ts, metrics.ts): loaded after start-up, or when an
  // invocation has metrics to publish, so they are chunks too (the tracer with the X-Ray SDK is ~120 KB).
  '@aws-lambda-powertools/tracer',
  '@aws-lambda-powertools/metrics',
] as const;

const STUB_CODE = "exports.handler = async () => ({ statusCode: 503, body: 'stub code: synthesised for tests only' });";

export function stubCode(): HandlerCode {
  return { mode: 'stub', handler: 'index.handler', code: () => lambda.Code.fromInline(STUB_CODE) };
}

// Bundles are build artefacts of this process (not request state): one directory per process, at a
// fixed depth in the repository so the source maps' relative paths, hence the asset hashes, are the
// same on every machine and every run.
const bundleParent = path.join(paths.root, 'node_modules', '.cache', 'rentalops-bundles');
const bundleRoot = path.join(bundleParent, String(process.pid));
const bundled = new Set<string>();
let cleanupRegistered = false;

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Removes what killed processes (a test worker, an interrupted synth) could not clean up. */
function removeStaleBundles(): void {
  if (!existsSync(bundleParent)) return;
  for (const entry of readdirSync(bundleParent)) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) rmSync(path.join(bundleParent, entry), { recursive: true, force: true });
  }
}

function bundle(names: readonly string[]): void {
  const missing = names.filter((name) => !bundled.has(name));
  if (!missing.length) return;
  const absent = missing.filter((name) => !existsSync(paths.handler(name)));
  if (absent.length) {
    throw new HandlerBuildError(
      `No handler module for ${absent.map((name) => `"${name}"`).join(', ')}: expected ${absent.map((name) => `functions/handlers/${name}.ts`).join(', ')} (named by functions/routes.ts or functions/event-handlers.ts).`,
    );
  }
  if (!cleanupRegistered) removeStaleBundles();
  mkdirSync(bundleRoot, { recursive: true });
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    process.once('exit', () => rmSync(bundleRoot, { recursive: true, force: true }));
  }
  buildHandlers(missing, bundleRoot);
  for (const name of missing) bundled.add(name);
}

/**
 * Builds the named handlers into `outdir/<name>/` exactly as a synth uploads them (one esbuild
 * build per handler with code splitting, so a lazily imported package (LAZY_PACKAGES) is a chunk
 * beside index.mjs; the SDK's imports made require() calls; pdfkit's fonts beside the bundle that
 * draws PDFs). The synth's bundles and the local bundles runtime (local/bundles/,
 * `API_RUNTIME=bundles npm start`) are both built by this function. Returns a metafile of the build
 * with one output per handler, `<outdir>/<name>/index.mjs`, carrying every module of its entry and
 * chunks (as one build of them all without splitting names them: handlerBuildOptions);
 * local/bundles/build.ts keeps it for infra/test/bundle-contents.test.ts.
 *
 * Every handler reaches a lazy package (the tracer and metrics at least), so each is built on its
 * own with splitting; the one build of all of them that used to come first only told which ones,
 * and took a third of the time (2026-12-06: 135 of 398 s on a loaded 2-core machine).
 */
export function buildHandlers(names: readonly string[], outdir: string): Metafile {
  return finishHandlers(
    names,
    outdir,
    names.map((name) => bundleWithChunks(name, outdir)),
  );
}

/**
 * buildHandlers with up to `concurrency` esbuild builds at a time (esbuild's async API), for a build
 * that may wait (the local bundles of scripts/test.sh): the same options, the same files byte for
 * byte (3,936 files of 215 handlers compared) and the same metafile. On this 2-core machine, quiet:
 * 41.7 s one at a time, 34.3 s two at a time (esbuild already spreads one build's parse).
 */
export async function buildHandlersConcurrently(names: readonly string[], outdir: string, concurrency = 2): Promise<Metafile> {
  const metafiles: Metafile[] = new Array(names.length);
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const index = next++;
      metafiles[index] = await bundleWithChunksAsync(names[index]!, outdir);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return finishHandlers(names, outdir, metafiles);
}

/** One metafile output per handler (entry and chunks together), then the SDK rewrite and runtime files. */
function finishHandlers(names: readonly string[], outdir: string, metafiles: readonly Metafile[]): Metafile {
  const merged: Metafile = { inputs: {}, outputs: {} };
  names.forEach((name, index) => {
    const metafile = metafiles[index]!;
    Object.assign(merged.inputs, metafile.inputs);
    const entry = Object.values(metafile.outputs).find((info) => info.entryPoint);
    const inputs: Metafile['outputs'][string]['inputs'] = {};
    let bytes = 0;
    for (const info of Object.values(metafile.outputs)) {
      bytes += info.bytes;
      for (const [input, used] of Object.entries(info.inputs)) inputs[input] = { bytesInOutput: (inputs[input]?.bytesInOutput ?? 0) + used.bytesInOutput };
    }
    merged.outputs[path.relative(paths.root, path.join(outdir, name, 'index.mjs')).split(path.sep).join('/')] = { ...entry!, inputs, bytes };
  });
  for (const name of names) {
    requireSdkIn(path.join(outdir, name));
    addRuntimeFiles(path.join(outdir, name));
  }
  return merged;
}

/**
 * The one esbuild build of the named handlers that a synth runs (entry `<name>/index` per handler,
 * with a metafile): infra/test/bundle-contents.test.ts builds every handler with exactly these
 * options to check what each bundle carries.
 */
export function handlerBuildOptions(names: readonly string[], outdir: string) {
  return {
    ...ESBUILD_OPTIONS,
    entryPoints: Object.fromEntries(names.map((name) => [`${name}/index`, paths.handler(name)])),
    outdir,
    absWorkingDir: paths.root,
    tsconfig: paths.tsconfig,
    metafile: true,
  } as const satisfies BuildOptions;
}

/** Rewrites the SDK imports of a built handler (entry and chunks) into require() calls. */
export function requireSdkIn(dir: string): void {
  for (const file of [path.join(dir, 'index.mjs'), ...listChunks(dir)]) writeFileSync(file, requireSdk(readFileSync(file, 'utf8')));
}

function listChunks(dir: string): string[] {
  const chunks = path.join(dir, 'chunks');
  return existsSync(chunks) ? readdirSync(chunks).filter((file) => file.endsWith('.mjs')).map((file) => path.join(chunks, file)) : [];
}

/** The build of one handler with code splitting: its lazily imported packages become chunks beside it. */
function chunkedBuildOptions(name: string, outdir: string) {
  return {
    ...ESBUILD_OPTIONS,
    entryPoints: { index: paths.handler(name) },
    outdir: path.join(outdir, name),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    absWorkingDir: paths.root,
    tsconfig: paths.tsconfig,
    metafile: true,
  } as const satisfies BuildOptions;
}

function bundleWithChunks(name: string, outdir: string): Metafile {
  rmSync(path.join(outdir, name), { recursive: true, force: true });
  return buildSync(chunkedBuildOptions(name, outdir)).metafile;
}

async function bundleWithChunksAsync(name: string, outdir: string): Promise<Metafile> {
  rmSync(path.join(outdir, name), { recursive: true, force: true });
  return (await build(chunkedBuildOptions(name, outdir))).metafile;
}

// pdfkit loads its standard fonts at run time with require('#standard-fonts/<Font>') (its own
// package.json "imports"), which esbuild cannot follow: the bundle that draws PDFs gets the font
// modules beside it and a package.json mapping the same specifier to them.
const PDFKIT_FONTS = path.join(paths.root, 'node_modules', 'pdfkit', 'js', 'standard-fonts');

function addRuntimeFiles(dir: string): void {
  const code = [path.join(dir, 'index.mjs'), ...listChunks(dir)].map((file) => readFileSync(file, 'utf8'));
  if (!code.some((text) => text.includes('#standard-fonts/'))) return;
  cpSync(PDFKIT_FONTS, path.join(dir, 'standard-fonts'), { recursive: true, filter: (source) => !source.endsWith('.mjs') });
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ type: 'module', imports: { '#standard-fonts/*': './standard-fonts/*.cjs' } }, null, 2)}\n`);
}

/** esbuild's failure as a HandlerBuildError naming each file and line (other errors as they are). */
export function asBuildError(error: unknown): unknown {
  const failure = error as { errors?: Array<{ text: string; location?: { file: string; line: number } | null }> };
  if (!failure.errors) return error;
  return new HandlerBuildError(`esbuild could not bundle the handlers:\n${failure.errors.map((e) => `  ${e.location ? `${e.location.file}:${e.location.line}: ` : ''}${e.text}`).join('\n')}`);
}

/** Bundles the named handlers (once per process) and hands out each one's directory as Lambda code. */
export function bundledCode(names: readonly string[]): HandlerCode {
  try {
    bundle([...new Set(names)]);
  } catch (error) {
    throw asBuildError(error);
  }
  return {
    mode: 'bundle',
    handler: 'index.handler',
    code: (name) => {
      if (!bundled.has(name)) throw new Error(`Handler "${name}" was not bundled: pass it to bundledCode() with the others.`);
      return lambda.Code.fromAsset(path.join(bundleRoot, name));
    },
  };
}
