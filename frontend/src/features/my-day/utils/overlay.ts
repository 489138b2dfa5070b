// The day as the member sees it: the server's answer with what is still waiting on the phone laid
// over it (a start, a tick, a photo shows at once and stays through a reload while offline), and
// what the server refused kept beside its task.
import type { TaskBody } from '#shared/schemas';
import type { PhotoKind, QueuedAction } from '../../../lib/offline/types';
import type { MyDayTask } from '../api/get-my-tasks';

/** A photo taken on the phone and not yet on the server. */
export interface LocalPhoto {
  seq: number;
  blob: Blob;
  itemId?: string;
  kind?: PhotoKind;
}

export interface DayTask extends MyDayTask {
  /** Photos waiting on the phone (task photos and checklist proofs). */
  localPhotos: LocalPhoto[];
  /** Problem reports waiting on the phone. */
  problemsWaiting: number;
  /** Actions on this task still to be sent. */
  waiting: number;
  /** Actions the server refused (the office changed the task). */
  refused: QueuedAction[];
}

const countsOf = (checklist: NonNullable<MyDayTask['checklist']>) => ({
  ...checklist,
  totalItems: checklist.items.length,
  completedItems: checklist.items.filter((item) => item.isCompleted).length,
  openRequiredItems: checklist.items.filter((item) => item.required && !item.isCompleted).length,
});

/** Lays the queue over the server's tasks (pure; the queue is in order, oldest first). */
export function applyQueue(tasks: MyDayTask[], actions: QueuedAction[]): DayTask[] {
  return tasks.map((original) => {
    let task: DayTask = { ...original, localPhotos: [], problemsWaiting: 0, waiting: 0, refused: [] };
    for (const action of actions) {
      if (action.taskId !== task.id) continue;
      if (action.state !== 'waiting') {
        task.refused = [...task.refused, action];
        continue;
      }
      task.waiting += 1;
      const { payload } = action;
      if (payload.kind === 'status') {
        task = { ...task, status: payload.status, completedAt: payload.status === 'completed' ? action.createdAt : task.completedAt };
      } else if (payload.kind === 'tick' && task.checklist) {
        const items = task.checklist.items.map((item) => (item.id === payload.itemId ? { ...item, isCompleted: payload.isCompleted } : item));
        task = { ...task, checklist: countsOf({ ...task.checklist, items }) };
      } else if (payload.kind === 'photo') {
        task.localPhotos = [...task.localPhotos, { seq: action.seq ?? 0, blob: payload.photo, itemId: payload.itemId, kind: payload.photoKind }];
      } else if (payload.kind === 'problem') {
        task.problemsWaiting += 1;
      } else if (payload.kind === 'inspection') {
        // A recorded inspection is done (the server completes it with its result).
        task = { ...task, status: 'completed', completedAt: action.createdAt };
      }
    }
    return task;
  });
}

/** The whole task body as the server has it (staff send it unchanged, with the new status). */
export function taskBodyOf(task: MyDayTask): TaskBody {
  return {
    type: task.type,
    title: task.title,
    description: task.description ?? null,
    propertyId: task.propertyId,
    assignedUserId: task.assignedUserId ?? null,
    status: task.status,
    dueDate: task.dueDate ?? null,
  };
}
