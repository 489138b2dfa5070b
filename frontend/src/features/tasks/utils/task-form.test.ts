// The task dialog's body: the "report a problem" switch (`issue`) travels only when a task is created.
import type { Task } from '#shared/schemas';
import { initialTaskForm, taskFormToBody, validateTaskForm } from './task-form';

const STORED: Task = {
  id: 'task-1',
  type: 'maintenance',
  title: 'Boiler',
  description: null,
  propertyId: 'property-1',
  reservationId: null,
  assignedUserId: 'staff-1',
  status: 'pending',
  dueDate: null,
  completedAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

describe('the task body', () => {
  it('reports an issue when a new task is created with the switch on', () => {
    const values = { ...initialTaskForm(undefined, { propertyId: 'property-1' }), title: 'Leak under the sink', issue: true };
    const result = validateTaskForm(taskFormToBody(values));
    expect(result).toMatchObject({ success: true, body: { title: 'Leak under the sink', issue: true } });
  });

  it('leaves `issue` out when the switch is off, and when a task is edited', () => {
    const created = taskFormToBody({ ...initialTaskForm(), title: 'Clean', propertyId: 'property-1' });
    expect(created).not.toHaveProperty('issue');
    const edited = taskFormToBody({ ...initialTaskForm(STORED), issue: true }, STORED);
    expect(edited).not.toHaveProperty('issue');
    const staff = taskFormToBody({ ...initialTaskForm(STORED), status: 'completed', issue: true }, STORED, true);
    expect(staff).toEqual({ type: 'maintenance', title: 'Boiler', description: null, propertyId: 'property-1', assignedUserId: 'staff-1', status: 'completed', dueDate: null });
  });

  it('names a message key for every failing field, also for the checks the schema words no message for', () => {
    const values = { ...initialTaskForm(undefined, { propertyId: 'property-1' }), title: '', assignedUserId: 'x'.repeat(65) };
    const result = validateTaskForm(taskFormToBody(values));
    expect(result).toEqual({ success: false, errors: { title: 'task.titleRequired', assignedUserId: 'validation.tooLong' } });
  });
});
