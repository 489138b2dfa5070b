// The counts a checklist shows while a tick is optimistic (before the server answers).
import { withCounts, type ChecklistItemView, type TaskChecklist } from './get-task-checklist';

describe('a checklist shown with an optimistic tick', () => {
  const item = (id: string, required: boolean, isCompleted: boolean): ChecklistItemView => ({
    id,
    checklistId: 'c',
    description: id,
    required,
    position: 0,
    isCompleted,
    completedAt: null,
    completedBy: null,
    photoBeforeUrl: null,
    photoAfterUrl: null,
    photoBefore: null,
    photoAfter: null,
    createdAt: '',
    updatedAt: '',
  });
  const checklist = { id: 'c', taskId: 'task-1', propertyId: 'p', status: 'pending', notes: null, source: 'template', createdAt: '', updatedAt: '' } as unknown as TaskChecklist;

  it('counts done, required and open required items from the items, as the server does', () => {
    const items = [item('a', true, true), item('b', true, false), item('c', false, true)];
    expect(withCounts(checklist, items)).toMatchObject({ totalItems: 3, completedItems: 2, requiredItems: 2, openRequiredItems: 1, status: 'in_progress' });
    expect(withCounts(checklist, items.map((entry) => ({ ...entry, isCompleted: true })))).toMatchObject({ openRequiredItems: 0, status: 'completed' });
    expect(withCounts(checklist, items.map((entry) => ({ ...entry, isCompleted: false })))).toMatchObject({ completedItems: 0, status: 'pending' });
  });
});
