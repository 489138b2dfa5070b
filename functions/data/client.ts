import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Logger } from '@smithy/types';
import { traceClient } from '#functions/lib/tracing';
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
export const readClient = traceClient(new DynamoDBClient({ maxAttempts: 3, logger: quietSdkLogger, cacheMiddleware: true }));
export const dynamoClient = traceClient(new DynamoDBClient({ maxAttempts: 3, logger: quietSdkLogger }));
export const db = DynamoDBDocumentClient.from(dynamoClient, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

export function tableName(): string {
  return process.env.TABLE_NAME || DEFAULT_TABLE_NAME;
}
