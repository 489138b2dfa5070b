// Helpers for uploads straight to storage through URLs our API signs, shared by the task photo
// widget (features/tasks/utils/photo-upload.ts, with Uppy) and the company logo (a plain PUT).
// No Uppy here: importing this keeps Uppy out of the bundle that imports it.

/**
 * SPEC point 9: waits before each new attempt. Uppy 6's S3 plugin no longer takes retry delays for
 * its PUTs (it retries 5xx and 429 itself, 3 times with a short back-off), so these apply where we
 * make the call: asking our API for the upload URL. That call writes nothing, so trying again is safe.
 */
export const UPLOAD_URL_RETRY_DELAYS: readonly number[] = [0, 1000, 3000, 5000];

/** SPEC point 9: the statuses worth another attempt: 408, 409, 418, 423, 429 and 5xx but 501 and 505. */
export function isRetryableStatus(status: number): boolean {
  if ([408, 409, 418, 423, 429].includes(status)) return true;
  return status >= 500 && status < 600 && status !== 501 && status !== 505;
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Runs `request`, and again after each delay while it fails with a retryable status. */
export async function withRetries<T>(request: () => Promise<T>, delays: readonly number[], sleep = defaultSleep): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await request();
    } catch (error) {
      const status = statusOf(error);
      if (attempt >= delays.length || status === undefined || !isRetryableStatus(status)) throw error;
      await sleep(delays[attempt]);
    }
  }
}

/** `https://host/bucket/key?X-Amz-…` → `https://host/bucket/key`: what the API records. */
export function withoutQuery(url: string): string {
  const parsed = new URL(url);
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
}

/** A failed PUT to storage; `status` lets withRetries decide whether to try again. */
export class StorageUploadError extends Error {
  override readonly name = 'StorageUploadError';
  constructor(readonly status: number) {
    super(`Upload failed (${status})`);
  }
}

/**
 * PUTs one file to a presigned URL, with exactly the headers it was signed for: the content type,
 * and the `headers` the API answered with it (the pending-upload tag). Its size is signed too.
 */
export async function putToSignedUrl(uploadURL: string, file: Blob, contentType: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(uploadURL, { method: 'PUT', headers: { ...headers, 'content-type': contentType }, body: file });
  if (!response.ok) throw new StorageUploadError(response.status);
}
