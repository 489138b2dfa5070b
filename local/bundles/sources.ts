// Where the local bundles live and when they are stale: one directory per hash of everything a
// bundle (or the stack's environment of a function) is made from, so `npm start`, a test run and the
// two CI lanes reuse one build until a source changes (tests/bundles.test.ts, scripts/test.sh).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_HANDLERS, OUTBOX_RELAY, QUEUE_WORKERS, SCHEDULED_JOBS } from '../../functions/event-handlers';
import { ROUTES } from '../../functions/routes';

/** What the bundles are made from: the code, the stack that sets their environment, the lock file. */
const SOURCES = ['functions', 'shared', 'events', 'infra/lib', 'package-lock.json', 'package.json', 'tsconfig.json', 'cdk.json', 'local/bundles/build.ts'];
const SKIPPED = /(\.test\.tsx?|\/fixtures\/.*)$/;

/**
 * Under node_modules, so a bundle's `require('@aws-sdk/…')` resolves the repository's SDK as a
 * Lambda bundle resolves the runtime's; at the depth of the synth's bundle directory
 * (infra/lib/handler-code.ts), so the source maps' relative paths are the synth's.
 */
export const BUNDLES_PARENT = path.resolve(process.cwd(), 'node_modules', '.cache', 'rentalops-local-bundles');

/** Every function the stack builds (infra/lib/rentalops-stack.ts), each name once. */
export function functionNames(): string[] {
  return [...new Set([...ROUTES, ...EVENT_HANDLERS, ...SCHEDULED_JOBS, ...QUEUE_WORKERS, OUTBOX_RELAY].map((entry) => entry.handler))];
}

function listFiles(entry: string, into: string[]): void {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) listFiles(path.join(entry, name), into);
  } else if (!SKIPPED.test(entry.split(path.sep).join('/'))) {
    into.push(entry);
  }
}

/** A hash of the sources (paths and contents): the name of their bundles' directory. */
export function sourcesHash(): string {
  const root = process.cwd();
  const files: string[] = [];
  for (const source of SOURCES) listFiles(path.join(root, source), files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

export const bundlesDir = (hash: string = sourcesHash()) => path.join(BUNDLES_PARENT, hash);
export const MANIFEST = 'manifest.json';
/** esbuild's metafile of the build (outputs relative to the build's directory), written before the manifest. */
export const METAFILE = 'metafile.json';

/** Written last by local/bundles/build.ts: the directory is complete once this is there. */
export interface BundlesManifest {
  hash: string;
  builtAt: string;
  /** The esbuild build of every function, in ms. */
  buildMs: number;
  /** The stack's construction for the environments, in ms. */
  envMs: number;
  /** Per function: the environment variables the stack gives it (null: a deploy-time value, e.g. a table's name). */
  functions: Record<string, { env: Record<string, string | null> }>;
}

export function readManifest(dir: string): BundlesManifest | undefined {
  const file = path.join(dir, MANIFEST);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BundlesManifest) : undefined;
}

/**
 * One build of a directory at a time across processes: `npm test` builds the bundles beside its
 * first tests, and a test (or a browser file's server) that needs them before they are done waits
 * for that build instead of starting a second one (two builds of 215 functions on two cores). The
 * lock is a directory beside the build's (mkdir is atomic) holding the builder's pid; a lock whose
 * process is gone is taken over.
 */
const lockOf = (dir: string) => `${dir}.building`;

function builderAlive(dir: string): boolean {
  try {
    const pid = Number(readFileSync(path.join(lockOf(dir), 'pid'), 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process is there, another user's; anything else (no pid file yet, ESRCH): not alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Waits (synchronously: the callers are synchronous, and have nothing else to do) while another
 * live process builds `dir`. Returns at once when nobody is building it.
 */
export function awaitBuildInProgress(dir: string, log: (line: string) => void = () => undefined): void {
  let told = false;
  for (let waited = 0; existsSync(lockOf(dir)) && !readManifest(dir); waited += 250) {
    // A lock just made has no pid file for a moment: give its maker a second before calling it stale.
    if (!builderAlive(dir) && waited >= 1000) return;
    if (!told) log(`Waiting for the function bundles another process is building into ${path.relative(process.cwd(), dir)} ...`);
    told = true;
    pause(250);
  }
}

/** Takes the build lock of `dir` (taking over a dead builder's); false while a live process holds it. */
export function claimBuild(dir: string): boolean {
  mkdirSync(path.dirname(dir), { recursive: true });
  try {
    mkdirSync(lockOf(dir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A lock just made (its pid not yet written) or a live builder's is not ours to take.
    if (builderAlive(dir) || Date.now() - statSync(lockOf(dir)).mtimeMs < 2000) return false;
    rmSync(lockOf(dir), { recursive: true, force: true });
    return claimBuild(dir);
  }
  writeFileSync(path.join(lockOf(dir), 'pid'), String(process.pid));
  return true;
}

export function releaseBuild(dir: string): void {
  rmSync(lockOf(dir), { recursive: true, force: true });
}
