// scripts/registry-packages.cjs: what the web build and the local stack fetch from the npm registry
// instead of installing. Checked with a small package the lockfile also installs (ulid, so npm's
// cache has its tarball and no download is needed), as the pinned ones are fetched.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REGISTRY_PACKAGES, fetchPackage, type RegistryPackage } from '../scripts/registry-packages.cjs';

const lock = JSON.parse(readFileSync(path.join(__dirname, '..', 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string; integrity: string }> };
const ulid = lock.packages['node_modules/ulid']!;
const pinned = (overrides: Partial<RegistryPackage> = {}): RegistryPackage => ({
  name: 'ulid',
  version: ulid.version,
  integrity: ulid.integrity,
  license: 'MIT',
  paths: ['package.json', 'LICENSE'],
  neededFor: 'this test',
  ...overrides,
});

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'registry-packages-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

test('a package is fetched, checked and only the kept paths extracted, then found as it is', () => {
  const dir = path.join(work, 'ulid');
  const lines: string[] = [];
  expect(fetchPackage(pinned(), dir, (line) => lines.push(line))).toBe(dir);
  expect(readdirSync(dir).sort()).toEqual(['.complete', 'LICENSE', 'package.json']);
  expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))).toMatchObject({ name: 'ulid', version: ulid.version });
  expect(JSON.parse(readFileSync(path.join(dir, '.complete'), 'utf8'))).toMatchObject({ name: 'ulid', version: ulid.version, integrity: ulid.integrity });
  expect(lines.at(-1)).toMatch(/^ulid@[\d.]+ fetched from the npm registry in [\d.]+ s/);
  // Nothing of the work left beside it.
  expect(readdirSync(work)).toEqual(['ulid']);
});

test('a tarball whose integrity is not the pinned one is refused and nothing is extracted', () => {
  const dir = path.join(work, 'ulid');
  const wrong = `sha512-${Buffer.alloc(64).toString('base64')}`;
  expect(() => fetchPackage(pinned({ integrity: wrong }), dir)).toThrow(`ulid@${ulid.version} from the registry has integrity ${ulid.integrity}, not the ${wrong} pinned in scripts/registry-packages.cjs: nothing was extracted.`);
  expect(existsSync(dir)).toBe(false);
  expect(readdirSync(work)).toEqual([]);
});

test('a kept path the package does not have is a clear error, and nothing is left', () => {
  const dir = path.join(work, 'ulid');
  expect(() => fetchPackage(pinned({ paths: ['dist/standalone.js'] }), dir)).toThrow(/^Could not extract dist\/standalone\.js from ulid@[\d.]+ \(tar\): .*Not found in archive/s);
  expect(readdirSync(work)).toEqual([]);
});

test('the pinned packages name an exact version and a sha512 integrity', () => {
  for (const pkg of Object.values(REGISTRY_PACKAGES)) {
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    expect(pkg.paths.length).toBeGreaterThan(0);
  }
});
