// Where a task's "Back" link leads: to the property the task was opened from (its page's task list),
// else to the task list. The property page puts `fromProperty` in the link's history state, so
// that it also survives a reload of the task page.

/** History state of a link to a task opened from a property page. */
export interface TaskLinkState {
  fromProperty: string;
}

export const taskLinkState = (propertyId: string): TaskLinkState => ({ fromProperty: propertyId });

export type TaskBackLink = { to: string; label: 'back' } | { to: string; label: 'backToProperty' };

/** The back link for a task page reached with `state` (anything: history state is not ours to trust). */
export function taskBackLink(state: unknown, tasksPath: string): TaskBackLink {
  const from = state && typeof state === 'object' ? (state as Partial<TaskLinkState>).fromProperty : undefined;
  if (typeof from === 'string' && from.length > 0) return { to: `/properties/${encodeURIComponent(from)}#tasks`, label: 'backToProperty' };
  return { to: tasksPath, label: 'back' };
}
