// API_RUNTIME=bundles: every function runs from the bundle `cdk synth` uploads, loaded the way the
// Lambda runtime loads it (docs/bundles.md):
//   - its own execution environment: a worker thread per function (local/bundles/worker.mjs) with
//     its own module instances and globals, started on the function's first call (the cold start:
//     the bundle's module init) and kept warm after; idle ones beyond MAX_WARM are reclaimed, as
//     Lambda reclaims idle environments;
//   - the bundle's `handler` export, called with the event and a Lambda context;
//   - the environment the stack gives that function (local/bundles/build.ts reads it from the dev
//     stage's constructs): each variable takes the local stand-in's value where this process has one
//     (a table name, the Cognito pool), a stage setting takes the local one, a value CloudFormation
//     resolves at deploy time and the local product lacks (a queue URL, the origin secret) is left
//     out; plus the local plumbing (the AWS SDK's endpoints and credentials for the stand-ins);
//   - the AWS SDK from node_modules, resolved by the bundle's own require() as Lambda's runtime
//     provides it (the bundles leave @aws-sdk/* external).
// The function's ports reach this process's stand-ins (local/ports.ts) through the worker's proxies.
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eventPublisherPort } from '../../functions/events/publisher';
import { jobQueuePort } from '../../functions/jobs/queue';
import { smsPort } from '../../functions/notifications/sms';
import { cognitoSignInPort } from '../../functions/auth/cognito';
import { paymentsPort } from '../../functions/payments/gateway';
import { outboxRelayPort } from '../../functions/data/outbox';
import type { Port } from '../../functions/lib/ports';
import { prepareBundles } from './prepare';

/** The ports whose local stand-ins the bundles get (local/ports.ts configures each in this process). */
const PORTS: Record<string, Port<any>> = Object.fromEntries(
  [eventPublisherPort, jobQueuePort, smsPort, cognitoSignInPort, paymentsPort, outboxRelayPort].map((port) => [port.name, port]),
);

/** Functions kept warm at once (each worker holds its bundle and the AWS SDK it loaded: ~30-60 MB). */
const MAX_WARM = Number(process.env.BUNDLES_MAX_WARM ?? 24);

/** Configuration of the stage (cdk.json) that the local product sets its own way, or not at all. */
const STAGE_SETTINGS = new Set(['ALLOWED_ORIGINS', 'APP_URL', 'MASTER_EMAIL', 'EMAIL_FROM', 'COOKIE_SECURE', 'SMS_SENDER_ID', 'STRIPE_PRICE_IDS', 'STRIPE_SECRET_ID', 'LOG_LEVEL']);
/** Set by the Lambda service, not by the stack; the worker does its part (source maps). */
const RUNTIME_SET = new Set(['NODE_OPTIONS']);
/** The local plumbing every function gets: where the stand-ins are and how to talk to them. */
const LOCAL_PLUMBING = /^(AWS_REGION|AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|AWS_ENDPOINT_URL_\w+|AWS_REQUEST_CHECKSUM_CALCULATION|AWS_RESPONSE_CHECKSUM_VALIDATION|AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED|S3_FORCE_PATH_STYLE|SES_STORE_URL|SES_OUTBOX_URL|OUTBOX_DIR|SMTP_ALLOW_PRIVATE_HOSTS|CALENDAR_ALLOW_PRIVATE_HOSTS|POWERTOOLS_DEV|TZ|PATH|HOME|LANG)$/;

export type RuntimeName = 'modules' | 'bundles';

/** Which runtime serves the functions: API_RUNTIME=bundles, or the TypeScript modules (default). */
export function apiRuntime(env: NodeJS.ProcessEnv = process.env): RuntimeName {
  const value = env.API_RUNTIME ?? 'modules';
  if (value !== 'modules' && value !== 'bundles') throw new Error(`API_RUNTIME must be 'modules' or 'bundles', got '${value}'`);
  return value;
}

/** The environment of one function's bundle (see the top of this file). */
export function functionEnvironment(stackEnv: Record<string, string | null>, host: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(host)) if (value !== undefined && LOCAL_PLUMBING.test(name)) env[name] = value;
  for (const [name, value] of Object.entries(stackEnv)) {
    if (RUNTIME_SET.has(name)) continue;
    const local = host[name];
    if (local !== undefined) env[name] = local;
    else if (value !== null && !STAGE_SETTINGS.has(name)) env[name] = value;
  }
  // BUNDLES_LOG_LEVEL: the bundles' log level alone (e.g. DEBUG while the tests keep theirs SILENT).
  if (host.BUNDLES_LOG_LEVEL) env.LOG_LEVEL = host.BUNDLES_LOG_LEVEL;
  env.API_RUNTIME = 'bundles';
  return env;
}

type Invocation = { resolve: (value: any) => void; reject: (error: Error) => void };

function revive(data: { name?: string; message?: string } & Record<string, unknown>): Error {
  const error = new Error(data.message);
  Object.assign(error, data);
  return error;
}

function serialize(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    try {
      fields[key] = structuredClone(value);
    } catch {
      // not cloneable: left out
    }
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

/** One function's execution environment: a worker thread running its bundle. */
class FunctionInstance {
  readonly worker: Worker;
  lastUsed = Date.now();
  private readonly invocations = new Map<number, Invocation>();
  private nextId = 0;
  /** Resolves once the bundle's module init finished (rejects with its load error). */
  readonly ready: Promise<number>;
  private exited = false;

  constructor(
    readonly name: string,
    file: string,
    env: Record<string, string>,
    private readonly onExit: (instance: FunctionInstance) => void,
  ) {
    this.worker = new Worker(path.resolve(process.cwd(), 'local', 'bundles', 'worker.mjs'), {
      workerData: { file, functionName: name, ports: Object.keys(PORTS) },
      env,
      // Plain Node, as Lambda runs the bundle: no tsx or other loader of this process.
      execArgv: [],
    });
    this.worker.unref();
    this.ready = new Promise<number>((resolve, reject) => {
      this.worker.on('message', (message: any) => {
        if (message.type === 'ready') resolve(message.initMs as number);
        else if (message.type === 'init-error') reject(Object.assign(revive(message.error), { message: `The bundle of ${name} failed to load: ${message.error.message}` }));
        else if (message.type === 'result') this.settle(message);
        else if (message.type === 'port') void this.answerPort(message);
      });
      this.worker.on('error', (error) => {
        reject(error);
        this.fail(new Error(`The bundle of ${name} crashed: ${error.message}`));
      });
      this.worker.on('exit', () => {
        reject(new Error(`The bundle of ${name} exited during init`));
        this.fail(new Error(`The bundle of ${name} exited`));
      });
    });
    this.ready.catch(() => undefined);
  }

  get busy(): boolean {
    return this.invocations.size > 0;
  }

  async invoke(event: unknown, context: { awsRequestId?: string; functionName?: string } = {}): Promise<any> {
    this.lastUsed = Date.now();
    await this.ready;
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.invocations.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'invoke', id, event, requestId: context.awsRequestId ?? randomUUID(), contextFunctionName: context.functionName });
    }).finally(() => {
      this.lastUsed = Date.now();
    });
  }

  async stop(): Promise<void> {
    this.exited = true;
    await this.worker.terminate();
  }

  private settle(message: { id: number; result?: unknown; error?: Record<string, unknown> }): void {
    const invocation = this.invocations.get(message.id);
    if (!invocation) return;
    this.invocations.delete(message.id);
    if (message.error) invocation.reject(revive(message.error));
    else invocation.resolve(message.result);
  }

  private async answerPort(message: { id: number; port: string; method: string; args: unknown[] }): Promise<void> {
    try {
      const port = PORTS[message.port];
      if (!port) throw new Error(`No port named ${message.port}`);
      const adapter = (await port.use()) as Record<string, (...args: unknown[]) => unknown>;
      if (typeof adapter[message.method] !== 'function') throw new Error(`The ${message.port} port's stand-in has no ${message.method}()`);
      const result = await adapter[message.method](...message.args);
      this.worker.postMessage({ type: 'port-result', id: message.id, result });
    } catch (error) {
      this.worker.postMessage({ type: 'port-result', id: message.id, error: serialize(error) });
    }
  }

  private fail(error: Error): void {
    for (const invocation of this.invocations.values()) invocation.reject(error);
    this.invocations.clear();
    if (!this.exited) {
      this.exited = true;
      this.onExit(this);
    }
  }
}

export interface ColdStart {
  name: string;
  initMs: number;
}

/** The functions' execution environments of this process under API_RUNTIME=bundles. */
export class BundleRuntime {
  private readonly instances = new Map<string, FunctionInstance>();
  /** Every cold start so far (name and module init time), for the walk's report and the docs. */
  readonly coldStarts: ColdStart[] = [];

  constructor(private readonly maxWarm = MAX_WARM) {}

  /** The function's handler: its bundle in its environment (started on the first call). */
  handler(name: string): (event: unknown, context?: { awsRequestId?: string; functionName?: string }) => Promise<any> {
    return (event, context) => this.instance(name).invoke(event, context);
  }

  /** Starts the function's environment if it has none, and waits for its module init. */
  async warm(name: string): Promise<void> {
    await this.instance(name).ready;
  }

  async stop(): Promise<void> {
    const all = [...this.instances.values()];
    this.instances.clear();
    await Promise.all(all.map((instance) => instance.stop()));
  }

  private instance(name: string): FunctionInstance {
    let instance = this.instances.get(name);
    if (instance) return instance;
    const { dir, manifest } = prepareBundles();
    const entry = manifest.functions[name];
    if (!entry) throw new Error(`No bundle for "${name}": the stack builds no such function (functions/routes.ts, functions/event-handlers.ts)`);
    this.reclaim();
    instance = new FunctionInstance(name, path.join(dir, name, 'index.mjs'), functionEnvironment(entry.env), (gone) => {
      if (this.instances.get(gone.name) === gone) this.instances.delete(gone.name);
    });
    this.instances.set(name, instance);
    instance.ready.then(
      (initMs) => this.coldStarts.push({ name, initMs }),
      () => undefined,
    );
    // A bundle that fails to load fails every call until the environment is replaced: drop it, so the
    // next call starts a new one (as Lambda does after an init error).
    instance.ready.catch(() => {
      if (this.instances.get(name) === instance) this.instances.delete(name);
      void instance!.stop();
    });
    return instance;
  }

  /** Stops the least recently used idle environments beyond the limit. */
  private reclaim(): void {
    if (this.instances.size < this.maxWarm) return;
    const idle = [...this.instances.values()].filter((instance) => !instance.busy).sort((a, b) => a.lastUsed - b.lastUsed);
    for (const instance of idle.slice(0, this.instances.size - this.maxWarm + 1)) {
      this.instances.delete(instance.name);
      void instance.stop();
    }
  }
}

let shared: BundleRuntime | undefined;

/** This process's bundles runtime (made on first use). */
export function bundleRuntime(): BundleRuntime {
  shared ??= new BundleRuntime();
  return shared;
}

/** Stops every function environment of this process (tests, shutdown). */
export async function stopBundleRuntime(): Promise<void> {
  const running = shared;
  shared = undefined;
  await running?.stop();
}
