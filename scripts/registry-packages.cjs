// Files the project needs from two npm packages whose dependency trees it does not: Scalar's browser
// build of the API reference (the `/developers` page serves @scalar/api-reference's
// dist/browser/standalone.js as it is) and DynamoDB Local (the official jar and native libraries that
// amplify-dynamodb-simulator ships in emulator/). Installed by `npm ci`, the two packages brought 400
// others, 50,000 files (Scalar's 36,000: its Vue sources, icon sets and highlighters, which the
// prebuilt file already holds), for three files and a folder; `npm ci` wrote them on every fresh
// machine (docs/test-time.md, "Two packages fetched, not installed").
//
// So each is fetched from the npm registry on first use, as `npm pack` downloads a package (the
// registry alone: the same source and the same version as `npm ci` installed), checked against the
// integrity pinned here (the sha512 the lockfile held), and the named paths extracted into
// `.cache/registry/<name>@<version>/` at the repository's root (outside node_modules, which `npm ci`
// empties, so CI fetches beside `npm ci`). Plain JavaScript, no dependency: .ci/run starts it before
// `npm ci` is done. CommonJS, so that Node, tsx, Vite's config loader and Jest all load it as it is
// (its types: registry-packages.d.cts).
//
//   node scripts/registry-packages.cjs          fetches whatever is missing (scripts/test.sh, .ci/run)
//   import { registryPath } from '…/scripts/registry-packages.cjs'   a file's path, fetched if missing
//
// To update one: change its version, then its integrity to `npm view <name>@<version> dist.integrity`.
'use strict';
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** What is fetched: the package, its pinned version and integrity, and the paths kept (relative to the package). */
const REGISTRY_PACKAGES = {
  scalar: {
    name: '@scalar/api-reference',
    version: '1.76.0',
    integrity: 'sha512-pjqwnzmA9YK3ZX+IZSICMsywm4qI6HLSngR2py9H6TvFApHHuJjkTAd+gFJfnqJDzJuro8k7ji6JCtJ2U+Byng==',
    license: 'MIT',
    paths: ['dist/browser/standalone.js', 'package.json'],
    neededFor: 'the /developers API reference page (frontend/build/developers-page.ts)',
  },
  'dynamodb-local': {
    name: 'amplify-dynamodb-simulator',
    version: '2.9.30',
    integrity: 'sha512-xTeeRLvzEfqyd5lh3bH4c0kHvSHHmmhD5ZDsHFKAQ5g2Zl6JqlFdutaQhCLHzxEp6Ry1o7TB6niIoXuQAnSewQ==',
    license: 'Apache-2.0 (DynamoDB Local: its own LICENSE.txt)',
    paths: ['emulator'],
    neededFor: 'DynamoDB Local, the local stand-in of DynamoDB (local/stack/dynamodb.ts)',
  },
};

/** Where fetched packages are kept (RENTALOPS_REGISTRY_CACHE overrides it). */
function registryCacheDir() {
  return process.env.RENTALOPS_REGISTRY_CACHE || path.join(ROOT, '.cache', 'registry');
}

function packageDir(key) {
  const pkg = REGISTRY_PACKAGES[key];
  if (!pkg) throw new Error(`No registry package "${key}" (scripts/registry-packages.cjs names ${Object.keys(REGISTRY_PACKAGES).join(', ')})`);
  return path.join(registryCacheDir(), `${pkg.name.replace('/', '+')}@${pkg.version}`);
}

const COMPLETE = '.complete';

/**
 * This process's environment without the npm_* variables of an `npm run` or `npx` it runs under
 * (npm start, npm test, npm run bench): they name the repository's root as npm's project
 * (npm_config_local_prefix), which an npm started from here must not act on.
 */
function ownNpmEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_(config|package|lifecycle)_/i.test(name)));
}

/**
 * The absolute path of `relative` (one of the package's kept paths, or a path inside one) in the
 * fetched package `key`, fetching it first if it is not there. Synchronous: the build and the local
 * stack call it where they used to resolve the file in node_modules.
 */
function registryPath(key, relative) {
  const dir = ensureRegistryPackage(key);
  return path.join(dir, relative);
}

/** Fetches package `key` unless it is there; returns its directory. */
function ensureRegistryPackage(key, log = (line) => process.stderr.write(`${line}\n`)) {
  const dir = packageDir(key);
  if (existsSync(path.join(dir, COMPLETE))) return dir;
  return fetchPackage(REGISTRY_PACKAGES[key], dir, log);
}

/** Downloads `pkg` (npm pack), checks its integrity and extracts its kept paths into `dir` (made whole or not at all). */
function fetchPackage(pkg, dir, log = () => undefined) {
  mkdirSync(path.dirname(dir), { recursive: true });
  // A directory of this process, renamed into place when complete: a second process fetching at the
  // same time (two test lanes) finds either nothing or the whole package.
  const work = mkdtempSync(`${dir}.fetching-`);
  try {
    const started = Date.now();
    const spec = `${pkg.name}@${pkg.version}`;
    log(`Fetching ${spec} from the npm registry for ${pkg.neededFor} (once)…`);
    let packed;
    try {
      packed = execFileSync('npm', ['pack', spec, '--json', '--silent', '--pack-destination', work], { cwd: work, env: ownNpmEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const stderr = String(error.stderr ?? '').trim();
      throw new Error(`Could not fetch ${spec} from the npm registry (npm pack) for ${pkg.neededFor}${stderr ? `:\n${stderr}` : ''}\nThe machine needs the npm registry once; then run: node scripts/registry-packages.cjs`);
    }
    const [{ filename }] = JSON.parse(packed);
    const tarball = path.join(work, path.basename(filename));
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== pkg.integrity) throw new Error(`${spec} from the registry has integrity ${integrity}, not the ${pkg.integrity} pinned in scripts/registry-packages.cjs: nothing was extracted.`);
    const extracted = path.join(work, 'extracted');
    mkdirSync(extracted);
    try {
      execFileSync('tar', ['-xzf', tarball, '-C', extracted, ...pkg.paths.map((kept) => `package/${kept}`)], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      throw new Error(`Could not extract ${pkg.paths.join(', ')} from ${spec} (tar): ${String(error.stderr ?? error.message).trim()}`);
    }
    rmSync(tarball);
    writeFileSync(path.join(extracted, 'package', COMPLETE), `${JSON.stringify({ name: pkg.name, version: pkg.version, integrity: pkg.integrity, fetchedAt: new Date().toISOString() })}\n`);
    try {
      renameSync(path.join(extracted, 'package'), dir);
    } catch (error) {
      // Another process put it there first: its copy is the same package.
      if (!existsSync(path.join(dir, COMPLETE))) throw error;
    }
    log(`${spec} fetched from the npm registry in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path.relative(ROOT, dir)}`);
    return dir;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Removes fetched versions no longer pinned, and work directories of fetches interrupted over an hour ago. */
function removeStale() {
  const cache = registryCacheDir();
  if (!existsSync(cache)) return;
  const pinned = new Set(Object.keys(REGISTRY_PACKAGES).map((key) => path.basename(packageDir(key))));
  for (const entry of readdirSync(cache)) {
    const full = path.join(cache, entry);
    const abandoned = entry.includes('.fetching-') && Date.now() - statSync(full).mtimeMs > 3_600_000;
    if ((!pinned.has(entry) && !entry.includes('.fetching-')) || abandoned) rmSync(full, { recursive: true, force: true });
  }
}

module.exports = { REGISTRY_PACKAGES, registryCacheDir, registryPath, ensureRegistryPackage, fetchPackage, ownNpmEnv };

if (require.main === module) {
  const keys = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(REGISTRY_PACKAGES);
  removeStale();
  for (const key of keys) ensureRegistryPackage(key, (line) => console.log(line));
}
