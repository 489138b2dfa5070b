// s3rver does not check SigV4 signatures; S3 does, and the upload rules rest on them: a presigned
// PUT is signed with the object's Content-Type, Content-Length and pending tag, so S3 refuses a body
// of another size or type (functions/storage/photos.ts). This check runs in front of s3rver so that
// the local stand-in refuses the same requests: a query-signed (presigned) request whose signature
// does not match what it sends, or that has expired, answers 403 like S3.
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { LOCAL_CREDENTIALS } from './constants';

class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | Uint8Array) {
    this.hash = secret ? createHmac('sha256', secret) : createHash('sha256');
  }
  update(data: string | Uint8Array): void {
    this.hash.update(data);
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

export interface IncomingSigned {
  method: string;
  /** Path and query as sent (`/bucket/key?X-Amz-...`). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** Why S3 would refuse this presigned request, or undefined (not presigned, or valid). */
export async function presignedRequestProblem(request: IncomingSigned, now = new Date()): Promise<string | undefined> {
  const url = new URL(request.url, 'http://local');
  const query = url.searchParams;
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return undefined;
  const given = query.get('X-Amz-Signature') ?? '';
  const date = AMZ_DATE.exec(query.get('X-Amz-Date') ?? '');
  const expires = Number(query.get('X-Amz-Expires'));
  const [accessKeyId, , region, service] = (query.get('X-Amz-Credential') ?? '').split('/');
  if (!date || !Number.isFinite(expires) || !region || !service) return 'AuthorizationQueryParametersError';
  if (accessKeyId !== LOCAL_CREDENTIALS.accessKeyId) return 'InvalidAccessKeyId';
  const signingDate = new Date(Date.UTC(+date[1], +date[2] - 1, +date[3], +date[4], +date[5], +date[6]));
  if (now.getTime() > signingDate.getTime() + expires * 1000) return 'AccessDenied: Request has expired';

  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = request.headers[name];
    if (value === undefined) return `SignatureDoesNotMatch: the signed header ${name} is missing`;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // Every other parameter is part of what was signed; the X-Amz-* ones the signer adds again.
  const rest: Record<string, string> = {};
  for (const [name, value] of query) {
    if (/^X-Amz-Content-Sha256$/i.test(name)) headers[name] = value; // the payload hash (UNSIGNED-PAYLOAD), hoisted again by the signer
    else if (!/^X-Amz-(Algorithm|Credential|Date|Expires|SignedHeaders|Signature)$/.test(name)) rest[name] = value;
  }
  const signer = new SignatureV4({ credentials: LOCAL_CREDENTIALS, region, service, sha256: Sha256 as never, uriEscapePath: false, applyChecksum: false });
  const hostHeader = headers.host ?? String(request.headers.host ?? '');
  const [hostname, port] = hostHeader.split(':');
  const expected = await signer.presign(
    { method: request.method, protocol: 'http:', hostname, port: port ? Number(port) : undefined, path: url.pathname, query: rest, headers },
    { signingDate, expiresIn: expires, signableHeaders: new Set(signedHeaders), unhoistableHeaders: new Set(signedHeaders) },
  );
  const signature = (expected.query as Record<string, string>)['X-Amz-Signature'];
  return signature === given ? undefined : 'SignatureDoesNotMatch: the request does not match its signature (its size, type or tag differ from what was signed)';
}
