import type { ChecklistItemView, TaskChecklist } from '../api/get-task-checklist';
import { changedItemOf, checklistChanges } from './checklist-changes';

const item = (id: string, extra: Partial<ChecklistItemView> = {}): ChecklistItemView => ({
  id,
  checklistId: 'c1',
  description: `Item ${id}`,
  required: true,
  position: 0,
  isCompleted: false,
  completedAt: null,
  completedBy: null,
  photoBeforeUrl: null,
  photoAfterUrl: null,
  photoBefore: null,
  photoAfter: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const list = (items: ChecklistItemView[], id = 'c1') => ({ id, items }) as TaskChecklist;
const photo = (key: string) => ({ key, url: `https://s3.test/${key}`, uploadedAt: '2026-01-01T00:00:00.000Z', uploadedBy: 'u2' });

describe('checklistChanges', () => {
  it('names each item someone else changed: ticks, new or replaced photos, items added or removed', () => {
    const shown = list([item('a'), item('b', { isCompleted: true }), item('c', { photoBefore: photo('k1') }), item('d'), item('e')]);
    const now = list([item('a', { isCompleted: true }), item('b'), item('c', { photoBefore: photo('k2'), photoAfter: photo('k3') }), item('d'), item('f')]);
    expect(checklistChanges(shown, now)).toEqual({
      replaced: false,
      items: [
        { itemId: 'a', description: 'Item a', kinds: ['ticked'] },
        { itemId: 'b', description: 'Item b', kinds: ['unticked'] },
        { itemId: 'c', description: 'Item c', kinds: ['photoBefore', 'photoAfter'] },
        { itemId: 'f', description: 'Item f', kinds: ['added'] },
        { itemId: 'e', description: 'Item e', kinds: ['removed'] },
      ],
    });
  });

  it('says the checklist was replaced when the task has another one, or none', () => {
    expect(checklistChanges(list([item('a')]), list([item('a')], 'c2'))).toEqual({ replaced: true, items: [] });
    expect(checklistChanges(list([item('a')]), null)).toEqual({ replaced: true, items: [] });
    expect(checklistChanges(list([item('a')]), list([item('a')]))).toEqual({ replaced: false, items: [] });
  });

  it('reads the changed item from a 409 body, and nothing from anything else', () => {
    expect(changedItemOf({ message: 'x', details: { item: item('a') } })?.id).toBe('a');
    expect(changedItemOf({ message: 'x' })).toBeUndefined();
    expect(changedItemOf(undefined)).toBeUndefined();
    expect(changedItemOf({ details: { item: { id: 3 } } })).toBeUndefined();
  });
});
