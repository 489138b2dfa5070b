// The company a piece of work acts for (issue 42, point 3): the HTTP wrappers (http.ts apiHandler
// once the session is resolved, public-api.ts publicApiHandler once the key is) run the route's
// function inside it, and the queue workers (functions/jobs/worker.ts) and event handlers
// (functions/events/event-handler.ts) run each message inside the context of the company it names.
// Work that names no company (a sign-in, a cross-company sweep) runs outside any: `withoutCompany`.
// The local permission guard (local/permission-guard.ts) reads it to refuse, while it is set, every
// DynamoDB key that is not this company's, as dynamodb:LeadingKeys on company-scoped credentials
// does in AWS (docs/tenant-fence.md). Lib core: no I/O, nothing kept between invocations.
import { AsyncLocalStorage } from 'node:async_hooks';

interface TenantContext {
  /** The company's id; undefined inside `withoutCompany`. */
  companyId: string | undefined;
  /**
   * The properties the caller may see and change (issue 41: a member scoped to property groups);
   * undefined: every property of the company. Set by the HTTP wrappers with the company, once per
   * request (docs/property-scope.md); background work runs company-wide.
   */
  propertyScope?: ReadonlySet<string>;
}

const storage = new AsyncLocalStorage<TenantContext>();

/** Runs `fn` acting for `companyId`: every call it makes, awaited or not, sees it. */
export function withCompany<T>(companyId: string, fn: () => T, propertyScope?: ReadonlySet<string>): T {
  return storage.run({ companyId, propertyScope }, fn);
}

/** Runs `fn` acting for no company (clears a context inherited from the work that started it). */
export function withoutCompany<T>(fn: () => T): T {
  return storage.run({ companyId: undefined }, fn);
}

/** Runs `fn` for the company when one is named, else for none. */
export function withCompanyOf<T>(companyId: string | undefined, fn: () => T, propertyScope?: ReadonlySet<string>): T {
  return companyId ? withCompany(companyId, fn, propertyScope) : withoutCompany(fn);
}

/** The company the current work acts for, if any. */
export function currentCompany(): string | undefined {
  return storage.getStore()?.companyId;
}

/**
 * The properties the current work may see and change, or undefined for every property of its company
 * (an unscoped member, the CEO, background work). Only ever set together with a company.
 */
export function currentPropertyScope(): ReadonlySet<string> | undefined {
  const context = storage.getStore();
  return context?.companyId ? context.propertyScope : undefined;
}

/** Runs `fn` for the current company without the caller's property scope (a company-wide step of a scoped request). */
export function withoutPropertyScope<T>(fn: () => T): T {
  const context = storage.getStore();
  return context?.propertyScope ? storage.run({ companyId: context.companyId }, fn) : fn();
}
