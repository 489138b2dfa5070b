import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type DescribeTableCommandOutput,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/data/table';
import { onPath, spawnManaged, waitUntilReady, childEnv, type ManagedProcess } from './process';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './constants';
import { registryPath } from '../../scripts/registry-packages.cjs';

export const JAVA_MISSING_MESSAGE =
  'DynamoDB Local needs Java and `java` is not on PATH: run `bash scripts/ensure-java.sh` (or `apt-get install -y openjdk-17-jre-headless`).';

/** DynamoDB Local's jar and native libraries (amplify-dynamodb-simulator's emulator/, fetched on first use: scripts/registry-packages.cjs). */
export function emulatorDir(): string {
  return registryPath('dynamodb-local', 'emulator');
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 1000, requestTimeout: 5000 },
  });
}

export async function assertJava(): Promise<void> {
  if (!(await onPath('java'))) throw new Error(JAVA_MISSING_MESSAGE);
}

/**
 * Starts DynamoDB Local (the official jar, as amplify-dynamodb-simulator ships it) and waits until
 * it answers ListTables.
 *
 * NOTE: DynamoDB Local has no host/bind option; it listens on ALL interfaces (0.0.0.0 / ::).
 * Everything else in the local stack binds 127.0.0.1 only. Clients always use 127.0.0.1.
 */
export async function startDynamo(options: {
  port: number;
  inMemory: boolean;
  dataDir: string;
  /** Working directory for -inMemory runs (DynamoDB Local drops dynamodb-local-metadata.json in its cwd). */
  workDir?: string;
  /** `throughput` (benchmarks): the JVM's full JIT instead of the quick-start settings. */
  tuning?: 'startup' | 'throughput';
  log: (line: string) => void;
}): Promise<{ process: ManagedProcess; endpoint: string }> {
  const dir = emulatorDir();
  const args = [
    // Faster start and a smaller footprint for development and tests; the benchmarks ask for the
    // JVM's optimising compiler, so they measure our code rather than an interpreter-grade table,
    // with the serial collector (on two cores shared with Node, parallel GC threads only contend)
    // and a large young generation from the start (no heap resizing while the figures are taken).
    // Tasks page, three successive 10 s runs: 963, 1,071, 1,154 req/s with the parallel collector
    // and a default heap; 1,213, 1,161, 1,107 with these.
    ...(options.tuning === 'throughput' ? ['-XX:+UseSerialGC', '-Xms1g', '-Xmn512m'] : ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1']),
    '-Xss512k',
    '-XX:-UsePerfData', // no /tmp/hsperfdata_* files
    `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    path.join(dir, 'DynamoDBLocal.jar'),
    '-sharedDb',
    '-disableTelemetry',
    '-port',
    String(options.port),
  ];
  let cwd = options.workDir ?? os.tmpdir();
  if (options.inMemory) {
    args.push('-inMemory');
  } else {
    const dbPath = path.resolve(process.cwd(), options.dataDir, 'dynamodb');
    await mkdir(dbPath, { recursive: true });
    args.push('-dbPath', dbPath);
    cwd = dbPath;
  }
  const child = spawnManaged({
    name: 'DynamoDB Local',
    command: 'java',
    args,
    cwd,
    env: childEnv({}, ['JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS']),
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localDynamoClient(endpoint);
  try {
    await waitUntilReady({
      name: `DynamoDB Local (port ${options.port})`,
      process: child,
      timeoutMs: 30_000,
      probe: async () => {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return true;
      },
    });
  } catch (error) {
    await child.stop(1000);
    throw error;
  } finally {
    client.destroy();
  }
  child.watchForUnexpectedExit(options.log);
  return { process: child, endpoint };
}

function keyAttributes(): AttributeDefinition[] {
  const names = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const index of GLOBAL_INDEXES) {
    names.add(index.partitionKey);
    names.add(index.sortKey);
  }
  return [...names].map((AttributeName) => ({ AttributeName, AttributeType: 'S' }));
}

function gsiDefinition(index: (typeof GLOBAL_INDEXES)[number]): GlobalSecondaryIndex {
  return {
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  };
}

/** By name, not instanceof: two copies of the SDK (e.g. jest module registries) break instanceof. */
function isNamed(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;
}

async function waitActive(client: DynamoDBClient, tableName: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const busy =
      Table?.TableStatus !== 'ACTIVE' ||
      (Table.GlobalSecondaryIndexes ?? []).some((g) => g.IndexStatus && g.IndexStatus !== 'ACTIVE');
    if (!busy) return;
    if (Date.now() - started > 30_000) throw new Error(`Table ${tableName} did not become ACTIVE within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Creates the single table from functions/data/table.ts if it is missing (string keys,
 * PAY_PER_REQUEST, every GSI projecting ALL), adds GSIs that a persisted older table lacks, and
 * enables TTL on TTL_ATTRIBUTE. Idempotent; safe to call against any DynamoDB endpoint.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  let existing: DescribeTableCommandOutput | undefined;
  try {
    existing = await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!isNamed(error, 'ResourceNotFoundException')) throw error;
  }

  if (!existing) {
    try {
      await client.send(
        new CreateTableCommand({
          TableName: tableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: keyAttributes(),
          KeySchema: [
            { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
            { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: GLOBAL_INDEXES.map(gsiDefinition),
        }),
      );
    } catch (error) {
      // Someone else created it concurrently: fine.
      if (!isNamed(error, 'ResourceInUseException')) throw error;
    }
  } else {
    const present = new Set((existing.Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
    for (const index of GLOBAL_INDEXES) {
      if (present.has(index.indexName)) continue;
      // One index per UpdateTable call, as in AWS.
      await waitActive(client, tableName);
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: keyAttributes(),
          GlobalSecondaryIndexUpdates: [{ Create: gsiDefinition(index) }],
        }),
      );
    }
  }
  await waitActive(client, tableName);

  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const status = ttl.TimeToLiveDescription?.TimeToLiveStatus;
  const attribute = ttl.TimeToLiveDescription?.AttributeName;
  if ((status === 'ENABLED' || status === 'ENABLING') && attribute === TTL_ATTRIBUTE) return;
  if ((status === 'ENABLED' || status === 'ENABLING') && attribute !== TTL_ATTRIBUTE) {
    throw new Error(
      `Table ${tableName} has TTL on "${attribute}" but the design uses "${TTL_ATTRIBUTE}". Delete the local data (.data/dynamodb) or fix it by hand.`,
    );
  }
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
}
