// The task photo upload widget (SPEC points 5, 7, 8 and 9): Uppy with its S3 plugin, built here
// without React or the app's request layer so that the limits can be checked in node
// (photo-upload.test.ts). Only PhotoUploadWidget imports it, and that component is loaded lazily:
// Uppy stays out of the initial bundle and out of the task screens' first load.
import Uppy, { type Body, type Meta, type UppyFile, type UppyOptions } from '@uppy/core';
import AwsS3, { type AwsBody } from '@uppy/aws-s3';
import { MAX_PHOTO_BYTES, PHOTO_CONTENT_TYPES, type TaskPhotoBody, type UploadRequestBody } from '#shared/schemas';
import { defaultSleep, UPLOAD_URL_RETRY_DELAYS, withoutQuery, withRetries } from '../../../lib/uploads';
import { pluralRulesFor } from '../../../lib/intl';

// The retry rules and URL helpers are shared with the company logo upload (src/lib/uploads.ts).
export { isRetryableStatus, UPLOAD_URL_RETRY_DELAYS, withoutQuery, withRetries } from '../../../lib/uploads';

/** SPEC point 5: at most 5 files of 10 MB (10485760 bytes) each; images only (the types the server signs). */
export const PHOTO_RESTRICTIONS = {
  maxNumberOfFiles: 5,
  maxFileSize: MAX_PHOTO_BYTES,
  allowedFileTypes: [...PHOTO_CONTENT_TYPES] as string[],
};

/** SPEC point 9: files uploading at the same time (also Uppy's own default). */
export const PHOTO_PARALLEL_UPLOADS = 6;

/** SPEC point 9: the widget's size on screens wide enough for it (Uppy's defaults too). */
export const PHOTO_DASHBOARD_SIZE = { width: 750, height: 550 } as const;

export type PhotoUppy = Uppy<Meta, AwsBody>;
export type UppyLocale = NonNullable<UppyOptions<Meta, Body>['locale']>;

// ---- Messages ----------------------------------------------------------------------------------

/**
 * Uppy's messages that this widget can show (core and Dashboard), translated in the tasks
 * catalogues under `tasks.photos.uppy.<Uppy's key>`. Plural ones have `_one` and `_other` forms.
 * `@uppy/locales` is not installed, and its Portuguese and Spanish would not follow our wording.
 */
export const UPPY_MESSAGE_KEYS = [
  // core
  'exceedsSize',
  'youCanOnlyUploadFileTypes',
  'noMoreFilesAllowed',
  'noDuplicates',
  'failedToUpload',
  'noInternetConnection',
  'connectedToInternet',
  'missingRequiredMetaFieldOnFile',
  'unnamed',
  'cancel',
  // Dashboard and its status bar
  'dashboardTitle',
  'addMoreFiles',
  'addingMoreFiles',
  'addMore',
  'back',
  'removeFile',
  'error',
  'dropHint',
  'dropPasteFiles',
  'browseFiles',
  'uploadComplete',
  'uploadPaused',
  'resumeUpload',
  'pauseUpload',
  'retryUpload',
  'cancelUpload',
  'uploading',
  'complete',
  'uploadFailed',
  'paused',
  'retry',
  'pause',
  'resume',
  'done',
  'upload',
  'dataUploadedOfTotal',
  'dataUploadedOfUnknown',
  'xTimeLeft',
  'showErrorDetails',
] as const;

export const UPPY_PLURAL_MESSAGE_KEYS = [
  'youCanOnlyUploadX',
  'addBulkFilesFailed',
  'xFilesSelected',
  'uploadingXFiles',
  'processingXFiles',
  'missingRequiredMetaFields',
  'filesUploadedOfTotal',
  'uploadXFiles',
  'uploadXNewFiles',
  'xMoreFilesAdded',
] as const;

/** Where the Uppy messages sit in the catalogues. */
export const UPPY_CATALOGUE_PREFIX = 'tasks.photos.uppy';

/**
 * The catalogues use i18next placeholders (`{{file}}`, plural `{{count}}`); Uppy fills `%{file}`
 * and `%{smart_count}`. Translating with these values turns one into the other.
 */
const UPPY_PLACEHOLDERS: Record<string, string> = Object.fromEntries(
  ['file', 'size', 'types', 'fileName', 'fields', 'browseFiles', 'complete', 'total', 'time'].map((name) => [name, `%{${name}}`]),
);

/** The part of i18next's `t` this needs (the app's `t` fits). */
export type Translate = (key: string, options: { count?: number; replace: Record<string, string> }) => string;

/** An Uppy locale in the interface language, from the catalogues. */
export function uppyLocale(t: Translate, language: string): UppyLocale {
  const rules = pluralRulesFor(language);
  const strings: UppyLocale['strings'] = {};
  for (const key of UPPY_MESSAGE_KEYS) strings[key] = t(`${UPPY_CATALOGUE_PREFIX}.${key}`, { replace: UPPY_PLACEHOLDERS });
  for (const key of UPPY_PLURAL_MESSAGE_KEYS) {
    const form = (count: number) =>
      t(`${UPPY_CATALOGUE_PREFIX}.${key}`, { count, replace: { ...UPPY_PLACEHOLDERS, count: '%{smart_count}' } });
    strings[key] = { 0: form(1), 1: form(2) };
  }
  // en, pt and es have two forms that matter here: one, and the rest.
  return { strings, pluralize: (count: number) => (rules.select(count) === 'one' ? 0 : 1) };
}

// ---- The instance ------------------------------------------------------------------------------

export interface PhotoBatchSummary {
  /** Photos uploaded and recorded against the task in this batch. */
  recorded: number;
  /** Why recording failed, one entry per photo that was uploaded but not recorded. */
  recordErrors: unknown[];
  /** Files whose upload URL could not be obtained in this batch. */
  uploadUrlErrors: number;
  /** Files that failed for any reason (the widget shows them with a retry button). */
  failed: number;
}

export interface PhotoUploadOptions {
  /** The task the photos belong to (it must exist: the upload URL is signed for it). */
  taskId: string;
  locale?: UppyLocale;
  /** POST /api/objects/upload. */
  requestUploadUrl: (body: UploadRequestBody) => Promise<{ uploadURL: string; headers?: Record<string, string> }>;
  /** PUT /api/task-photos; resolves with the task and its photos. */
  recordPhoto: (body: TaskPhotoBody) => Promise<unknown>;
  /** A file's upload URL could not be obtained (after the retries). */
  onUploadUrlError?: (error: unknown) => void;
  /** A photo was recorded; `result` is what recordPhoto resolved with. */
  onRecorded?: (result: unknown) => void;
  /** An upload batch has finished, recording included. */
  onBatchComplete?: (summary: PhotoBatchSummary) => void;
  /** The text shown on a file whose recording failed. */
  describeError?: (error: unknown) => string;
  /** For tests: the retry delays and the timer. */
  retryDelays?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The widget's Uppy: SPEC restrictions, manual start (the Dashboard's Upload button), simple PUTs
 * (no multipart) to URLs our API signs for the task, then each uploaded photo recorded against
 * the task. The Dashboard is added by the React component (`@uppy/react/dashboard`).
 */
export function createPhotoUppy(options: PhotoUploadOptions): PhotoUppy {
  const { taskId, requestUploadUrl, recordPhoto } = options;
  const delays = options.retryDelays ?? UPLOAD_URL_RETRY_DELAYS;
  const sleep = options.sleep ?? defaultSleep;
  const describeError = options.describeError ?? ((error: unknown) => (error instanceof Error ? error.message : String(error)));

  const uppy: PhotoUppy = new Uppy<Meta, AwsBody>({
    autoProceed: false,
    restrictions: PHOTO_RESTRICTIONS,
    ...(options.locale ? { locale: options.locale } : {}),
  });

  /** Per file id: the recording started when its upload succeeded. */
  const recordings = new Map<string, Promise<unknown>>();
  /** Per upload batch. */
  let uploadUrlErrors = 0;

  uppy.use(AwsS3<Meta, AwsBody>, {
    shouldUseMultipart: false,
    limit: PHOTO_PARALLEL_UPLOADS,
    // The requested key is only a handle back to the file; our API chooses the real one.
    generateObjectKey: (file: UppyFile<Meta, AwsBody>) => file.id,
    // Uppy 6's replacement for `getUploadParameters`: called once per file (no multipart).
    async signRequest(request) {
      if (request.method !== 'PUT' || 'uploadId' in request) throw new Error('Only single PUT uploads are used');
      const file = uppy.getFile(request.key);
      const contentType = file?.type || request.contentType || '';
      try {
        const { uploadURL, headers } = await withRetries(
          () => requestUploadUrl({ taskId, contentType: contentType as UploadRequestBody['contentType'], size: file?.size ?? undefined }),
          delays,
          sleep,
        );
        // The URL is signed for the content type, the size and the headers it came with: send exactly those.
        return { url: uploadURL, headers: { ...headers, 'content-type': contentType } };
      } catch (error) {
        uploadUrlErrors += 1;
        options.onUploadUrlError?.(error);
        // What Uppy shows on the file: the server's reason, not the raw response.
        throw new Error(describeError(error), { cause: error });
      }
    },
  });

  uppy.on('upload-success', (file, response) => {
    if (!file) return;
    const location = response.uploadURL ?? response.body?.location;
    if (!location) return;
    const recording = recordPhoto({ photoURL: withoutQuery(location), taskId });
    recording.then(options.onRecorded, () => undefined);
    recordings.set(file.id, recording);
  });

  // The batch is only complete once its photos are recorded: Uppy shows "Processing" meanwhile, and
  // a photo that could not be recorded counts as a failed upload.
  const recordErrorsByBatch = new Map<string, unknown[]>();
  uppy.addPostProcessor(async (fileIDs, uploadID) => {
    const errors: unknown[] = [];
    await Promise.all(
      fileIDs.map(async (id) => {
        const recording = recordings.get(id);
        if (!recording) return;
        recordings.delete(id);
        const file = uppy.getFile(id);
        if (file) uppy.emit('postprocess-progress', file, { mode: 'indeterminate' });
        try {
          await recording;
        } catch (error) {
          errors.push(error);
          // As an upload error: the file and the status bar show it failed, and Retry uploads it again.
          const failed = uppy.getFile(id);
          if (failed) uppy.emit('upload-error', failed, new Error(describeError(error)));
        }
        const done = uppy.getFile(id);
        if (done) uppy.emit('postprocess-complete', done);
      }),
    );
    recordErrorsByBatch.set(uploadID, errors);
  });

  const resetBatch = () => {
    uploadUrlErrors = 0;
  };
  uppy.on('upload', resetBatch);
  uppy.on('retry-all', resetBatch);

  uppy.on('complete', (result) => {
    const recordErrors = (result.uploadID && recordErrorsByBatch.get(result.uploadID)) || [];
    if (result.uploadID) recordErrorsByBatch.delete(result.uploadID);
    options.onBatchComplete?.({
      recorded: result.successful?.length ?? 0,
      recordErrors,
      uploadUrlErrors,
      failed: result.failed?.length ?? 0,
    });
  });

  return uppy;
}

// ---- One photo at once (a checklist item's before/after proof) ---------------------------------

/** Where a single-photo upload stopped. */
export type PhotoUploadStage = 'restriction' | 'uploadUrl' | 'upload' | 'record';

export class PhotoUploadError extends Error {
  override readonly name = 'PhotoUploadError';
  readonly stage: PhotoUploadStage;

  constructor(stage: PhotoUploadStage, message: string, cause?: unknown) {
    super(message, { cause });
    this.stage = stage;
  }
}

export type SinglePhotoUploadOptions = Pick<PhotoUploadOptions, 'taskId' | 'locale' | 'requestUploadUrl' | 'recordPhoto' | 'describeError' | 'retryDelays' | 'sleep'>;

/**
 * Uploads one photo straight away, without the Dashboard: a checklist item's before/after proof,
 * where a tap on a phone opens the camera or the gallery and the picture goes up as soon as it is
 * chosen. Built by the same factory as the widget, so the same restrictions apply (one file here),
 * the same signed PUT to the task's prefix and the same recording step (`recordPhoto` decides where
 * the photo is recorded). Resolves with what `recordPhoto` answered; rejects with a
 * PhotoUploadError naming the stage that failed, with the message to show.
 */
export async function uploadOnePhoto(file: File, options: SinglePhotoUploadOptions): Promise<unknown> {
  const describeError = options.describeError ?? ((error: unknown) => (error instanceof Error ? error.message : String(error)));
  let recorded: { result: unknown } | undefined;
  let uploadUrlError: unknown;
  let recordError: unknown;
  const uppy = createPhotoUppy({
    ...options,
    onUploadUrlError: (error) => (uploadUrlError = error),
    onRecorded: (result) => (recorded = { result }),
    onBatchComplete: (summary) => (recordError = summary.recordErrors[0]),
  });
  uppy.setOptions({ restrictions: { ...PHOTO_RESTRICTIONS, maxNumberOfFiles: 1 } });
  try {
    try {
      uppy.addFile({ name: file.name || 'photo', type: file.type, data: file, source: 'Local' });
    } catch (error) {
      throw new PhotoUploadError('restriction', error instanceof Error ? error.message : String(error), error);
    }
    let result: Awaited<ReturnType<PhotoUppy['upload']>>;
    try {
      result = await uppy.upload();
    } catch (error) {
      throw new PhotoUploadError('upload', describeError(error), error);
    }
    if (recorded) return recorded.result;
    if (uploadUrlError !== undefined) throw new PhotoUploadError('uploadUrl', describeError(uploadUrlError), uploadUrlError);
    if (recordError !== undefined) throw new PhotoUploadError('record', describeError(recordError), recordError);
    const failed = result?.failed?.[0]?.error;
    throw new PhotoUploadError('upload', typeof failed === 'string' && failed ? failed : 'Upload failed');
  } finally {
    uppy.destroy();
  }
}
