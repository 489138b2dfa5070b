// The task dialog's body: the "report a problem" switch (`issue`) travels only when a task is created.
import type { Task } from '#shared/schemas';
import type { ResolverOptions } from 'react-hook-form';
import { schemaResolver } from '../../../lib/forms/schema-resolver';
import { initialTaskForm, taskFormSchema, taskFormToBody, type TaskFormValues } from './task-form';

/** The dialog's validation: the values and errors react-hook-form gets for the form's values. */
async function validate(values: TaskFormValues, original?: Task, statusOnly = false) {
  return schemaResolver(taskFormSchema(original, statusOnly))(values, undefined, { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<TaskFormValues>);
}

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
  it('reports an issue when a new task is created with the switch on', async () => {
    const values = { ...initialTaskForm(undefined, { propertyId: 'property-1' }), title: 'Leak under the sink', issue: true };
    const result = await validate(values);
    expect(result).toMatchObject({ errors: {}, values: { title: 'Leak under the sink', issue: true } });
  });

  it('leaves `issue` out when the switch is off, and when a task is edited', () => {
    const created = taskFormToBody({ ...initialTaskForm(), title: 'Clean', propertyId: 'property-1' });
    expect(created).not.toHaveProperty('issue');
    const edited = taskFormToBody({ ...initialTaskForm(STORED), issue: true }, STORED);
    expect(edited).not.toHaveProperty('issue');
    const staff = taskFormToBody({ ...initialTaskForm(STORED), status: 'completed', issue: true }, STORED, true);
    expect(staff).toEqual({ type: 'maintenance', title: 'Boiler', description: null, propertyId: 'property-1', assignedUserId: 'staff-1', status: 'completed', dueDate: null });
  });

  it('names a message key for every failing field, also for the checks the schema words no message for', async () => {
    const values = { ...initialTaskForm(undefined, { propertyId: 'property-1' }), title: '', assignedUserId: 'x'.repeat(65) };
    const result = await validate(values);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      title: { type: 'too_small', message: 'task.titleRequired', ref: undefined },
      assignedUserId: { type: 'too_big', message: 'validation.tooLong', ref: undefined },
    });
  });

  it('sends a staff member\'s status change with the rest as stored, whatever the other fields hold', async () => {
    const values = { ...initialTaskForm(STORED), title: '', status: 'completed' as const };
    const result = await validate(values, STORED, true);
    expect(result).toMatchObject({ errors: {}, values: { title: 'Boiler', status: 'completed', assignedUserId: 'staff-1' } });
  });
});

describe('a repair\'s estimated cost (issue 41 point 4)', () => {
  const maintenance = (estimatedCost: string) => ({ ...initialTaskForm(undefined, { propertyId: 'property-1' }), type: 'maintenance' as const, title: 'Water heater', estimatedCost });

  it('reads the amount as the interface writes it and sends integer cents; empty clears it', async () => {
    for (const [typed, cents] of [['450', 45000], ['1.250,50', 125050], ['US$ 1,250.50', 125050], ['0', 0], ['  ', null]] as const) {
      const result = await validate(maintenance(typed));
      expect(result).toMatchObject({ errors: {}, values: { type: 'maintenance', estimatedCost: cents } });
    }
  });

  it('refuses what is no amount or out of range, with a message key, and checks the other fields beside it', async () => {
    for (const [typed, message] of [['12,5,0', 'finance.amountUnreadable'], ['-10', 'task.estimatedCostInvalid'], ['123.456.789,00', 'finance.amountInvalid'], ['abc', 'finance.amountUnreadable']] as const) {
      const result = await validate({ ...maintenance(typed), title: '' });
      expect(result.values).toEqual({});
      expect(result.errors).toMatchObject({ estimatedCost: { message }, title: { message: 'task.titleRequired' } });
    }
  });

  it('is sent for maintenance only, and never by staff changing the status', () => {
    expect(taskFormToBody({ ...maintenance('99'), type: 'cleaning' })).not.toHaveProperty('estimatedCost');
    const stored = { ...STORED, estimatedCost: 45000 };
    expect(initialTaskForm(stored).estimatedCost).toBe('450.00');
    expect(taskFormToBody({ ...initialTaskForm(stored), status: 'in_progress', estimatedCost: '1' }, stored, true)).not.toHaveProperty('estimatedCost');
  });
});

describe('the due date, in the company\'s time zone', () => {
  const NY = 'America/New_York';
  const due = { ...STORED, dueDate: '2026-03-05T19:00:00.000Z' };

  it('shows a stored due date as the company\'s wall clock and reads one typed in the same way', () => {
    expect(initialTaskForm(due, {}, NY).dueDate).toBe('2026-03-05T14:00');
    expect(initialTaskForm(due, {}, 'Asia/Tokyo').dueDate).toBe('2026-03-06T04:00');
    const created = taskFormToBody({ ...initialTaskForm(), title: 'Deep clean oven', propertyId: 'property-1', dueDate: '2026-03-05T14:00' }, undefined, false, NY);
    expect(created.dueDate).toBe('2026-03-05T19:00:00.000Z');
    const inTokyo = taskFormToBody({ ...initialTaskForm(), title: 'Deep clean oven', propertyId: 'property-1', dueDate: '2026-03-05T14:00' }, undefined, false, 'Asia/Tokyo');
    expect(inTokyo.dueDate).toBe('2026-03-05T05:00:00.000Z');
  });

  it('keeps the stored instant when the due date is not touched, and moves it when it is', () => {
    const stored = { ...due, dueDate: '2026-03-05T19:00:42.123Z' };
    expect(taskFormToBody(initialTaskForm(stored, {}, NY), stored, false, NY).dueDate).toBe('2026-03-05T19:00:42.123Z');
    expect(taskFormToBody({ ...initialTaskForm(stored, {}, NY), dueDate: '2026-03-08T02:30' }, stored, false, NY).dueDate).toBe('2026-03-08T07:30:00.000Z');
  });

  it('passes through the schema as the instant the company\'s clock shows', async () => {
    const values = { ...initialTaskForm(undefined, { propertyId: 'property-1' }), title: 'Turnover', dueDate: '2026-07-01T14:00' };
    const result = await schemaResolver(taskFormSchema(undefined, false, NY))(values, undefined, { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<TaskFormValues>);
    expect(result).toMatchObject({ errors: {}, values: { dueDate: '2026-07-01T18:00:00.000Z' } });
  });
});
