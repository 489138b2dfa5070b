// The local bundles, built once per change of their sources (local/bundles/sources.ts): reused from
// node_modules/.cache when a build of the same sources is there, else built by local/bundles/build.ts
// in a child process (esbuild and aws-cdk-lib stay out of the server's process).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { awaitBuildInProgress, BUNDLES_PARENT, bundlesDir, claimBuild, readManifest, releaseBuild, sourcesHash, type BundlesManifest } from './sources';

export interface PreparedBundles {
  dir: string;
  manifest: BundlesManifest;
  /** False when an earlier build of the same sources was reused. */
  built: boolean;
  /** Time to hash the sources and build (or find) the bundles, in ms. */
  ms: number;
}

/** Older builds than the newest `keep` are removed (each is ~120 MB). */
function pruneOldBuilds(current: string, keep = 2): void {
  if (!existsSync(BUNDLES_PARENT)) return;
  const builds = readdirSync(BUNDLES_PARENT)
    .map((name) => path.join(BUNDLES_PARENT, name))
    .filter((dir) => dir !== current && !dir.includes('.tmp-') && existsSync(path.join(dir, 'manifest.json')))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const dir of builds.slice(keep - 1)) rmSync(dir, { recursive: true, force: true });
}

let prepared: PreparedBundles | undefined;

/** The bundles of the current sources (built first when missing). Once per process. */
export function prepareBundles(log: (line: string) => void = () => undefined): PreparedBundles {
  if (prepared) return prepared;
  const started = Date.now();
  // BUNDLES_DIR: a build to use as it is, whatever the sources say (debugging a build by hand).
  const dir = process.env.BUNDLES_DIR ? path.resolve(process.env.BUNDLES_DIR) : bundlesDir(sourcesHash());
  let manifest = readManifest(dir);
  let built = false;
  // One build at a time: another process building these sources (npm test's build beside its
  // first tests) is waited for, not built beside.
  while (!manifest) {
    if (!claimBuild(dir)) {
      awaitBuildInProgress(dir, log);
      manifest = readManifest(dir);
      continue;
    }
    try {
      // (the last builder may have finished between the read above and the claim)
      const found = readManifest(dir);
      manifest = found ?? buildInto(dir, log);
      built = !found;
    } finally {
      releaseBuild(dir);
    }
  }
  prepared = { dir, manifest, built, ms: Date.now() - started };
  return prepared;
}

function buildInto(dir: string, log: (line: string) => void): BundlesManifest {
  log(`Building the function bundles as the synth does (infra/lib/handler-code.ts) into ${path.relative(process.cwd(), dir)} ...`);
  const tsx = path.resolve(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs');
  try {
    execFileSync(process.execPath, [tsx, path.resolve(process.cwd(), 'local', 'bundles', 'build.ts'), dir], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new Error(`The function bundles could not be built:\n${stderr || (error as Error).message}`);
  }
  const manifest = readManifest(dir);
  if (!manifest) throw new Error(`local/bundles/build.ts wrote no manifest in ${dir}`);
  pruneOldBuilds(dir);
  return manifest;
}
