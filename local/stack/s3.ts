import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import { PHOTOS_BUCKET } from './constants';
import { presignedRequestProblem } from './s3-signature';

/**
 * The browser PUTs photos straight to presigned URLs (and reads them back with GET), from the
 * dev server's origin, so the bucket needs CORS. ETag is exposed for upload widgets that read it.
 */
export const PHOTOS_CORS_XML = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

interface KoaContext {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
  set(name: string, value: string): void;
}

async function verifyPresignedSignature(ctx: KoaContext, next: () => Promise<void>): Promise<void> {
  if (ctx.method === 'OPTIONS') return next();
  const problem = await presignedRequestProblem({ method: ctx.method, url: ctx.url, headers: ctx.headers });
  if (!problem) return next();
  const [code, ...message] = problem.split(': ');
  ctx.status = 403;
  ctx.type = 'application/xml';
  // The bucket's CORS allows every origin locally: the browser sees the refusal, not a CORS error.
  if (ctx.headers.origin) ctx.set('Access-Control-Allow-Origin', '*');
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.join(': ') || code}</Message></Error>`;
}

export interface RunningS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/** s3rver, in this process, bound to 127.0.0.1. Path-style only. */
export async function startS3(options: { port: number; directory: string }): Promise<RunningS3> {
  await mkdir(options.directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory: path.resolve(options.directory),
    silent: true,
    configureBuckets: [{ name: PHOTOS_BUCKET, configs: [PHOTOS_CORS_XML] }],
  });
  // First, before s3rver's own handling: presigned requests must match their signature, as in S3
  // (a presigned upload is signed with its size, type and pending tag).
  (server as unknown as { middleware: unknown[] }).middleware.unshift(verifyPresignedSignature);
  try {
    await server.run();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`S3 stand-in (s3rver) could not start on 127.0.0.1:${options.port}: ${code ?? (error as Error).message}`);
  }
  let stopped = false;
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      // SDK clients keep sockets alive; without this, close() waits for them to time out.
      server.httpServer?.closeAllConnections();
      await server.close().catch(() => undefined);
    },
  };
}
