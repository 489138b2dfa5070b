// What a staff member does on a task while the signal may be gone, kept on the phone (IndexedDB)
// until the server has it. Each action carries its own Idempotency-Key, made when it is queued and
// sent with every attempt, so a retry after a lost answer is never applied twice (functions/lib/idempotency.ts).
import type { ProblemUrgency, TaskStatus } from '#shared/enums';
import type { TaskBody } from '#shared/schemas';

export type PhotoKind = 'before' | 'after';

/** Start or complete: the whole task body as the phone knew it (staff change only the status). */
export interface StatusAction {
  kind: 'status';
  status: Extract<TaskStatus, 'in_progress' | 'completed'>;
  body: TaskBody;
}

/** Tick or untick one checklist item. */
export interface TickAction {
  kind: 'tick';
  itemId: string;
  isCompleted: boolean;
  /** The item's text, to name the action on screen should the server refuse it. */
  itemLabel?: string;
}

/** One photo of the task, or a checklist item's before/after proof. */
export interface PhotoAction {
  kind: 'photo';
  photo: Blob;
  contentType: string;
  itemId?: string;
  photoKind?: PhotoKind;
  /** Set once the bytes are in storage (the URL without its query): a resumed send only records it. */
  uploadedUrl?: string;
}

/** A problem found on the task (becomes a work order), with its photos. */
export interface ProblemAction {
  kind: 'problem';
  description: string;
  urgency: ProblemUrgency;
  photos: Array<{ photo: Blob; contentType: string }>;
  /** The photos already in storage, in order (resume point). */
  uploadedUrls: string[];
}

/**
 * An inspection's result (issue 40): POST /api/tasks/{id}/inspection. A fail names the failed
 * checklist items and/or a note; the server reopens the cleaning and tells its cleaner.
 */
export interface InspectionAction {
  kind: 'inspection';
  passed: boolean;
  failedItemIds: string[];
  note: string | null;
}

export type ActionPayload = StatusAction | TickAction | PhotoAction | ProblemAction | InspectionAction;

/**
 * - waiting: not sent yet (or a try failed for want of signal / a server hiccup: it goes again);
 * - conflict: the server refused it because the task changed meanwhile (403, 404, 409, 410, 422):
 *   kept, shown with the server's reason, until the member tries again or lets it go;
 * - failed: refused as invalid (400): kept and shown too.
 */
export type ActionState = 'waiting' | 'conflict' | 'failed';

export interface QueuedAction<P extends ActionPayload = ActionPayload> {
  /** Queue order (IndexedDB auto-increment): actions are sent oldest first. */
  seq?: number;
  /** Whose action: only the signed-in member's actions are sent with their session. */
  userId: string;
  taskId: string;
  /** For the screen: which task, even once the task is gone from the member's list. */
  taskTitle: string;
  idempotencyKey: string;
  createdAt: string;
  state: ActionState;
  attempts: number;
  /** The server's answer when refused: status and message (already in the member's language). */
  error?: { status: number; message: string };
  payload: P;
}
