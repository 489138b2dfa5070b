// Cold start: each handler bundled as for Lambda (esbuild, minified), its size, and its module init
// time in a fresh Node process, against a bare middy handler that creates one DynamoDB client.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTES } from '../functions/routes';
import { percentile } from './scale';

const OUT = path.resolve('.bench', 'bundles');

export interface ColdStartRow {
  handler: string;
  sizeKb: number;
  initMs: number;
  ratio: number;
}

async function bundle(entry: string, name: string): Promise<string> {
  const outfile = path.join(OUT, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    // The Lambda runtime ships the AWS SDK v3 too, but we bundle ours (pinned) as the stack does.
    banner: { js: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);" },
    logLevel: 'silent',
  });
  return outfile;
}

const BASELINE = `
import middy from '@middy/core';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
const client = new DynamoDBClient({});
export const handler = middy().handler(async () => ({ statusCode: 200, body: String(Boolean(client)) }));
`;

function initTime(file: string, runs: number): number {
  const script = `const t=process.hrtime.bigint();await import(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  const env = { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'us-east-1', COGNITO_USER_POOL_ID: 'x', COGNITO_CLIENT_ID: 'x', COGNITO_ISSUER: 'http://x', COGNITO_JWKS_URL: 'http://x', COGNITO_AUTHORIZE_URL: 'http://x', COGNITO_TOKEN_URL: 'http://x', EMAIL_FROM: 'x@x.test', PHOTOS_BUCKET: 'x', EVENT_BUS_NAME: 'x', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    times.push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' })));
  }
  return percentile(times, 50);
}

export async function runColdStart(options: { runs: number; handlers?: number }): Promise<{ baseline: { sizeKb: number; initMs: number }; rows: ColdStartRow[] }> {
  mkdirSync(OUT, { recursive: true });
  const baselineEntry = path.join(OUT, 'baseline-entry.mjs');
  writeFileSync(baselineEntry, BASELINE);
  const baselineFile = await bundle(baselineEntry, 'baseline');
  const baseline = { sizeKb: statSync(baselineFile).size / 1024, initMs: initTime(baselineFile, options.runs) };
  const rows: ColdStartRow[] = [];
  const routes = options.handlers ? ROUTES.slice(0, options.handlers) : ROUTES;
  for (const route of routes) {
    const file = await bundle(path.resolve('functions/handlers', `${route.handler}.ts`), route.handler);
    const initMs = initTime(file, options.runs);
    rows.push({ handler: route.handler, sizeKb: statSync(file).size / 1024, initMs, ratio: initMs / baseline.initMs });
  }
  return { baseline, rows };
}
