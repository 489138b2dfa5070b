// What `npm run bench` alone needs: Lighthouse and its dependencies (about 200 packages, 12,000
// files), a project of its own in bench/tools/ (its package.json and lockfile) that the bench installs
// into bench/tools/node_modules when missing or when its lockfile changed, instead of every `npm ci`
// of the repository (CI's and every developer's) writing them for a tool the tests never run.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ownNpmEnv } from '../scripts/registry-packages.cjs';

/** bench/tools, from the repository's root (where `npm run bench` runs, as DIST in site.ts). */
const TOOLS = path.resolve('bench', 'tools');
const INSTALLED = path.join(TOOLS, 'node_modules', '.rentalops-lockfile-sha256');

/** Installs bench/tools' packages (`npm ci` there) unless the ones of its current lockfile are installed. */
export function ensureBenchTools(log: (line: string) => void = (line) => console.error(line)): void {
  const lock = createHash('sha256').update(readFileSync(path.join(TOOLS, 'package-lock.json'))).digest('hex');
  if (existsSync(INSTALLED) && readFileSync(INSTALLED, 'utf8').trim() === lock) return;
  log('Installing the bench tools (Lighthouse) into bench/tools/node_modules, once…');
  const started = Date.now();
  // Without the npm_* variables of `npm run bench`: they name the repository's root as npm's project,
  // and `npm ci` would install that.
  try {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: TOOLS, env: ownNpmEnv(), stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (error) {
    throw new Error(`Could not install the bench tools (npm ci in bench/tools; the npm registry is needed once): ${(error as Error).message}`);
  }
  writeFileSync(INSTALLED, `${lock}\n`);
  log(`Bench tools installed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** The parts of a Lighthouse report (LH.Result) the bench reads. */
export interface LighthouseAudit {
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: unknown;
}
export interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> } | undefined>;
  audits: Record<string, LighthouseAudit | undefined>;
  runWarnings?: string[];
  environment?: { benchmarkIndex?: number };
}
export interface LighthouseRunResult {
  lhr: LighthouseReport;
  artifacts?: unknown;
}
export interface LighthouseFlags {
  port: number;
  output: 'json';
  logLevel: 'error';
  onlyCategories: string[];
  disableStorageReset: boolean;
}
/** A Lighthouse configuration: `lighthouse:default` extended, or its desktop preset (settings as Lighthouse takes them). */
export interface LighthouseConfig {
  extends?: 'lighthouse:default';
  settings?: Record<string, unknown>;
}
export type Lighthouse = (url: string, flags: LighthouseFlags, config: LighthouseConfig) => Promise<LighthouseRunResult | undefined>;

/** Lighthouse and its desktop preset, from bench/tools (installed first if needed). */
export async function loadLighthouse(): Promise<{ lighthouse: Lighthouse; desktopConfig: LighthouseConfig }> {
  ensureBenchTools();
  const module = (file: string) => pathToFileURL(path.join(TOOLS, 'node_modules', 'lighthouse', file)).href;
  const { default: lighthouse } = (await import(module('core/index.js'))) as { default: Lighthouse };
  const { default: desktopConfig } = (await import(module('core/config/desktop-config.js'))) as { default: LighthouseConfig };
  return { lighthouse, desktopConfig };
}
