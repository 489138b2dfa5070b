// The photo upload widget's limits (SPEC point 5), constants (point 9) and messages (point 8).
//
// The limits are checked on the real Uppy, built by the same factory and with the same catalogues
// as the app. Uppy 6 ships only as ES modules, which this Jest set-up does not transform (see
// `transformIgnorePatterns` in jest.config.js), so that part runs in a child Node process with the
// tsx loader. The helpers that do not need Uppy run here, with Uppy replaced by a stub.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { isRetryableStatus, uppyLocale, withoutQuery, withRetries, type Translate } from './photo-upload';

jest.mock('@uppy/core', () => ({ __esModule: true, default: class {} }));
jest.mock('@uppy/aws-s3', () => ({ __esModule: true, default: class {} }));

const MODULE = path.join(__dirname, 'photo-upload.ts');
const LOCALES = path.join(__dirname, '..', 'locales');
const REPO = path.resolve(__dirname, '../../../../..');
const MB10 = 10 * 1024 * 1024;

type Language = 'en' | 'pt' | 'es';
const catalogue = (language: Language) => JSON.parse(readFileSync(path.join(LOCALES, `${language}.json`), 'utf8')) as object;

interface FileSpec {
  name: string;
  type: string;
  size: number;
}

interface Outcome {
  /** Per file, in order: 'added' or the message Uppy refused it with. */
  results: string[];
  files: number;
  autoProceed: boolean;
  restrictions: { maxNumberOfFiles: number; maxFileSize: number; allowedFileTypes: string[] };
  s3: { shouldUseMultipart: unknown; limit: number };
}

/**
 * The child: one Node process for every case of this file (a process per case cost about 5 s each
 * on the 2-core CI machine), answering one scenario per line of its standard input with one line of
 * JSON. Each scenario builds its own Uppy (`add`: the widget's, in a language, the files added one
 * by one) or runs one photo through `uploadOnePhoto` (`one`: a checklist item's proof, up to the PUT).
 */
const CHILD = `
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import i18next from 'i18next';
const { module, locales } = JSON.parse(process.env.PHOTO_CHILD);
const { createPhotoUppy, uppyLocale, uploadOnePhoto, PhotoUploadError } = await import(module);
const read = (lng) => JSON.parse(readFileSync(locales + '/' + lng + '.json', 'utf8'));

async function add({ language, files }) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, fallbackLng: 'en', resources: { en: { translation: read('en') }, [language]: { translation: read(language) } }, interpolation: { escapeValue: false } });
  const uppy = createPhotoUppy({
    taskId: 'task-1',
    locale: uppyLocale((key, options) => i18n.t(key, options), language),
    requestUploadUrl: async () => ({ uploadURL: 'http://127.0.0.1/bucket/key' }),
    recordPhoto: async () => ({}),
  });
  const results = files.map((file) => {
    try {
      uppy.addFile({ name: file.name, type: file.type, data: new Blob([new Uint8Array(file.size)], { type: file.type }) });
      return 'added';
    } catch (error) {
      return error.message;
    }
  });
  const s3 = uppy.getPlugin('AwsS3').opts;
  const outcome = {
    results,
    files: uppy.getFiles().length,
    autoProceed: uppy.opts.autoProceed,
    restrictions: uppy.opts.restrictions,
    s3: { shouldUseMultipart: s3.shouldUseMultipart, limit: s3.limit },
  };
  uppy.destroy();
  return outcome;
}

async function one({ file, uploadUrlStatus }) {
  const asked = [];
  try {
    await uploadOnePhoto(new File([new Uint8Array(file.size)], file.name, { type: file.type }), {
      taskId: 'task-1',
      requestUploadUrl: async (body) => {
        asked.push(body);
        throw Object.assign(new Error(uploadUrlStatus + ': refused'), { status: uploadUrlStatus });
      },
      recordPhoto: async () => ({}),
      describeError: (error) => 'described: ' + error.message,
      retryDelays: [],
    });
    return { resolved: true, asked };
  } catch (error) {
    return { isPhotoUploadError: error instanceof PhotoUploadError, stage: error.stage, message: error.message, asked };
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const scenario = JSON.parse(line);
  let answer;
  try {
    answer = { outcome: await (scenario.kind === 'add' ? add(scenario) : one(scenario)) };
  } catch (error) {
    answer = { error: String(error && error.stack || error) };
  }
  process.stdout.write('SCENARIO ' + JSON.stringify(answer) + '\\n');
}
`;

/** The child, started on the first scenario and ended after the last test. */
let child: ChildProcess | undefined;
let childOutput = '';
let childErrors = '';
const waiting: Array<{ resolve: (answer: { outcome?: unknown; error?: string }) => void; reject: (error: Error) => void }> = [];

function startChild(): ChildProcess {
  const started = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    cwd: REPO,
    env: { ...process.env, PHOTO_CHILD: JSON.stringify({ module: MODULE, locales: LOCALES }) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    childOutput += chunk;
    for (let end = childOutput.indexOf('\n'); end >= 0; end = childOutput.indexOf('\n')) {
      const line = childOutput.slice(0, end);
      childOutput = childOutput.slice(end + 1);
      if (line.startsWith('SCENARIO ')) waiting.shift()?.resolve(JSON.parse(line.slice('SCENARIO '.length)) as { outcome?: unknown; error?: string });
    }
  });
  started.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    childErrors = (childErrors + chunk).slice(-4000);
  });
  started.once('exit', (code) => {
    child = undefined;
    for (const pending of waiting.splice(0)) pending.reject(new Error(`The Uppy child process exited (${code}):\n${childErrors}`));
  });
  return started;
}

async function inChild<T>(scenario: Record<string, unknown>): Promise<T> {
  child ??= startChild();
  const answer = await new Promise<{ outcome?: unknown; error?: string }>((resolve, reject) => {
    waiting.push({ resolve, reject });
    child!.stdin!.write(`${JSON.stringify(scenario)}\n`);
  });
  if (answer.error !== undefined) throw new Error(`The scenario failed in the Uppy child: ${answer.error}`);
  return answer.outcome as T;
}

afterAll(() => {
  child?.stdin?.end();
  child?.kill();
});

/** Builds the widget's Uppy in `language` (in the child) and adds the files one by one. */
const addFiles = (language: Language, files: FileSpec[]) => inChild<Outcome>({ kind: 'add', language, files });

const png = (name: string, size = 1024): FileSpec => ({ name, type: 'image/png', size });
const FIVE = [1, 2, 3, 4, 5].map((n) => png(`room-${n}.png`, 1000 + n));

// The child's start (tsx, Uppy) comes with the first case; the machine may be busy.
jest.setTimeout(90_000);

describe('the photo upload widget (real Uppy)', () => {
  it('takes five images and refuses a sixth with "You can only upload 5 files"', async () => {
    const outcome = await addFiles('en', [...FIVE, png('room-6.png', 1006)]);
    expect(outcome.results).toEqual(['added', 'added', 'added', 'added', 'added', 'You can only upload 5 files']);
    expect(outcome.files).toBe(5);
  });

  it('takes an image of exactly 10 MB and refuses one of 10 MB + 1 byte with the size message', async () => {
    const outcome = await addFiles('en', [png('exact.png', MB10), png('too-big.png', MB10 + 1)]);
    expect(outcome.results).toEqual(['added', 'too-big.png exceeds maximum allowed size of 10 MB']);
  });

  it('refuses a PDF, naming the image types it takes', async () => {
    const outcome = await addFiles('en', [{ name: 'invoice.pdf', type: 'application/pdf', size: 2048 }]);
    expect(outcome.results).toEqual(['You can only upload: image/jpeg, image/png, image/webp, image/gif, image/heic, image/heif']);
    expect(outcome.files).toBe(0);
  });

  it('takes every image type the server signs (JPEG, PNG, WebP, GIF, HEIC)', async () => {
    const types = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic'];
    const outcome = await addFiles('en', types.map((type, n) => ({ name: `photo-${n}.${type.split('/')[1]}`, type, size: 100 + n })));
    expect(outcome.results).toEqual(types.map(() => 'added'));
  });

  it('waits for the Upload button, sends one PUT per file (no multipart) and 6 files at a time', async () => {
    const outcome = await addFiles('en', []);
    expect(outcome.autoProceed).toBe(false);
    expect(outcome.s3).toEqual({ shouldUseMultipart: false, limit: 6 });
    expect(outcome.restrictions).toMatchObject({ maxNumberOfFiles: 5, maxFileSize: 10485760 });
  });

  it('refuses in Portuguese when the interface is in Portuguese', async () => {
    const outcome = await addFiles('pt', [...FIVE, png('quarto-6.png', 1006), png('grande.png', MB10 + 1)]);
    expect(outcome.results.slice(5)).toEqual(['Você só pode enviar 5 arquivos', 'grande.png excede o tamanho máximo permitido de 10 MB']);
  });

  it('refuses in Spanish when the interface is in Spanish', async () => {
    const outcome = await addFiles('es', [...FIVE, png('cuarto-6.png', 1006), { name: 'factura.pdf', type: 'application/pdf', size: 10 }]);
    expect(outcome.results.slice(5)).toEqual(['Solo puedes subir 5 archivos', 'Solo puedes subir: image/jpeg, image/png, image/webp, image/gif, image/heic, image/heif']);
  });
});

/** One photo through `uploadOnePhoto` (in the child), the upload URL refused with `uploadUrlStatus`. */
const uploadOne = (file: FileSpec, uploadUrlStatus = 400) =>
  inChild<{ resolved?: boolean; isPhotoUploadError?: boolean; stage?: string; message?: string; asked: unknown[] }>({ kind: 'one', file, uploadUrlStatus });

describe('one photo at once (a checklist item\'s before/after proof, real Uppy)', () => {
  it('refuses a file that is not an image before asking for an upload URL', async () => {
    const outcome = await uploadOne({ name: 'invoice.pdf', type: 'application/pdf', size: 2048 });
    expect(outcome).toMatchObject({ isPhotoUploadError: true, stage: 'restriction', asked: [] });
    expect(outcome.message).toBe('You can only upload: image/jpeg, image/png, image/webp, image/gif, image/heic, image/heif');
  });

  it('asks for the upload URL of the task with the type and size, and says why when it is refused', async () => {
    const outcome = await uploadOne(png('before.png', 4096));
    expect(outcome.asked).toEqual([{ taskId: 'task-1', contentType: 'image/png', size: 4096 }]);
    expect(outcome).toMatchObject({ isPhotoUploadError: true, stage: 'uploadUrl', message: 'described: 400: refused' });
  });
});

describe('the Uppy locale built from the catalogues', () => {
  async function localeFor(language: Language) {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: language,
      fallbackLng: 'en',
      resources: { en: { translation: catalogue('en') }, [language]: { translation: catalogue(language) } },
      interpolation: { escapeValue: false },
    });
    const t: Translate = (key, options) => i18n.t(key, options);
    return uppyLocale(t, language);
  }

  it.each([
    ['en', 'Failed to upload %{file}', { 0: 'You can only upload %{smart_count} file', 1: 'You can only upload %{smart_count} files' }],
    ['pt', 'Falha ao enviar %{file}', { 0: 'Você só pode enviar %{smart_count} arquivo', 1: 'Você só pode enviar %{smart_count} arquivos' }],
    ['es', 'No se pudo subir %{file}', { 0: 'Solo puedes subir %{smart_count} archivo', 1: 'Solo puedes subir %{smart_count} archivos' }],
  ] as const)('gives Uppy its placeholders in %s', async (language, failedToUpload, youCanOnlyUploadX) => {
    const locale = await localeFor(language);
    expect(locale.strings.failedToUpload).toBe(failedToUpload);
    expect(locale.strings.youCanOnlyUploadX).toEqual(youCanOnlyUploadX);
  });

  it('has the SPEC point 8 messages in English', async () => {
    const { strings } = await localeFor('en');
    expect(strings.exceedsSize).toBe('%{file} exceeds maximum allowed size of %{size}');
    expect(strings.youCanOnlyUploadFileTypes).toBe('You can only upload: %{types}');
    expect(strings.noDuplicates).toBe("Cannot add the duplicate file '%{fileName}', it already exists");
    expect(strings.missingRequiredMetaFields).toEqual({ 0: 'Missing required meta field: %{fields}.', 1: 'Missing required meta fields: %{fields}.' });
    expect(strings.noInternetConnection).toBe('No Internet connection');
  });

  it('picks the singular form for one file only', async () => {
    const { pluralize } = await localeFor('en');
    expect([pluralize(1), pluralize(2), pluralize(5)]).toEqual([0, 1, 1]);
  });
});

describe('asking for the upload URL again', () => {
  const failing = (status: number) => Object.assign(new Error(`${status}`), { status });

  it('tries again after 0, 1000, 3000 and 5000 ms while the API answers a retryable status', async () => {
    const waits: number[] = [];
    const request = jest.fn().mockRejectedValue(failing(503));
    await expect(withRetries(request, [0, 1000, 3000, 5000], async (ms) => void waits.push(ms))).rejects.toThrow('503');
    expect(waits).toEqual([0, 1000, 3000, 5000]);
    expect(request).toHaveBeenCalledTimes(5);
  });

  it('does not try again after a 400 or a 404 (not an image, not our task)', async () => {
    const request = jest.fn().mockRejectedValue(failing(404));
    await expect(withRetries(request, [0, 1000], async () => undefined)).rejects.toThrow('404');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('resolves with the first answer that succeeds', async () => {
    const request = jest.fn().mockRejectedValueOnce(failing(429)).mockResolvedValue({ uploadURL: 'u' });
    await expect(withRetries(request, [0, 1000], async () => undefined)).resolves.toEqual({ uploadURL: 'u' });
  });

  it('retries 408, 409, 418, 423, 429 and 5xx except 501 and 505', () => {
    const retried = [400, 401, 403, 404, 408, 409, 418, 423, 429, 500, 501, 502, 503, 504, 505, 599].filter(isRetryableStatus);
    expect(retried).toEqual([408, 409, 418, 423, 429, 500, 502, 503, 504, 599]);
  });
});

it('records the photo under the upload URL without its signature', () => {
  const signed = 'http://127.0.0.1:4569/rentalops-photos-local/companies/c/tasks/t/p.png?X-Amz-Signature=abc&X-Amz-Expires=300';
  expect(withoutQuery(signed)).toBe('http://127.0.0.1:4569/rentalops-photos-local/companies/c/tasks/t/p.png');
});
