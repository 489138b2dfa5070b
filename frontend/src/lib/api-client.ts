// The one way the app talks to `/api/*` (same origin; the session is an httpOnly cookie).
import type { SWRConfiguration } from 'swr';
import i18n, { currentLanguage, isMessageKey } from './i18n';
import { noteAnswer } from './offline/copies';
import { skipFreshSeeds } from './seeded-reads';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A non-OK response. `message` is `${status}: ${bodyText || statusText}` (SPEC point 8);
 * `body` is the parsed JSON body, or undefined when the body is empty or not JSON.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.body = parseJson(bodyText);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isUnauthorizedError(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// ---- 401 notifications -------------------------------------------------------------------------
// Every 401 is announced here. Only the authenticated layout listens (see
// features/auth/hooks/use-unauthorized-redirect.ts), so a 401 on a public screen — a wrong
// password, the anonymous `/api/auth/user` check — never triggers the log-in redirect.
type UnauthorizedListener = (error: ApiError, url: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

// ---- 402 notifications (a read-only company: its trial or paid access has ended) ----------------
// Every write refused with `code: subscription.*` is announced here; the authenticated layout
// listens (features/subscription/hooks/use-read-only-redirect.ts): the CEO is taken to pricing.
type SubscriptionListener = (error: ApiError, code: string) => void;
const subscriptionListeners = new Set<SubscriptionListener>();

export function onSubscriptionRequired(listener: SubscriptionListener): () => void {
  subscriptionListeners.add(listener);
  return () => {
    subscriptionListeners.delete(listener);
  };
}

/** The `code` of a 402 the server answers a read-only company's write with, or undefined. */
export function subscriptionCode(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 402 || typeof error.body !== 'object' || error.body === null) return undefined;
  const { code } = error.body as { code?: unknown };
  return typeof code === 'string' && code.startsWith('subscription.') ? code : undefined;
}

/**
 * fetch with cookies, a JSON body and `Accept-Language` = the interface language.
 * Resolves with the parsed JSON body (undefined when empty); rejects with ApiError on a non-OK
 * status. Network failures reject with the browser's TypeError.
 */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = {
    ...extraHeaders,
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  return readResponse<T>(response, url);
}

/** One page of a cursor list: the JSON array of the body, and the next page's cursor. */
export interface CursorPage<T> {
  items: T[];
  /** The `x-next-cursor` response header (functions/lib/http.ts `page`); undefined on the last page. */
  nextCursor: string | undefined;
  /** The `x-total-count` header, where the list sends it: how many items match, on every page. */
  total?: number;
}

/**
 * GET one page of a list endpoint, as apiRequest sends it (cookies, Accept-Language) and with the
 * same failures (ApiError; a 401 is announced), keeping the cursor that travels in a header.
 */
export async function apiGetPage<T>(url: string): Promise<CursorPage<T>> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() },
    credentials: 'include',
  });
  const body = await readResponse<unknown>(response, url);
  const total = response.headers.get('x-total-count');
  return {
    items: Array.isArray(body) ? (body as T[]) : [],
    nextCursor: response.headers.get('x-next-cursor') ?? undefined,
    ...(total !== null && /^\d+$/.test(total) ? { total: Number(total) } : {}),
  };
}

/**
 * GET with cookies and no headers of ours, so the browser can answer it with the response of a
 * `<link rel="preload" as="fetch" crossorigin="use-credentials">` in index.html (a preload is only
 * used by a request that asks for nothing it did not). For reads whose answer is language-neutral.
 */
export async function apiGetPreloadable<T = unknown>(url: string): Promise<T> {
  return readResponse<T>(await fetch(url, { credentials: 'include' }), url);
}

/**
 * GET a file (cookies, Accept-Language: its texts follow the interface language) and hand it to the
 * browser as a download, under the name the server gives (Content-Disposition) or `fallbackName`.
 * Fails as apiRequest does. Resolves with the file's name.
 */
export async function apiDownload(url: string, fallbackName: string): Promise<string> {
  const response = await fetch(url, { headers: { 'Accept-Language': currentLanguage() }, credentials: 'include' });
  if (!response.ok) await readResponse(response, url);
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return filename;
}

async function readResponse<T>(response: Response, url: string): Promise<T> {
  noteAnswer(url, response.headers);
  const text = await response.text();
  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, text);
    if (error.status === 401) unauthorizedListeners.forEach((listener) => listener(error, url));
    const code = subscriptionCode(error);
    if (code) subscriptionListeners.forEach((listener) => listener(error, code));
    throw error;
  }
  return parseJson(text) as T;
}

/**
 * The text to show for a failed request: the server's `message` field when the JSON body has one
 * (translated when it is a key of shared/messages.ts), else `fallback`, else the error's message.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (isApiError(error) && typeof error.body === 'object' && error.body !== null) {
    const { message } = error.body as { message?: unknown };
    if (typeof message === 'string' && message) return isMessageKey(message) ? i18n.t(message) : message;
  }
  if (fallback) return fallback;
  return error instanceof Error ? error.message : String(error);
}

// ---- SWR ---------------------------------------------------------------------------------------
export type QueryKey = string | readonly (string | number)[];

/** Joins the parts of a query key with `/`: `['/api/tasks', id]` -> GET `/api/tasks/{id}`. */
export function queryUrl(key: QueryKey): string {
  return typeof key === 'string' ? key : key.map(String).join('/');
}

/** Default SWR fetcher: GET on the key joined with `/` (SPEC point 7). */
export function swrFetcher<T = unknown>(key: QueryKey): Promise<T> {
  return apiRequest<T>('GET', queryUrl(key));
}

/**
 * Queries never refetch by themselves, never go stale and never retry (SPEC point 9); what the first
 * render was given by app/boot.ts is not read again as the screen mounts (lib/seeded-reads.ts).
 */
export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  use: [skipFreshSeeds],
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
};
