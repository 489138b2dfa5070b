// Sends one queued action to the API: the same routes the screens use, with the action's
// Idempotency-Key on the request that changes something, and every answer sorted into what the
// queue does next (send the next one, wait for the signal, or keep the action and say why).
import { withoutQuery } from '../uploads';
import type { PhotoAction, ProblemAction, QueuedAction } from './types';

/**
 * - offline: no answer at all (no signal): try again later, the action stays as it is;
 * - retry: the server could not take it now (408, 425, 429, 5xx, a send of the same key still running);
 * - signedOut: 401, the session ended: nothing is sent until the member signs in again;
 * - conflict: the task changed meanwhile (403 not theirs any more, 404 gone, 409 cancelled/done/moved, 410, 422);
 * - failed: the server refuses the action itself (400).
 */
export type SendOutcome = 'offline' | 'retry' | 'signedOut' | 'conflict' | 'failed';

export class SendError extends Error {
  override readonly name = 'SendError';
  constructor(
    readonly outcome: SendOutcome,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Transport {
  fetch: typeof fetch;
  /** The Accept-Language of the requests (server messages come back in it). */
  language: () => string;
}

/** What an HTTP status means for a queued action (see SendOutcome). */
export function outcomeOf(status: number, code?: string): SendOutcome {
  if (status === 401) return 'signedOut';
  // The same action's first send is still running on the server (the signal came back mid-send).
  if (status === 409 && code === IN_PROGRESS_CODE) return 'retry';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  if (status === 403 || status === 404 || status === 409 || status === 410 || status === 422) return 'conflict';
  return 'failed';
}

/** The `code` of the server's 409 for a key whose first request is still running (functions/lib/idempotency.ts). */
export const IN_PROGRESS_CODE = 'idempotency_in_progress';

/** The error body's message (in the member's language) and code. */
function errorOf(text: string, statusText: string): { message: string; code?: string } {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    const code = typeof body?.code === 'string' ? body.code : undefined;
    if (typeof body?.message === 'string' && body.message) return { message: body.message, code };
    return { message: text.slice(0, 300) || statusText, code };
  } catch {
    // not JSON
  }
  return { message: text.slice(0, 300) || statusText };
}

interface Sent {
  idempotencyKey?: string;
  /**
   * When the member did it (the action's createdAt). Sent as its age in seconds by this phone's clock
   * (Action-Age), so a phone whose clock is wrong still gives the right time; the server keeps it for
   * a start, a completion or a tick.
   */
  occurredAt?: string;
}

/** Whole seconds since `at` by this device's clock (0 for a time ahead of it). */
const ageOf = (at: string): number => Math.max(0, Math.floor((Date.now() - Date.parse(at)) / 1000)) || 0;

async function call<T>(transport: Transport, method: string, url: string, body: unknown, sent: Sent = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': transport.language(), 'Content-Type': 'application/json' };
  if (sent.idempotencyKey) headers['Idempotency-Key'] = sent.idempotencyKey;
  if (sent.occurredAt) headers['Action-Age'] = String(ageOf(sent.occurredAt));
  let response: Response;
  try {
    response = await transport.fetch(url, { method, headers, body: JSON.stringify(body), credentials: 'include' });
  } catch (error) {
    throw new SendError('offline', 0, error instanceof Error ? error.message : String(error));
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const { message, code } = errorOf(text, response.statusText);
    throw new SendError(outcomeOf(response.status, code), response.status, message);
  }
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    return undefined as T;
  }
}

const taskUrl = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}`;
const itemUrl = (taskId: string, itemId: string) => `${taskUrl(taskId)}/checklist/items/${encodeURIComponent(itemId)}`;

/**
 * Puts one photo in storage: a presigned PUT for the task (POST /api/objects/upload writes nothing,
 * so it needs no key), then the bytes. Resolves with the object's URL without its query.
 */
async function store(transport: Transport, taskId: string, photo: Blob, contentType: string): Promise<string> {
  const { uploadURL, headers } = await call<{ uploadURL: string; headers?: Record<string, string> }>(transport, 'POST', '/api/objects/upload', { taskId, contentType, size: photo.size });
  let response: Response;
  try {
    // Signed headers (the pending-upload tag) as given, and the content type.
    response = await transport.fetch(uploadURL, { method: 'PUT', headers: { ...headers, 'content-type': contentType }, body: photo });
  } catch (error) {
    throw new SendError('offline', 0, error instanceof Error ? error.message : String(error));
  }
  // A refused PUT (an expired signature after a long pause, a storage hiccup): ask for a new URL next time.
  if (!response.ok) throw new SendError('retry', response.status, `Upload failed (${response.status})`);
  return withoutQuery(uploadURL);
}

async function sendPhoto(transport: Transport, action: QueuedAction<PhotoAction>, save: (action: QueuedAction) => Promise<void>): Promise<void> {
  const { payload } = action;
  if (!payload.uploadedUrl) {
    payload.uploadedUrl = await store(transport, action.taskId, payload.photo, payload.contentType);
    await save(action); // resume here after an interruption: the bytes are not sent again
  }
  if (payload.itemId) {
    await call(transport, 'PUT', `${itemUrl(action.taskId, payload.itemId)}/photo`, { kind: payload.photoKind ?? 'after', photoURL: payload.uploadedUrl }, { idempotencyKey: action.idempotencyKey });
  } else {
    await call(transport, 'PUT', '/api/task-photos', { photoURL: payload.uploadedUrl, taskId: action.taskId }, { idempotencyKey: action.idempotencyKey });
  }
}

async function sendProblem(transport: Transport, action: QueuedAction<ProblemAction>, save: (action: QueuedAction) => Promise<void>): Promise<void> {
  const { payload } = action;
  while (payload.uploadedUrls.length < payload.photos.length) {
    const { photo, contentType } = payload.photos[payload.uploadedUrls.length];
    payload.uploadedUrls.push(await store(transport, action.taskId, photo, contentType));
    await save(action);
  }
  await call(
    transport,
    'POST',
    `${taskUrl(action.taskId)}/problems`,
    { description: payload.description, urgency: payload.urgency, photoKeys: payload.uploadedUrls },
    { idempotencyKey: action.idempotencyKey },
  );
}

/**
 * Sends `action`; resolves once the server has it, rejects with a SendError. `save` keeps a resume
 * point (a photo already in storage) in the queue.
 */
export async function sendAction(transport: Transport, action: QueuedAction, save: (action: QueuedAction) => Promise<void>): Promise<void> {
  const { payload } = action;
  const sent = { idempotencyKey: action.idempotencyKey, occurredAt: action.createdAt };
  switch (payload.kind) {
    case 'status':
      await call(transport, 'PUT', taskUrl(action.taskId), { ...payload.body, status: payload.status }, sent);
      return;
    case 'tick':
      await call(transport, 'PUT', itemUrl(action.taskId, payload.itemId), { isCompleted: payload.isCompleted }, sent);
      return;
    case 'photo':
      await sendPhoto(transport, action as QueuedAction<PhotoAction>, save);
      return;
    case 'problem':
      await sendProblem(transport, action as QueuedAction<ProblemAction>, save);
      return;
    case 'inspection':
      await call(transport, 'POST', `${taskUrl(action.taskId)}/inspection`, { passed: payload.passed, failedItemIds: payload.failedItemIds, note: payload.note }, sent);
      return;
  }
}
