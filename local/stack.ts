/**
 * Starts every local stand-in of the AWS services RentalOps uses, for `npm start` (persistent data
 * under `dataDir`, fixed ports) and for tests (in memory, ephemeral ports):
 *
 *   DynamoDB  DynamoDB Local (java -jar; scripts/registry-packages.cjs)      child process
 *   S3        s3rver                                                         in this process
 *   Cognito   cognito-local (+ its minimal hosted UI: /oauth2/authorize, /oauth2/token)  child
 *   SES       aws-ses-v2-local (GET /store lists sent mail)                  child process
 *
 * Everything binds 127.0.0.1 except DynamoDB Local, which has no host option and listens on all
 * interfaces. The returned `env` points the AWS SDK v3 clients (AWS_ENDPOINT_URL_*) and our code
 * at the stand-ins. Paths are resolved from process.cwd(), which must be the repository root.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TABLE_NAME } from '../functions/data/table';
import { startCognito, type CognitoCodeDelivery, type RunningCognito } from './stack/cognito';
import { EMAIL_FROM, LOCAL_CREDENTIALS, LOCAL_REGION, PHOTOS_BUCKET } from './stack/constants';
import { assertJava, ensureTable, localDynamoClient, startDynamo } from './stack/dynamodb';
import { assertPortFree, pickFreePorts, type PortOwner } from './stack/ports';
import type { ManagedProcess } from './stack/process';
import { startS3, type RunningS3 } from './stack/s3';
import { startSes } from './stack/ses';

export { ensureTable } from './stack/dynamodb';
export type { CognitoCodeDelivery } from './stack/cognito';
export { PHOTOS_BUCKET, EMAIL_FROM, LOCAL_CREDENTIALS, LOCAL_REGION } from './stack/constants';

export interface LocalStackOptions {
  /** Directory for persistent data (e.g. '.data'); ignored when inMemory. */
  dataDir: string;
  /** true for tests: DynamoDB -inMemory, S3 and Cognito in a fresh temp dir. */
  inMemory?: boolean;
  /** Fixed ports for `npm start` (defaults below); when `ephemeralPorts` is true pick free ports instead (tests). */
  ports?: Partial<{ dynamodb: number; s3: number; cognito: number; ses: number }>;
  ephemeralPorts?: boolean;
  /** `throughput` for benchmarks (DynamoDB Local with the JVM's full JIT); `startup` otherwise. */
  tuning?: 'startup' | 'throughput';
  log?: (line: string) => void;
}

export type ServiceName = 'dynamodb' | 's3' | 'cognito' | 'ses';

export interface LocalStack {
  /** Environment variables that point the AWS SDK v3 clients and our code at the stand-ins. */
  env: Record<string, string>;
  stop(): Promise<void>;
  /** The ports actually used (useful with ephemeralPorts). */
  ports: Record<ServiceName, number>;
  /**
   * The latest code cognito-local printed for `destination` (an e-mail address or phone number)
   * instead of sending it: sign-up confirmation, forgot-password, attribute verification.
   */
  lastCognitoCode(destination: string): string | undefined;
  /** Every code delivery cognito-local printed since start. */
  cognitoDeliveries(): readonly CognitoCodeDelivery[];
}

export const DEFAULT_PORTS = { dynamodb: 8000, s3: 4569, cognito: 9229, ses: 8005 };

const PORT_OWNERS: Record<ServiceName, PortOwner> = {
  dynamodb: { service: 'DynamoDB Local', envVar: 'DYNAMODB_PORT' },
  s3: { service: 'S3 stand-in, s3rver', envVar: 'S3_PORT' },
  cognito: { service: 'Cognito stand-in, cognito-local', envVar: 'COGNITO_PORT' },
  ses: { service: 'SES stand-in, aws-ses-v2-local', envVar: 'SES_PORT' },
};
const SERVICES: ServiceName[] = ['dynamodb', 's3', 'cognito', 'ses'];

async function resolvePorts(options: LocalStackOptions): Promise<Record<ServiceName, number>> {
  const given = options.ports ?? {};
  const ports = { ...DEFAULT_PORTS, ...given } as Record<ServiceName, number>;
  if (options.ephemeralPorts) {
    // Free ports for every service whose port the caller did not pin.
    const open = SERVICES.filter((s) => given[s] === undefined);
    const free = await pickFreePorts(open.length);
    open.forEach((service, i) => {
      ports[service] = free[i];
    });
  }
  for (const service of SERVICES) {
    const port = ports[service];
    if (!Number.isInteger(port) || port <= 0 || port > 65535) {
      throw new Error(`Invalid port ${String(port)} for ${PORT_OWNERS[service].service}; check ${PORT_OWNERS[service].envVar}.`);
    }
  }
  const seen = new Map<number, ServiceName>();
  for (const service of SERVICES) {
    const other = seen.get(ports[service]);
    if (other) {
      throw new Error(
        `Port ${ports[service]} is configured for both ${PORT_OWNERS[other].service} and ${PORT_OWNERS[service].service}; set ${PORT_OWNERS[service].envVar} to another port.`,
      );
    }
    seen.set(ports[service], service);
  }
  // Before spawning anything: a taken port gets a message naming the port and the service.
  // DynamoDB Local binds every interface, so test it there; the others bind 127.0.0.1.
  for (const service of SERVICES) {
    await assertPortFree(ports[service], PORT_OWNERS[service], service === 'dynamodb' ? undefined : '127.0.0.1');
  }
  return ports;
}

/** A stand-in that was spawned and did not come up (not a missing Java or a port taken beforehand). */
class StandInStartError extends Error {}

/**
 * Starts the stand-ins. On free ports (`ephemeralPorts`) a failed start is tried again up to three
 * times on other ports: two stacks starting at once (`npm test` runs one per Jest project) can pick
 * the same free port before either binds it (CI saw the SES stand-in exit with "Server does not have
 * an address"). Whatever a failed try started is stopped before the next.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLocalStackOnce(options);
    } catch (error) {
      if (!options.ephemeralPorts || !(error instanceof StandInStartError) || attempt >= 3) throw error;
      (options.log ?? (() => undefined))(`Local stand-ins failed to start (try ${attempt} of 3), trying other free ports: ${error.message.split('\n').slice(0, 2).join(' ')}`);
    }
  }
}

async function startLocalStackOnce(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const inMemory = options.inMemory ?? false;

  await assertJava();
  const ports = await resolvePorts(options);

  // Persistent data under dataDir, or one temp dir (removed by stop()) for in-memory stacks.
  const tempRoot = inMemory ? await mkdtemp(path.join(os.tmpdir(), 'rentalops-stack-')) : undefined;
  const dataRoot = tempRoot ?? path.resolve(process.cwd(), options.dataDir);

  const processes: ManagedProcess[] = [];
  let s3: RunningS3 | undefined;
  let stopped = false;

  // An in-memory stack's temp dir goes away with the process even when stop() is never called.
  const removeTempRootSync = (): void => {
    try {
      if (tempRoot) rmSync(tempRoot, { recursive: true, force: true });
    } catch {
      /* best effort at exit */
    }
  };
  if (tempRoot) process.once('exit', removeTempRootSync);

  const stopAll = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await Promise.all([...processes.map((p) => p.stop()), s3?.stop()]);
    if (tempRoot) {
      process.removeListener('exit', removeTempRootSync);
      await rm(tempRoot, { recursive: true, force: true }).catch(() => undefined);
    }
  };

  const track = <T extends { process: ManagedProcess }>(started: Promise<T>): Promise<T> =>
    started.then((value) => {
      processes.push(value.process);
      return value;
    });

  // Start all four at once: DynamoDB Local's JVM dominates the start time.
  const results = await Promise.allSettled([
    track(startDynamo({ port: ports.dynamodb, inMemory, dataDir: options.dataDir, workDir: tempRoot, tuning: options.tuning, log })),
    startS3({ port: ports.s3, directory: path.join(dataRoot, 's3') }).then((value) => {
      s3 = value;
      return value;
    }),
    track(startCognito({ port: ports.cognito, dir: path.join(dataRoot, 'cognito'), log })),
    track(startSes({ port: ports.ses, log })),
  ]);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0) {
    await stopAll();
    // Each message already carries the failing child's last output lines.
    const message = failures.map((f) => (f.reason instanceof Error ? f.reason.message : String(f.reason))).join('\n\n');
    throw new StandInStartError(`Local stack failed to start:\n${message}`);
  }
  const [dynamo, s3Running, cognito, ses] = results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as [
    { endpoint: string },
    RunningS3,
    RunningCognito,
    { endpoint: string; storeUrl: string },
  ];

  const tableName = DEFAULT_TABLE_NAME;
  const dynamoClient = localDynamoClient(dynamo.endpoint);
  try {
    await ensureTable(dynamoClient, tableName);
  } catch (error) {
    await stopAll();
    throw new Error(`Could not create the local table ${tableName}: ${(error as Error).message}`);
  } finally {
    dynamoClient.destroy();
  }

  const env: Record<string, string> = {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_ENDPOINT_URL_S3: s3Running.endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
    AWS_ENDPOINT_URL_SES: ses.endpoint,
    AWS_ENDPOINT_URL_SESV2: ses.endpoint,
    // s3rver mangles aws-chunked bodies that carry the SDK's default checksums.
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
    // Read by our S3 adapter (the SDK has no env for it): s3rver is path-style only.
    S3_FORCE_PATH_STYLE: 'true',
    TABLE_NAME: tableName,
    PHOTOS_BUCKET,
    COGNITO_USER_POOL_ID: cognito.userPoolId,
    COGNITO_CLIENT_ID: cognito.clientId,
    COGNITO_ISSUER: cognito.issuer,
    COGNITO_JWKS_URL: cognito.jwksUrl,
    COGNITO_AUTHORIZE_URL: cognito.authorizeUrl,
    COGNITO_TOKEN_URL: cognito.tokenUrl,
    // No COGNITO_LOGOUT_URL: cognito-local has no /logout and its hosted UI keeps no session.
    SES_STORE_URL: ses.storeUrl,
    SES_OUTBOX_URL: `${ses.endpoint}/`,
    EMAIL_FROM,
  };

  return {
    env,
    ports,
    stop: stopAll,
    lastCognitoCode(destination: string) {
      const wanted = destination.toLowerCase();
      for (let i = cognito.deliveries.length - 1; i >= 0; i -= 1) {
        if (cognito.deliveries[i].destination.toLowerCase() === wanted) return cognito.deliveries[i].code;
      }
      return undefined;
    },
    cognitoDeliveries: () => cognito.deliveries,
  };
}
