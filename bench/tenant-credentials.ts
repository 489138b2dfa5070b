// Issue 42 point 5: what company-scoped credentials cost (docs/tenant-fence.md).
// - Warm, cached credential: the per-request work the data layer adds (functions/data/client.ts: the
//   AsyncLocalStorage read, the company's clients from the LRU, the SDK's memoised credentials), timed
//   alone, and a GetItem against DynamoDB Local through the company's clients vs the function's own
//   client, interleaved (the difference is the added latency; DynamoDB Local's noise included).
// - A company's first request in a warm function: one AssumeRole (STS is mocked with a fixed delay,
//   STS_DELAY_MS, an assumption for a regional STS endpoint from Lambda, not a measurement), the
//   lazily loaded STS client the first time, and the company's clients built.
// - Cold start of a real handler bundle (as the stack deploys it) in fresh Node processes: without
//   TENANT_ROLE_ARN, with it (the STS client is not loaded at start), and with the STS client loaded
//   as the first company's request loads it.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { STSClient } from '@aws-sdk/client-sts';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { db, scopedClients, tableName } from '../functions/data/client';
import { keys } from '../functions/data/keys';
import { currentCompany, withCompany } from '../functions/lib/tenant';
import { bundledCode } from '../infra/lib/handler-code';
import { percentile } from './scale';

export const STS_DELAY_MS = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An STS stand-in: AssumeRole answers after `delayMs` with credentials DynamoDB Local accepts. */
function delayedSts(delayMs: number): STSClient {
  let issued = 0;
  return {
    send: async (command: { input: { Tags?: Array<{ Value?: string }> } }) => {
      await sleep(delayMs);
      issued += 1;
      return {
        Credentials: {
          AccessKeyId: `ASIABENCH${issued}`,
          SecretAccessKey: 'bench',
          SessionToken: `bench-${command.input.Tags?.[0]?.Value}`,
          Expiration: new Date(Date.now() + 3_600_000),
        },
      };
    },
  } as unknown as STSClient;
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

export interface TenantCredentialsBench {
  stsDelayMs: number;
  /** The data layer's added work per request with a cached credential, p50 / p99 in ms (no I/O). */
  lookup: { p50: number; p99: number };
  /** GetItem p50 / p95 in ms through the function's own client and through the company's scoped clients. */
  own: { p50: number; p95: number };
  scoped: { p50: number; p95: number };
  /** A company's first GetItem in a warm function (AssumeRole + clients), p50 / max in ms; the very first includes loading the STS client. */
  first: { p50: number; max: number; veryFirst: number };
  assumed: number;
  companies: number;
  cold: { handler: string; withoutMs: number; withRoleMs: number; withStsMs: number };
}

function initOnce(file: string, env: Record<string, string>, loadSts: boolean): number {
  const sts = loadSts ? `(await import('node:module')).createRequire(${JSON.stringify(file)})('@aws-sdk/client-sts');` : '';
  const script = `const t=process.hrtime.bigint();await import(${JSON.stringify(file)});${sts}process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  return Number(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'us-east-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
      encoding: 'utf8',
    }),
  );
}

export async function runTenantCredentialsBench(options: { requests: number; companies: number; coldRuns: number; handler?: string; log?: (line: string) => void }): Promise<TenantCredentialsBench> {
  const log = options.log ?? (() => undefined);
  const scoped = scopedClients({ roleArn: 'arn:aws:iam::111122223333:role/bench-tenant', sts: delayedSts(STS_DELAY_MS) });
  const companyId = '01JBENCHTENANT0000000000AA';
  const key = { ...keys.company(companyId), sk: 'BENCH-TENANT' };
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...key, name: 'bench' } }));

  // What the shared clients' send does per call in AWS (client.ts): read the context, pick the clients.
  const pick = () => {
    const id = currentCompany();
    return id ? scoped.clientsFor(id).db : db;
  };
  await withCompany(companyId, () => pick().send(new GetCommand({ TableName: tableName(), Key: key }))); // the company's first: now cached

  const lookups: number[] = [];
  await withCompany(companyId, async () => {
    for (let i = 0; i < 20_000; i++) {
      const start = process.hrtime.bigint();
      const client = pick();
      await client.config.credentials(); // the SDK's memoised credentials, as the signer reads them
      lookups.push(ms(start));
    }
  });

  const own: number[] = [];
  const viaScoped: number[] = [];
  for (let i = 0; i < options.requests; i++) {
    let start = process.hrtime.bigint();
    await db.send(new GetCommand({ TableName: tableName(), Key: key }));
    own.push(ms(start));
    start = process.hrtime.bigint();
    await withCompany(companyId, () => pick().send(new GetCommand({ TableName: tableName(), Key: key })));
    viaScoped.push(ms(start));
  }
  log(`warm: ${options.requests} GetItems each way`);

  const firsts: number[] = [];
  for (let i = 0; i < options.companies; i++) {
    const id = `01JBENCHFIRST${String(i).padStart(13, '0')}`;
    const start = process.hrtime.bigint();
    await withCompany(id, () => pick().send(new GetCommand({ TableName: tableName(), Key: { ...keys.company(id), sk: 'BENCH-TENANT' } })));
    firsts.push(ms(start));
  }
  log(`first requests: ${options.companies} companies`);

  const handler = options.handler ?? 'get-task';
  const dir = (bundledCode([handler]).code(handler) as lambda.AssetCode).path;
  const entry = path.join(dir, 'index.mjs');
  const without: number[] = [];
  const withRole: number[] = [];
  const withSts: number[] = [];
  const role = { TENANT_ROLE_ARN: 'arn:aws:iam::111122223333:role/bench-tenant' };
  const variants: Array<() => void> = [
    () => without.push(initOnce(entry, {}, false)),
    () => withRole.push(initOnce(entry, role, false)),
    () => withSts.push(initOnce(entry, role, true)),
  ];
  initOnce(entry, {}, false); // unrecorded: the first process after the build reads the files cold
  // Rotated so that no variant always runs first (the machine's speed drifts between processes).
  for (let i = 0; i < options.coldRuns; i++) for (let j = 0; j < variants.length; j++) variants[(i + j) % variants.length]();
  log(`cold: ${options.coldRuns} fresh processes each way`);

  return {
    stsDelayMs: STS_DELAY_MS,
    lookup: { p50: percentile(lookups, 50), p99: percentile(lookups, 99) },
    own: { p50: percentile(own, 50), p95: percentile(own, 95) },
    scoped: { p50: percentile(viaScoped, 50), p95: percentile(viaScoped, 95) },
    first: { p50: percentile(firsts, 50), max: Math.max(...firsts), veryFirst: firsts[0] },
    assumed: scoped.credentials.assumed,
    companies: scoped.companies.size,
    cold: { handler, withoutMs: percentile(without, 50), withRoleMs: percentile(withRole, 50), withStsMs: percentile(withSts, 50) },
  };
}
