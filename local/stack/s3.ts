import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import { PHOTOS_BUCKET } from './constants';

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
