// Standard Webhooks signatures (https://www.standardwebhooks.com): a secret `whsec_<base64 key>`, and
// per delivery `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`, several
// signatures space-separated (the current and, during a rotation's overlap, the previous secret's).
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** Random bytes of a secret (the spec asks for 24 to 64). */
export const SECRET_BYTES = 32;

export function newSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key of a secret: the base64 after `whsec_`. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** One `v1,<base64>` signature of a message. */
export function sign(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The webhook-signature header: one signature per secret, space-separated. */
export function signatureHeader(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => sign(secret, messageId, timestampSeconds, body)).join(' ');
}

/**
 * The webhook-id of one event to one endpoint: derived from both, so a redelivered event makes the
 * same message (never a second one), and the same id rides on every retry.
 */
export function messageIdFor(eventId: string, endpointId: string, eventType: string): string {
  return `msg_${createHash('sha256').update(`${eventId}\u0000${endpointId}\u0000${eventType}`).digest('base64url').slice(0, 32)}`;
}

/** A fresh webhook-id (the test delivery). */
export function randomMessageId(): string {
  return `msg_${randomBytes(24).toString('base64url')}`;
}

/** Shows which secret is in use without showing it: `whsec_` and the next 4 characters. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, SECRET_PREFIX.length + 4)}…`;
}
