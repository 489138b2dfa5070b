// Photo storage: presigned PUTs for uploads straight from the browser, presigned GETs to show them.
// The bucket is private; every key sits under the company's prefix (companies/<companyId>/...):
// task photos and checklist proof under tasks/<taskId>/, the company logo under logo/.
//
// In AWS, while work acts for a company, every call (and every presigned URL) is signed with that
// company's scoped credentials (functions/data/client.ts currentServiceClient): the tenant role admits
// only `companies/<that company>/`, and the function's session policy only its route's bucket needs
// (docs/tenant-fence.md). A URL signed with session credentials dies with them, so each `expiresIn`
// is cut to what remains of the credentials that signed it (cutToCredentials).
import type { GetObjectCommandInput, S3Client } from '@aws-sdk/client-s3';
import { MAX_LOGO_BYTES, LOGO_CONTENT_TYPES, MAX_PHOTO_BYTES, PHOTO_CONTENT_TYPES } from '#shared/schemas';
import type { MessageKey } from '#shared/messages';
import { BadRequestError } from '#functions/lib/errors';
import { requireEnv } from '#functions/lib/env';
import { logger } from '#functions/lib/logger';
import { onFirstUse } from '#functions/lib/on-first-use';
import { currentServiceClient } from '#functions/data/client';
import { UPLOAD_TAG } from '#functions/data/scoped-credentials';

export { MAX_PHOTO_BYTES, MAX_LOGO_BYTES };

const BUCKET = requireEnv('PHOTOS_BUCKET');
const lib = onFirstUse(async () => {
  const [client, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  return { ...client, getSignedUrl: presigner.getSignedUrl };
});

/** The SDK and the current work's S3 client: its company's (scoped credentials) while it acts for one, else the function's own. */
async function sdk() {
  const loaded = await lib();
  // Built once per company (and once for the function's own role), beside its DynamoDB clients.
  // Path-style addressing is configuration (the local S3 stand-in needs it), not a code branch.
  return currentServiceClient('s3', (credentials) => ({
    ...loaded,
    s3: new loaded.S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true', requestChecksumCalculation: 'WHEN_REQUIRED', credentials }),
  }));
}

/**
 * `seconds`, or less when the credentials `s3` signs with expire sooner after `from` (a presigned URL
 * is refused once they have: a company's session lasts at most an hour and is renewed 5 minutes before
 * it ends, so a URL is cut to at least what those 5 minutes leave). Credentials without an expiry
 * (locally, the function's own from the environment) leave it as it is.
 */
export async function cutToCredentials(s3: S3Client, seconds: number, from: number = Date.now()): Promise<number> {
  const { expiration } = await s3.config.credentials();
  if (!expiration) return seconds;
  return Math.max(1, Math.min(seconds, Math.floor((expiration.getTime() - from) / 1000)));
}

async function presignGet(input: Omit<GetObjectCommandInput, 'Bucket'>, options: { expiresIn: number; signingDate?: Date }): Promise<string> {
  const { s3, getSignedUrl, GetObjectCommand } = await sdk();
  const expiresIn = await cutToCredentials(s3, options.expiresIn, options.signingDate?.getTime());
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, ...input }), { ...options, expiresIn });
}

export const UPLOAD_URL_SECONDS = 300;
export const VIEW_URL_SECONDS = 900;

/** Everything of one company in the bucket. */
export const companyPrefix = (companyId: string) => `companies/${companyId}/`;
export const taskPhotoPrefix = (companyId: string, taskId: string) => `${companyPrefix(companyId)}tasks/${taskId}/`;
export const companyLogoPrefix = (companyId: string) => `${companyPrefix(companyId)}logo/`;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

/**
 * Every upload is tagged `upload=pending` until a route records it (markUploadKept); the bucket's
 * lifecycle expires pending objects after a day (infra/lib/constructs/storage.ts), so an abandoned
 * or refused upload does not stay. The uploader's IAM grant only allows puts with this tag.
 */
export const UPLOAD_TAG_KEY = UPLOAD_TAG.key;
export const PENDING_TAGGING = `${UPLOAD_TAG_KEY}=${UPLOAD_TAG.pending}`;

export interface PresignedUpload {
  uploadURL: string;
  key: string;
  /** The headers the PUT must send exactly as given (they are signed); the browser adds Content-Length. */
  headers: Record<string, string>;
}

/**
 * A presigned PUT for one new object under `prefix`. Content-Type, Content-Length and the pending
 * tag are signed headers, so the stored object has the declared type and exactly the declared size
 * (a larger or smaller body, another type or no tag: S3 refuses the signature). Keys are random
 * under the prefix the caller's company owns.
 */
export async function presignUploadUnder(prefix: string, contentType: string, size: number): Promise<PresignedUpload> {
  if (!Number.isSafeInteger(size) || size < 1) throw new Error(`presignUploadUnder: size must be a positive integer, got ${size}`);
  const key = `${prefix}${crypto.randomUUID()}.${EXTENSIONS[contentType] ?? 'img'}`;
  const { s3, getSignedUrl, PutObjectCommand } = await sdk();
  const uploadURL = await getSignedUrl(
    s3,
    new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: contentType, ContentLength: size, Tagging: PENDING_TAGGING }),
    {
      expiresIn: await cutToCredentials(s3, UPLOAD_URL_SECONDS),
      signableHeaders: new Set(['content-type', 'content-length']),
      // Kept as a header (not hoisted into the query, where S3 would ignore it) and signed.
      unhoistableHeaders: new Set(['x-amz-tagging']),
    },
  );
  return { uploadURL, key, headers: { 'content-type': contentType, 'x-amz-tagging': PENDING_TAGGING } };
}

/** A presigned PUT for a photo of a task. */
export async function presignUpload(companyId: string, taskId: string, contentType: string, size: number): Promise<PresignedUpload> {
  return presignUploadUnder(taskPhotoPrefix(companyId, taskId), contentType, size);
}

/** Takes an upload out of the pending lifecycle: the route recorded it. Idempotent. */
export async function markUploadKept(key: string): Promise<void> {
  const { s3, PutObjectTaggingCommand } = await sdk();
  await s3.send(new PutObjectTaggingCommand({ Bucket: BUCKET, Key: key, Tagging: { TagSet: [{ Key: UPLOAD_TAG_KEY, Value: UPLOAD_TAG.kept }] } }));
}

export async function presignView(key: string): Promise<string> {
  return presignGet({ Key: key }, { expiresIn: VIEW_URL_SECONDS });
}

/** How long one stable view URL is handed out (see presignStableView). */
export const STABLE_VIEW_WINDOW_SECONDS = 600;

/**
 * A presigned GET that stays the same URL for a 10-minute window (signed at the window's start,
 * valid VIEW_URL_SECONDS after its end) and lets the browser cache the image meanwhile: for what
 * every screen shows (the company logo), so re-reading the company does not download it again.
 * Signed with a company's session credentials, it is valid until they expire at the latest (and
 * changes with them: a new URL once per credential window, about an hour).
 */
export async function presignStableView(key: string, now = Date.now()): Promise<string> {
  const windowMs = STABLE_VIEW_WINDOW_SECONDS * 1000;
  const signingDate = new Date(Math.floor(now / windowMs) * windowMs);
  return presignGet(
    { Key: key, ResponseCacheControl: `private, max-age=${VIEW_URL_SECONDS}` },
    { expiresIn: STABLE_VIEW_WINDOW_SECONDS + VIEW_URL_SECONDS, signingDate },
  );
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
  const { s3, HeadObjectCommand } = await sdk();
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType };
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  }
}

/**
 * Deletes a replaced or removed company logo. Best effort: the company no longer points at it, so a
 * failure only leaves an orphan behind (logged). The bucket is versioned, so the image stays
 * recoverable for the noncurrent-version retention (30 days), then expires.
 */
export async function deleteLogoObject(companyId: string, key: string): Promise<void> {
  if (!key.startsWith(companyLogoPrefix(companyId))) return;
  const { s3, DeleteObjectCommand } = await sdk();
  try {
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
  } catch (error) {
    logger.warn('Could not delete a replaced logo', { key, error: error as Error });
  }
}

/** The first `count` bytes of an object (fewer when it is shorter). */
async function readHead(key: string, count: number): Promise<Uint8Array> {
  const { s3, GetObjectCommand } = await sdk();
  const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key, Range: `bytes=0-${count - 1}` }));
  const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
  return bytes.subarray(0, count);
}

/** HEIF brands (ISO/IEC 23008-12) a phone's HEIC or HEIF photo names in its `ftyp` box. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

/** Whether the bytes start the way a file of the content type does (PNG, JPEG, WebP, GIF, HEIC/HEIF). */
export function hasImageSignature(contentType: string, head: Uint8Array): boolean {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  switch (contentType) {
    case 'image/png':
      return starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return starts([0xff, 0xd8, 0xff]);
    case 'image/webp':
      return starts(ascii('RIFF')) && starts(ascii('WEBP'), 8);
    case 'image/gif':
      return starts(ascii('GIF87a')) || starts(ascii('GIF89a'));
    case 'image/heic':
    case 'image/heif':
      return starts(ascii('ftyp'), 4) && HEIF_BRANDS.has(String.fromCharCode(...head.subarray(8, 12)));
    default:
      return false;
  }
}

/** What an upload must be to be recorded, and the field and messages a refusal names. */
export interface UploadRules {
  maxBytes: number;
  /** The content types accepted; the object's first bytes must also match its type. */
  contentTypes: readonly string[];
  /** The body field the URL came in (where a refusal is reported). */
  field: string;
  messages: Record<'outsidePrefix' | 'notUploaded' | 'tooLarge' | 'notImage', MessageKey>;
}

/** Task photos and checklist proof: the image types the upload URL can be signed for, up to 10 MB. */
export const TASK_PHOTO_RULES: UploadRules = {
  maxBytes: MAX_PHOTO_BYTES,
  contentTypes: PHOTO_CONTENT_TYPES,
  field: 'photoURL',
  messages: { outsidePrefix: 'photos.outsidePrefix', notUploaded: 'photos.notUploaded', tooLarge: 'photos.tooLarge', notImage: 'photos.notImage' },
};

/**
 * The company logo: PNG, JPEG or WebP only, up to 2 MB, and the bytes must really be that image.
 * No SVG (it can carry script) and nothing the sidebar of every screen could not show as an image.
 */
export const LOGO_RULES: UploadRules = {
  maxBytes: MAX_LOGO_BYTES,
  contentTypes: LOGO_CONTENT_TYPES,
  field: 'logoURL',
  messages: { outsidePrefix: 'logo.outsidePrefix', notUploaded: 'logo.notUploaded', tooLarge: 'logo.tooLarge', notImage: 'logo.notImage' },
};

/**
 * The key of an object uploaded to our bucket under `prefix` that follows `rules`. Anything else
 * (another bucket or host, another company's or task's prefix, nothing uploaded, too large, not an
 * accepted image) is a 400 on `rules.field`, before anything is written.
 */
export async function requireUploadedObject(url: string, prefix: string, rules: UploadRules): Promise<string> {
  return requireUploadedKey(keyFromPhotoUrl(url), prefix, rules);
}

/** The same checks as requireUploadedObject, for an object key (or undefined: not one of ours). */
export async function requireUploadedKey(key: string | undefined, prefix: string, rules: UploadRules): Promise<string> {
  const refuse = (reason: keyof UploadRules['messages']) => new BadRequestError('error.badRequest', { [rules.field]: rules.messages[reason] });
  if (!key || !key.startsWith(prefix) || key.includes('..')) throw refuse('outsidePrefix');
  const object = await describeObject(key);
  if (!object) throw refuse('notUploaded');
  if (object.size > rules.maxBytes) throw refuse('tooLarge');
  const type = object.contentType?.split(';')[0].trim().toLowerCase();
  if (!type || !rules.contentTypes.includes(type)) throw refuse('notImage');
  // The content type is the uploader's word; the first bytes show what the file is.
  if (!hasImageSignature(type, await readHead(key, 12))) throw refuse('notImage');
  // Accepted: no longer pending (before the record is written: at worst an orphan, never a
  // recorded photo the lifecycle would expire).
  await markUploadKept(key);
  return key;
}
