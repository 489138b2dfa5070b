// Powertools Tracer (X-Ray), beside the Logger: the SDK clients are captured so each DynamoDB,
// EventBridge, SQS, SES or SNS call is a subsegment of the invocation's trace. Only in Lambda with
// active tracing (the CDK function construct turns it on); never locally (npm start, tests, bench).
// The tracer is imported without being awaited when a client is made, so it does not add to a
// function's module init (npx tsx bench/run.ts --only=cold): the first calls of a fresh instance may
// go untraced until it has loaded.
import type { Tracer } from '@aws-lambda-powertools/tracer';

export const tracingEnabled = (): boolean =>
  Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) && process.env.POWERTOOLS_TRACE_ENABLED !== 'false';

let tracer: Promise<Tracer | undefined> | undefined;

/** The tracer (loaded once), or undefined where tracing is off. */
export function loadTracer(): Promise<Tracer | undefined> {
  if (!tracingEnabled()) return Promise.resolve(undefined);
  tracer ??= import('@aws-lambda-powertools/tracer')
    .then(({ Tracer: TracerClass }) => new TracerClass({ serviceName: 'rentalops', captureHTTPsRequests: false }))
    .catch(() => undefined);
  return tracer;
}

/** Captures an AWS SDK v3 client's calls in the trace (in Lambda, once the tracer has loaded). Returns the client. */
export function traceClient<T extends object>(client: T): T {
  if (!tracingEnabled()) return client;
  void loadTracer().then((loaded) => loaded?.captureAWSv3Client(client as never));
  return client;
}
