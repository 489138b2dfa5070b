// Photo storage: presigned PUTs for uploads straight from the browser, presigned GETs to show them.
// The bucket is private; every key sits under the company's prefix.
import { HeadObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MAX_PHOTO_BYTES } from '#shared/schemas';
import { requireEnv } from '#functions/lib/env';

export { MAX_PHOTO_BYTES };

const BUCKET = requireEnv('PHOTOS_BUCKET');
// Path-style addressing is configuration (the local S3 stand-in needs it), not a code branch.
const s3 = new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true', requestChecksumCalculation: 'WHEN_REQUIRED' });

export const UPLOAD_URL_SECONDS = 300;
export const VIEW_URL_SECONDS = 900;

export const taskPhotoPrefix = (companyId: string, taskId: string) => `companies/${companyId}/tasks/${taskId}/`;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

export async function presignUpload(companyId: string, taskId: string, contentType: string): Promise<{ uploadURL: string; key: string }> {
  const key = `${taskPhotoPrefix(companyId, taskId)}${crypto.randomUUID()}.${EXTENSIONS[contentType] ?? 'img'}`;
  const uploadURL = await getSignedUrl(s3, new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: contentType }), {
    expiresIn: UPLOAD_URL_SECONDS,
    signableHeaders: new Set(['content-type']),
  });
  return { uploadURL, key };
}

export async function presignView(key: string): Promise<string> {
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: key }), { expiresIn: VIEW_URL_SECONDS });
}

/** The object key a photo URL points at in our bucket (path-style or virtual-hosted), or undefined. */
export function keyFromPhotoUrl(photoURL: string): string | undefined {
  let url: URL;
  try {
    url = new URL(photoURL);
  } catch {
    return undefined;
  }
  const path = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  if (url.hostname.startsWith(`${BUCKET}.`)) return path;
  return path.startsWith(`${BUCKET}/`) ? path.slice(BUCKET.length + 1) : undefined;
}

/** Size and type of an uploaded object, or undefined when nothing was uploaded there. */
export async function describeObject(key: string): Promise<{ size: number; contentType?: string } | undefined> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType };
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  }
}
