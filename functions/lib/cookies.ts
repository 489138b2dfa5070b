import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SESSION_TTL_SECONDS } from '#functions/data/repositories/sessions';

export const SESSION_COOKIE = 'rentalops_sid';

/** API Gateway v2 passes cookies as an array of `name=value` strings. */
export function readCookie(event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>, name: string): string | undefined {
  const all = event.cookies ?? (event.headers?.cookie ? event.headers.cookie.split(/;\s*/) : []);
  for (const cookie of all) {
    const index = cookie.indexOf('=');
    if (index > 0 && cookie.slice(0, index).trim() === name) return decodeURIComponent(cookie.slice(index + 1).trim());
  }
  return undefined;
}

function secureAttribute(): string {
  // Secure in AWS (https); the local stack serves plain http on localhost.
  return process.env.COOKIE_SECURE === 'false' ? '' : '; Secure';
}

export function serializeCookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secureAttribute()}`;
}

export function sessionCookie(sid: string): string {
  return serializeCookie(SESSION_COOKIE, sid, SESSION_TTL_SECONDS);
}

export function clearedCookie(name: string): string {
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureAttribute()}`;
}
