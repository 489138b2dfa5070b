// The public feed's answer: text/calendar with a strong ETag (a hash of the file) and Last-Modified
// (when what it says last changed), 304 when the client's If-None-Match names the current ETag.
// Cache-Control `private, no-cache`: a client may keep the file but asks again on every poll (a cheap
// 304 while nothing changed), and no shared cache (CloudFront, a proxy) keeps a copy, so a revoked
// URL stops answering at once. If-Modified-Since is not honoured on its own: a cancelled stay leaves
// the file without moving any remaining date forward, which only the ETag sees.
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { HttpResult } from '#functions/lib/http';
import type { ExportFile } from './feeds';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

export const etagOf = (body: string): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** The entity tags an If-None-Match header lists (weak ones compared weakly, as RFC 9110 says for GET). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const header = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
};

export function calendarResponse(event: APIGatewayProxyEventV2, file: ExportFile, fileName: string): HttpResult {
  const etag = etagOf(file.body);
  const headers: Record<string, string> = {
    etag,
    'cache-control': 'private, no-cache',
    ...(file.lastModified ? { 'last-modified': new Date(file.lastModified).toUTCString() } : {}),
  };
  if (matchesIfNoneMatch(header(event, 'if-none-match'), etag)) return { statusCode: 304, headers, body: '' };
  return {
    statusCode: 200,
    headers: {
      ...headers,
      'content-type': CALENDAR_CONTENT_TYPE,
      'content-disposition': `inline; filename="${fileName}"`,
      'x-content-type-options': 'nosniff',
    },
    body: file.body,
  };
}
