// Sends one webhook delivery: a POST of the JSON body with the Standard Webhooks headers, a deadline
// for the whole exchange (10 s), no redirects followed (a redirect is a failed delivery: the
// endpoint's URL should be the final one), and every address the host resolves to checked first
// (functions/lib/outbound-address.ts): in AWS private, loopback and link-local targets are refused.
// WEBHOOK_ALLOW_PRIVATE_HOSTS=true (npm start and the tests only) lets it reach 127.0.0.1.
// Connections are kept alive and reused (one pool per mode): deliveries to the same endpoint skip the
// TCP and TLS handshakes. A kept connection the endpoint closed meanwhile fails before any answer;
// that request is sent again once on a new connection (an endpoint that did see it gets the same
// webhook-id twice, which at-least-once delivery allows anyway).
import http from 'node:http';
import https from 'node:https';
import type { MessageKey } from '#shared/messages';
import { guardedLookup, isPrivateLiteralHost, PRIVATE_ADDRESS_CODE } from '#functions/lib/outbound-address';
import { signatureHeader } from './signing';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of an endpoint's answer (then the connection is dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface DeliveryError {
  code: MessageKey;
  params: Record<string, string | number>;
}

export interface DeliveryOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: DeliveryError | null;
}

export interface Delivery {
  url: string;
  messageId: string;
  /** The exact body (signed as it is). */
  body: string;
  /** Secrets to sign with: the current one, and the previous one during a rotation's overlap. */
  secrets: readonly string[];
  timestamp?: Date;
  timeoutMs?: number;
  allowPrivateHosts?: boolean;
  /** The lane the attempt runs on: each has its own keep-alive pool (see agentFor). */
  lane?: 'fast' | 'slow';
}

/**
 * Keep-alive pools, one per mode and lane: a connection opened with private hosts allowed (tests,
 * npm start) is never reused when they are not; and the slow lane's attempts never take the fast
 * lane's sockets. A pool holds at most 50 sockets per origin, and many companies' endpoints share an
 * origin (an integration platform's hooks host, one receiver with a path per endpoint): with one
 * pool, a slow endpoint's requests held every socket to its host for seconds each, and the healthy
 * endpoints on that host waited for a free one (measured: 7.9x their lag; docs/webhooks.md,
 * "Measured"). In AWS each lane is a function of its own anyway; locally both share a process. An idle connection is dropped before the endpoint's own
 * `Keep-Alive: timeout` hint runs out (Node's agent honours it) and after 4 s at the latest.
 */
const IDLE_SOCKET_MS = 4_000;
const pools = new Map<string, http.Agent>();
function agentFor(protocol: 'http:' | 'https:', allowPrivate: boolean, lane: 'fast' | 'slow'): http.Agent {
  const name = `${protocol}${allowPrivate}${lane}`;
  let agent = pools.get(name);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 50, maxFreeSockets: 10, scheduling: 'lifo' as const, timeout: IDLE_SOCKET_MS };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    pools.set(name, agent);
  }
  return agent;
}

/** Read at each send, so a test can turn it off to see the AWS behaviour. */
export const webhookPrivateHostsAllowed = (): boolean => process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS === 'true';

/** Whether a URL may be a webhook target at all (a literal private address is refused before any lookup). */
export function urlAllowed(url: string, allowPrivate = webhookPrivateHostsAllowed()): boolean {
  try {
    return allowPrivate || !isPrivateLiteralHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The headers of a delivery (also what the docs and the inspector show). */
export function deliveryHeaders(messageId: string, timestampSeconds: number, body: string, secrets: readonly string[]): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'RentalOps-Webhooks/1.0',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatureHeader(secrets, messageId, timestampSeconds, body),
  };
}

/** Sends once; never throws: the outcome says what the endpoint answered, or why it could not. */
export async function sendDelivery(delivery: Delivery): Promise<DeliveryOutcome> {
  const started = Date.now();
  const timeoutMs = delivery.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const allowPrivate = delivery.allowPrivateHosts ?? webhookPrivateHostsAllowed();
  const done = (statusCode: number | null, error: DeliveryError | null): DeliveryOutcome => ({
    ok: error === null && statusCode !== null && statusCode >= 200 && statusCode < 300,
    statusCode,
    durationMs: Date.now() - started,
    error,
  });
  let url: URL;
  try {
    url = new URL(delivery.url);
  } catch {
    return done(null, { code: 'webhooks.error.unreachable', params: { error: 'invalid URL' } });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return done(null, { code: 'webhooks.error.unreachable', params: { error: url.protocol } });
  if (!allowPrivate && isPrivateLiteralHost(url.hostname)) return done(null, { code: 'webhooks.error.hostNotAllowed', params: {} });
  const timestamp = Math.floor((delivery.timestamp ?? new Date()).getTime() / 1000);
  const headers = { ...deliveryHeaders(delivery.messageId, timestamp, delivery.body, delivery.secrets), 'content-length': String(Buffer.byteLength(delivery.body)) };
  return new Promise<DeliveryOutcome>((resolve) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    const finish = (outcome: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const client = url.protocol === 'https:' ? https : http;
    const send = (agent: http.Agent | false) => {
      let answeredAtAll = false;
      const sent = client.request(url, { method: 'POST', headers, lookup: guardedLookup(allowPrivate) as never, agent }, (response) => {
        answeredAtAll = true;
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const answered = () => {
          if (status >= 200 && status < 300) return finish(done(status, null));
          if (status >= 300 && status < 400) return finish(done(status, { code: 'webhooks.error.redirect', params: { status } }));
          finish(done(status, { code: 'webhooks.error.http', params: { status } }));
        };
        response.on('end', answered);
        response.on('close', answered);
        response.on('error', answered);
      });
      request = sent;
      sent.on('error', (error: NodeJS.ErrnoException) => {
        // A kept connection the endpoint had closed: the request never reached it; once more on a new one.
        if (agent && sent.reusedSocket && !answeredAtAll && !settled && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) return send(false);
        if (error.code === PRIVATE_ADDRESS_CODE) finish(done(null, { code: 'webhooks.error.hostNotAllowed', params: {} }));
        else finish(done(null, { code: 'webhooks.error.unreachable', params: { error: error.code ?? error.message } }));
      });
      sent.end(delivery.body);
    };
    const timer = setTimeout(() => {
      finish(done(null, { code: 'webhooks.error.timeout', params: { seconds: Math.round(timeoutMs / 1000) } }));
      request?.destroy();
    }, timeoutMs);
    send(agentFor(url.protocol as 'http:' | 'https:', allowPrivate, delivery.lane ?? 'fast'));
  });
}
