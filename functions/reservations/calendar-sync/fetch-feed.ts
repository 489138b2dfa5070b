// Fetches an iCal feed: http(s) only, a deadline for the whole exchange, a size cap, at most three
// redirects. The body comes back as bytes (the parser decodes it by its charset) with the headers a
// conditional fetch needs (ETag, Last-Modified); given those, it asks If-None-Match /
// If-Modified-Since and a 304 answers `notModified`. A body shorter than its Content-Length, or a
// connection closed before the end, is `calendar.error.truncated`: a calendar cut short is never
// taken as complete. Every address a host resolves to is checked before connecting, and the connection uses
// the address that was checked: a feed URL is typed by a customer, and without the check the sync
// could be pointed at the cloud's internal network. CALENDAR_ALLOW_PRIVATE_HOSTS=true (local and
// tests only) lets it reach 127.0.0.1.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import type { MessageKey } from '#shared/messages';
import { guardedLookup, isPrivateAddress } from '#functions/lib/outbound-address';

// The address check is shared with the webhook sender (functions/lib/outbound-address.ts).
export { isPrivateAddress };

export class FeedFetchError extends Error {
  constructor(
    readonly code: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** How long the server asked us to wait (Retry-After of a 429 / 503), in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(code);
    this.name = 'FeedFetchError';
  }
}

export interface FetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  allowPrivateHosts?: boolean;
}

export interface ConditionalFetch extends FetchOptions {
  /** The ETag of the last copy read: sent as If-None-Match. */
  etag?: string | null;
  /** The Last-Modified of the last copy read: sent as If-Modified-Since. */
  lastModified?: string | null;
}

export type FetchedFeed =
  | { notModified: true }
  | { notModified: false; body: Buffer; contentType: string | null; etag: string | null; lastModified: string | null };

interface Answer {
  status: number;
  retryAfter?: string | null;
  location?: string;
  body?: Buffer;
  headers?: http.IncomingHttpHeaders;
}

export const FEED_TIMEOUT_MS = 10_000;
/**
 * A Google or Outlook calendar kept for years carries all its history (about 400 bytes an event):
 * 10 MB is some 25,000 events, read in about 3 s; the parser keeps the stays of the last year on.
 */
export const FEED_MAX_BYTES = 10 * 1024 * 1024;

const allowPrivateFromEnv = () => process.env.CALENDAR_ALLOW_PRIVATE_HOSTS === 'true';

const header = (headers: http.IncomingHttpHeaders | undefined, name: string): string | null => {
  const value = headers?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/**
 * The body as the calendar's bytes: gzip, deflate or br undone (asked for, and iCloud's published
 * calendars come gzipped even unasked), never past `maxBytes` once unpacked. A body that says gzip
 * but is not (no gzip magic) is taken as it is; a compressed stream cut short is truncated.
 */
export function decodeBody(raw: Buffer, contentEncoding: string | null, maxBytes: number): Buffer {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (!raw.length || !encoding || encoding === 'identity') return raw;
  const limits = { maxOutputLength: maxBytes };
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return raw[0] === 0x1f && raw[1] === 0x8b ? zlib.gunzipSync(raw, limits) : raw;
    if (encoding === 'deflate') {
      // "deflate" is zlib-wrapped by the standard, raw deflate from some servers.
      try {
        return zlib.inflateSync(raw, limits);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw error;
        return zlib.inflateRawSync(raw, limits);
      }
    }
    if (encoding === 'br') return zlib.brotliDecompressSync(raw, limits);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new FeedFetchError('calendar.error.tooLarge', { megabytes: Number((maxBytes / 1024 / 1024).toPrecision(2)) });
    if (code === 'Z_BUF_ERROR') throw new FeedFetchError('calendar.error.truncated');
    throw new FeedFetchError('calendar.error.unparsable');
  }
  return raw;
}

function getOnce(url: URL, options: Required<FetchOptions>, deadline: number, conditional: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (net.isIP(url.hostname.replace(/^\[|\]$/g, '')) && !options.allowPrivateHosts && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
      reject(new FeedFetchError('calendar.error.hostNotAllowed'));
      return;
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      reject(new FeedFetchError('calendar.error.timeout', { seconds: Math.round(options.timeoutMs / 1000) }));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    // Why this request was cut short (deadline, size), whichever of its events reports it.
    let abortReason: FeedFetchError | undefined;
    const abort = (reason: FeedFetchError) => {
      abortReason = reason;
      reject(reason);
      // Without an error argument: nothing emits 'error' for a request we gave up on ourselves.
      request.destroy();
    };
    const request = client.get(
      url,
      {
        lookup: guardedLookup(options.allowPrivateHosts) as never,
        headers: { accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'RentalOps-CalendarSync/1.0', ...conditional },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ status, location: response.headers.location });
          return;
        }
        if (status === 304) {
          response.resume();
          resolve({ status, headers: response.headers });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          resolve({ status, retryAfter: header(response.headers, 'retry-after') });
          return;
        }
        const tooLarge = () => new FeedFetchError('calendar.error.tooLarge', { megabytes: Number((options.maxBytes / 1024 / 1024).toPrecision(2)) });
        const declaredLength = response.headers['content-length'] === undefined ? null : Number(response.headers['content-length']);
        if (declaredLength !== null && declaredLength > options.maxBytes) {
          abort(tooLarge());
          return;
        }
        const truncated = () => new FeedFetchError('calendar.error.truncated');
        const chunks: Buffer[] = [];
        let size = 0;
        let ended = false;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) return abort(tooLarge());
          chunks.push(chunk);
        });
        response.on('end', () => {
          ended = true;
          // Node ends a response whose connection closed early as "complete" in some cases: the
          // length it announced is what tells.
          if (response.complete === false || (declaredLength !== null && Number.isFinite(declaredLength) && size < declaredLength)) {
            reject(abortReason ?? truncated());
            return;
          }
          try {
            resolve({ status, body: decodeBody(Buffer.concat(chunks), header(response.headers, 'content-encoding'), options.maxBytes), headers: response.headers });
          } catch (error) {
            reject(error);
          }
        });
        // The body started and then the connection failed or closed: a partial calendar.
        response.on('error', () => reject(abortReason ?? truncated()));
        response.on('aborted', () => reject(abortReason ?? truncated()));
        response.on('close', () => {
          if (!ended) reject(abortReason ?? truncated());
        });
      },
    );
    const timer = setTimeout(() => abort(new FeedFetchError('calendar.error.timeout', { seconds: Math.round(options.timeoutMs / 1000) })), remaining);
    request.on('close', () => clearTimeout(timer));
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (abortReason) reject(abortReason);
      else if (error instanceof FeedFetchError) reject(error);
      else if (error.code === 'EPRIVATE') reject(new FeedFetchError('calendar.error.hostNotAllowed'));
      else reject(connectionError(error, url.hostname));
    });
  });
}


/** Retry-After as milliseconds from now: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = (value ?? '').trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The feed's bytes and headers (or "not modified"), or a FeedFetchError naming what went wrong. */
export async function fetchFeed(url: string, options: ConditionalFetch = {}): Promise<FetchedFeed> {
  const settings: Required<FetchOptions> = {
    timeoutMs: options.timeoutMs ?? FEED_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? FEED_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? 3,
    allowPrivateHosts: options.allowPrivateHosts ?? allowPrivateFromEnv(),
  };
  const conditional: Record<string, string> = {};
  // Header values are the server's own, sent back as they came (no line breaks let through).
  if (options.etag && !/[\r\n]/.test(options.etag)) conditional['if-none-match'] = options.etag;
  if (options.lastModified && !/[\r\n]/.test(options.lastModified)) conditional['if-modified-since'] = options.lastModified;
  const deadline = Date.now() + settings.timeoutMs;
  let current = new URL(url);
  for (let hop = 0; hop <= settings.maxRedirects; hop += 1) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new FeedFetchError('calendar.error.unsupportedLink');
    const answer = await getOnce(current, settings, deadline, conditional);
    if (answer.location) {
      try {
        current = new URL(answer.location, current);
      } catch {
        throw new FeedFetchError('calendar.error.unsupportedLink');
      }
      continue;
    }
    if (answer.status === 304) {
      if (Object.keys(conditional).length === 0) throw new FeedFetchError('calendar.error.http', { status: 304 });
      return { notModified: true };
    }
    if (answer.status === 429 || (answer.status === 503 && answer.retryAfter)) {
      // The channel limits how often it is read (Airbnb answers 429 to frequent reads), or is down
      // for a while: said so, and its Retry-After is honoured by the next sync's time.
      throw new FeedFetchError('calendar.error.rateLimited', { status: answer.status }, retryAfterMs(answer.retryAfter));
    }
    if (answer.body === undefined) throw httpError(answer.status);
    return {
      notModified: false,
      body: answer.body,
      contentType: header(answer.headers, 'content-type'),
      etag: header(answer.headers, 'etag'),
      lastModified: header(answer.headers, 'last-modified'),
    };
  }
  throw new FeedFetchError('calendar.error.tooManyRedirects');
}

/** An HTTP answer that is no calendar, told as what it is: refused, gone, the server failing, or else its status. */
export function httpError(status: number): FeedFetchError {
  if (status === 401 || status === 403 || status === 407 || status === 451) return new FeedFetchError('calendar.error.refused', { status });
  if (status === 404 || status === 410) return new FeedFetchError('calendar.error.notFound', { status });
  if (status >= 500 && status <= 599) return new FeedFetchError('calendar.error.serverError', { status });
  return new FeedFetchError('calendar.error.http', { status });
}

const TLS_CODES = /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(VERIFY|GET)_|HOSTNAME_MISMATCH|ERR_TLS_CERT_ALTNAME_INVALID)/;

/** A connection that failed, in words by its code (never the exception's own text). */
export function connectionError(error: NodeJS.ErrnoException, hostname: string): FeedFetchError {
  const host = hostname.slice(0, 100);
  const code = error.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_NONAME' || code === 'EAI_NODATA') return new FeedFetchError('calendar.error.hostNotFound', { host });
  if (code === 'ECONNREFUSED') return new FeedFetchError('calendar.error.connectionRefused', { host });
  if (TLS_CODES.test(code)) return new FeedFetchError('calendar.error.certificate', { host });
  return new FeedFetchError('calendar.error.unreachable', { host });
}
