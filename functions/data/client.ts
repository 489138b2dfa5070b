import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Logger } from '@smithy/types';
import { currentCompany } from '#functions/lib/tenant';
import { traceClient } from '#functions/lib/tracing';
import { BUCKET_NEEDS_ENV, CompanyLru, MAX_COMPANY_CLIENTS, parseBucketNeeds, sessionPolicy, TenantCredentials, type ScopedCredentials, type TenantCredentialsOptions } from './scoped-credentials';
import { DEFAULT_TABLE_NAME } from './table';

// The SDK's default no-op logger has an `info` method, so its logger middleware builds a redacted
// copy of every command's input and output only to drop it (3% of the API's CPU under load). The
// middleware calls `info` only when present. Warnings still reach the log; failed commands (a
// refused condition is routine) are reported by the code that handles them.
const noop = () => undefined;
const quietSdkLogger = { debug: noop, warn: (...args: unknown[]) => console.warn(...args), error: noop } as unknown as Logger;

// Created once per module load. The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB when set
// (the local stand-in), so no code branches on where it runs.
//
// `readClient` serves the read helpers of db.ts, which run on every request (the session, then the
// data): with `cacheMiddleware` each command type resolves its middleware stack once rather than
// on every call. lib-dynamodb refuses that option, so the document client, which the repositories
// write through, has a client of its own.
// Both are captured by the tracer in Lambda (functions/lib/tracing.ts: loaded without blocking start-up).
function buildClients(credentials?: () => Promise<ScopedCredentials>) {
  const readClient = traceClient(new DynamoDBClient({ maxAttempts: 3, logger: quietSdkLogger, cacheMiddleware: true, credentials }));
  const dynamoClient = traceClient(new DynamoDBClient({ maxAttempts: 3, logger: quietSdkLogger, credentials }));
  const db = DynamoDBDocumentClient.from(dynamoClient, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  // The credentials they sign with (undefined: the function's own, the default chain), and the
  // clients of other services built for the same credentials (currentServiceClient: the photo bucket's).
  return { readClient, dynamoClient, db, credentials, services: new Map<string, unknown>() };
}

export type DynamoClients = ReturnType<typeof buildClients>;

/**
 * Company-scoped clients (issue 42 point 3, docs/tenant-fence.md): per company, the three clients
 * above signed with the tenant role's credentials for that company (scoped-credentials.ts), built on
 * the company's first request and kept (LRU-bounded) with their credentials.
 */
export function scopedClients(options: TenantCredentialsOptions & { max?: number }) {
  const credentials = new TenantCredentials(options);
  const companies = new CompanyLru<DynamoClients>(
    (companyId) => buildClients(() => credentials.get(companyId)),
    options.max ?? MAX_COMPANY_CLIENTS,
    (companyId) => credentials.forget(companyId),
  );
  return { credentials, companies, clientsFor: (companyId: string) => companies.get(companyId) };
}

const own = buildClients();
/** In AWS with TENANT_ROLE_ARN (the route functions of a company's requests, the workers): scoped clients. */
// Each AssumeRole passes the function's session policy: the table's actions and its bucket needs only.
const scoped = process.env.TENANT_ROLE_ARN
  ? scopedClients({ roleArn: process.env.TENANT_ROLE_ARN, sessionPolicy: sessionPolicy(parseBucketNeeds(process.env[BUCKET_NEEDS_ENV])) })
  : undefined;

/** The clients the current work's calls go through: its company's (scoped) while it acts for one, else the function's own. */
export function currentClients(): DynamoClients {
  const companyId = scoped && currentCompany();
  return companyId ? scoped.clientsFor(companyId) : own;
}

/**
 * A client of another AWS service (the photo bucket's S3 client) for the current work: built once per
 * company with its scoped credentials and kept with its DynamoDB clients (it leaves the LRU with them),
 * or once for the function's own credentials. `build` receives the credentials to sign with
 * (undefined: the function's own, the SDK's default chain); `name` tells the services apart.
 */
export function currentServiceClient<T>(name: string, build: (credentials?: () => Promise<ScopedCredentials>) => T): T {
  const clients = currentClients();
  let client = clients.services.get(name) as T | undefined;
  if (client === undefined) {
    client = build(clients.credentials);
    clients.services.set(name, client);
  }
  return client;
}

/**
 * Whether acting for `companyId` costs this function nothing more: always without TENANT_ROLE_ARN; in
 * AWS once its clients are built (a request of that company was served here). The door reads a
 * hinted company's items together with the session or key only then, so a forged hint never makes
 * it assume the tenant role for a company (repositories/sessions.ts getSessionWith).
 */
export function companyClientsReady(companyId: string): boolean {
  return !scoped || scoped.companies.has(companyId);
}

/** The AssumeRole calls this function made (undefined without TENANT_ROLE_ARN). */
export function scopedCredentialStats(): { assumed: number; companies: number } | undefined {
  return scoped && { assumed: scoped.credentials.assumed, companies: scoped.companies.size };
}

// The shared clients every repository imports send through the current work's clients: outside a
// company (and everywhere without TENANT_ROLE_ARN) that is themselves, unchanged.
if (scoped) {
  for (const name of ['readClient', 'dynamoClient', 'db'] as const) {
    const client = own[name] as { send: (...args: unknown[]) => unknown };
    const ownSend = client.send.bind(client);
    client.send = (...args: unknown[]) => {
      const companyId = currentCompany();
      return companyId ? (scoped.clientsFor(companyId)[name] as unknown as typeof client).send(...args) : ownSend(...args);
    };
  }
}

export const { readClient, dynamoClient, db } = own;

export function tableName(): string {
  return process.env.TABLE_NAME || DEFAULT_TABLE_NAME;
}
