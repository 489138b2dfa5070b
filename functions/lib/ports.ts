// Ports: the seams where the functions reach something outside them through an adapter (domain
// events, SMS; next the calendar-sync job queue, payments, the events outbox). The module that
// owns a port defines it here with its AWS adapter as the default, and exports a `configure…()`
// for the composition roots:
//   - in AWS the Lambda entry (functions/handlers/<name>.ts) configures nothing: every port uses
//     its AWS adapter, made once per function instance on first use;
//   - `npm start` (local/start.ts) and the tests (tests/load-env.ts) call local/ports.ts, which
//     configures the local stand-ins before any handler runs.
// Production code never imports local/: the stand-ins come in through these seams only.
//   - `API_RUNTIME=bundles` (local/bundles/): each function runs from its esbuild bundle in a worker
//     thread of its own, with its own copy of this module, which no composition root can reach; the
//     worker's bootstrap (local/bundles/worker.mjs) puts the host's stand-ins on the global
//     LOCAL_PORTS_KEY before it loads the bundle, and a port nobody configured takes its adapter from
//     there. In AWS nothing sets that global, so every port keeps its AWS adapter.
//
//   // functions/<module>/sms.ts
//   export const smsPort = definePort<SmsSender>('sms', () => new SnsSmsSender(...));
//   export const configureSmsSender = (sender: SmsSender) => smsPort.configure(sender);
import { onFirstUse } from './on-first-use';

export interface Port<T> {
  readonly name: string;
  /** The adapter: the configured one, else the AWS default (made on the first call, kept after). */
  use(): Promise<T>;
  /** Replaces the adapter (composition roots and tests only). */
  configure(adapter: T): void;
  /** Back to the AWS default (tests). */
  reset(): void;
  /** True once a composition root configured an adapter. */
  readonly configured: boolean;
}

/** Where a local bundles runtime leaves the stand-ins of a function's ports (see above). */
export const LOCAL_PORTS_KEY = Symbol.for('rentalops.local-ports');

function injected<T>(name: string): T | undefined {
  return (globalThis as { [LOCAL_PORTS_KEY]?: Record<string, unknown> })[LOCAL_PORTS_KEY]?.[name] as T | undefined;
}

export function definePort<T>(name: string, makeDefault: () => T | Promise<T>): Port<T> {
  let adapter: T | undefined;
  let fallback = onFirstUse(async () => injected<T>(name) ?? makeDefault());
  return {
    name,
    use: () => (adapter !== undefined ? Promise.resolve(adapter) : fallback()),
    configure: (next: T) => {
      if (next === undefined || next === null) throw new Error(`Port ${name}: configure() needs an adapter`);
      adapter = next;
    },
    reset: () => {
      adapter = undefined;
      fallback = onFirstUse(async () => injected<T>(name) ?? makeDefault());
    },
    get configured() {
      return adapter !== undefined;
    },
  };
}
