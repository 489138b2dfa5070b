// Cold start: each handler bundled exactly as the stack deploys it (infra/lib/handler-code.ts:
// esbuild, minified, the AWS SDK left to the runtime, heavy packages in lazy chunks), the size of
// its entry file and of its lazy chunks, and its module init time in a fresh Node process, against
// a bare middy handler that creates one DynamoDB client, bundled the same way.
import { buildSync } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { EVENT_HANDLERS, SCHEDULED_JOBS } from '../functions/event-handlers';
import { ROUTES } from '../functions/routes';
import { bundledCode, ESBUILD_OPTIONS, requireSdkIn } from '../infra/lib/handler-code';
import { percentile } from './scale';

const OUT = path.resolve('.bench', 'bundles');

export interface ColdStartRow {
  handler: string;
  sizeKb: number;
  /** Chunks loaded only on the path that needs them (report exports, iCal parsing, SMTP check). */
  lazyKb: number;
  initMs: number;
  ratio: number;
}

const BASELINE = `
import middy from '@middy/core';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
const client = new DynamoDBClient({});
export const handler = middy().handler(async () => ({ statusCode: 200, body: String(Boolean(client)) }));
`;

const kb = (file: string) => statSync(file).size / 1024;

function lazyChunksKb(dir: string): number {
  const chunks = path.join(dir, 'chunks');
  if (!existsSync(chunks)) return 0;
  return readdirSync(chunks).filter((file) => file.endsWith('.mjs')).reduce((sum, file) => sum + kb(path.join(chunks, file)), 0);
}

const INIT_ENV = { TABLE_NAME: 'bench', AWS_REGION: 'us-east-1', COGNITO_USER_POOL_ID: 'x', COGNITO_CLIENT_ID: 'x', COGNITO_ISSUER: 'http://x', COGNITO_JWKS_URL: 'http://x', COGNITO_AUTHORIZE_URL: 'http://x', COGNITO_TOKEN_URL: 'http://x', EMAIL_FROM: 'x@x.test', PHOTOS_BUCKET: 'x', EVENT_BUS_NAME: 'x', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

/** Module init of one file in a fresh Node process, in milliseconds. */
function initOnce(file: string): number {
  const script = `const t=process.hrtime.bigint();await import(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...INIT_ENV }, encoding: 'utf8' }));
}

/**
 * The handler's and the baseline's init, measured in alternation (`runs` each), so both medians come
 * from the same minutes: this machine's speed drifts over a run, and a baseline timed once at the
 * start would make the ratios of later handlers drift with it.
 */
function pairedInit(file: string, baselineFile: string, runs: number): { initMs: number; baselineMs: number } {
  const own: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    own.push(initOnce(file));
    baseline.push(initOnce(baselineFile));
  }
  return { initMs: percentile(own, 50), baselineMs: percentile(baseline, 50) };
}

export async function runColdStart(options: { runs: number; handlers?: number }): Promise<{ baseline: { sizeKb: number; initMs: number }; rows: ColdStartRow[] }> {
  // The bundles live under node_modules/.cache, so the runtime-provided AWS SDK resolves from the
  // repository's node_modules, as it resolves from /var/runtime in Lambda.
  mkdirSync(OUT, { recursive: true });
  const baselineEntry = path.join(OUT, 'baseline-entry.mjs');
  writeFileSync(baselineEntry, BASELINE);
  const baselineDir = path.resolve('node_modules', '.cache', 'rentalops-bench-baseline');
  buildSync({ ...ESBUILD_OPTIONS, entryPoints: { index: baselineEntry }, outdir: baselineDir });
  requireSdkIn(baselineDir);
  const baselineFile = path.join(baselineDir, 'index.mjs');
  const baselineTimes = Array.from({ length: options.runs }, () => initOnce(baselineFile));
  const baseline = { sizeKb: kb(baselineFile), initMs: percentile(baselineTimes, 50) };

  const all = [...new Set([...ROUTES.map((route) => route.handler), ...EVENT_HANDLERS.map((entry) => entry.handler), ...SCHEDULED_JOBS.map((job) => job.handler)])];
  const names = options.handlers ? [...all.slice(0, options.handlers), 'export-report'] : all;
  const code = bundledCode(names);
  const rows: ColdStartRow[] = [];
  for (const name of names) {
    const dir = (code.code(name) as lambda.AssetCode).path;
    const entry = path.join(dir, 'index.mjs');
    const { initMs, baselineMs } = pairedInit(entry, baselineFile, options.runs);
    rows.push({ handler: name, sizeKb: kb(entry), lazyKb: lazyChunksKb(dir), initMs, ratio: initMs / baselineMs });
  }
  return { baseline, rows };
}
