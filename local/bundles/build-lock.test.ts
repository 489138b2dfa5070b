// The bundles' build lock (local/bundles/sources.ts): `npm test` builds the bundles beside its first
// tests, and a process that needs them meanwhile waits for that build instead of building again.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { awaitBuildInProgress, claimBuild, releaseBuild } from './sources';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'rentalops-build-lock-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the bundles build lock', () => {
  it('is held by one process at a time, and free again once released', () => {
    const dir = path.join(root, 'abc');
    expect(claimBuild(dir)).toBe(true);
    expect(claimBuild(dir)).toBe(false);
    releaseBuild(dir);
    expect(claimBuild(dir)).toBe(true);
    releaseBuild(dir);
  });

  it('is taken over from a builder that died (its pid gone, its lock older than a moment)', async () => {
    const dir = path.join(root, 'abc');
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    mkdirSync(`${dir}.building`, { recursive: true });
    writeFileSync(path.join(`${dir}.building`, 'pid'), String(dead.pid));
    const old = new Date(Date.now() - 10_000);
    utimesSync(`${dir}.building`, old, old);
    const lines: string[] = [];
    awaitBuildInProgress(dir, (line) => lines.push(line));
    expect(claimBuild(dir)).toBe(true);
    releaseBuild(dir);
  });

  it('waits while a live builder holds it, and returns once the build is there', async () => {
    const dir = path.join(root, 'abc');
    expect(claimBuild(dir)).toBe(true);
    // Another process finishes "the build" in 1.5 s: writes the manifest, then releases the lock.
    const finisher = spawn(process.execPath, [
      '-e',
      `setTimeout(() => { const fs = require('fs'); fs.mkdirSync(${JSON.stringify(dir)}, { recursive: true }); fs.writeFileSync(${JSON.stringify(path.join(dir, 'manifest.json'))}, '{}'); fs.rmSync(${JSON.stringify(`${dir}.building`)}, { recursive: true, force: true }); }, 1500);`,
    ]);
    const lines: string[] = [];
    const started = Date.now();
    awaitBuildInProgress(dir, (line) => lines.push(line));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(lines).toEqual([expect.stringContaining('Waiting for the function bundles another process is building')]);
    await new Promise((resolve) => finisher.once('exit', resolve));
  });

  it('returns at once when nobody builds', () => {
    const lines: string[] = [];
    awaitBuildInProgress(path.join(root, 'nobody'), (line) => lines.push(line));
    expect(lines).toEqual([]);
  });
});
