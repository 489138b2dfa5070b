// What the OpenAPI document says of each public API operation beyond the route table (method, path,
// who may call it) and the handler's own request schemas: its name, summary, tag, the schema of its
// success answer and an example. One entry per `apiKey` route, by handler name; the contract test
// (functions/lib/openapi.test.ts) fails for a route without one, and checks every answer
// against the schema given here.
import type { ZodMiniType } from 'zod/mini';
import { pageOf, publicTaskAssignBody, publicTaskCompleteBody, publicTaskCreateBody, publicTaskListQuery, publicTaskPatchBody, taskSchema } from './schemas';

export interface OperationDoc {
  operationId: string;
  summary: string;
  description?: string;
  tag: 'Tasks' | 'Reservations' | 'Properties' | 'Team' | 'Checklists' | 'Owner statements';
  /** The query and body schemas: the very objects the handler validates with (the contract test checks they are the same). */
  query?: ZodMiniType;
  body?: ZodMiniType;
  /** The success answer's status and schema. */
  status: 200 | 201;
  response: ZodMiniType;
  /** A request body example (writes) and a response example: shown in the reference, and checked against their schemas by the contract test. */
  requestExample?: unknown;
  responseExample: unknown;
}

/**
 * The ids the examples use. The contract test calls every operation with its examples, each of
 * these replaced by a real id of the same kind, so every example must name ids from here.
 */
export const EXAMPLE_IDS = {
  task: '01JEXAMPLETASK000000000000',
  property: '01JEXAMPLEPROPERTY00000000',
  reservation: '01JEXAMPLERESERVATION00000',
  member: '0b6c4f7e-2f6d-4f43-9a8e-6f0f1f1f1f1f',
} as const;

const at = '2026-12-07T10:00:00.000Z';
const exampleTask = {
  id: EXAMPLE_IDS.task,
  type: 'cleaning',
  title: 'Turnover cleaning',
  description: 'Guests leave at 11:00; next check-in at 16:00.',
  propertyId: EXAMPLE_IDS.property,
  reservationId: EXAMPLE_IDS.reservation,
  assignedUserId: EXAMPLE_IDS.member,
  status: 'pending',
  dueDate: '2026-12-08T11:00:00.000Z',
  completedAt: null,
  checklistId: null,
  startedAt: null,
  actualMinutes: null,
  createdAt: at,
  updatedAt: at,
};

/** Operations by handler name (functions/routes.ts). */
export const OPERATIONS: Record<string, OperationDoc> = {
  'v1-list-tasks': {
    operationId: 'listTasks',
    summary: 'List tasks',
    description: 'Newest first. Filter by status, type, property, assignee, and `updatedSince` to keep a copy in step. A page may hold fewer than `limit` tasks when filters leave some out: follow `nextCursor` until it is null.',
    tag: 'Tasks',
    query: publicTaskListQuery,
    status: 200,
    response: pageOf(taskSchema),
    responseExample: { data: [exampleTask], nextCursor: null },
  },
  'v1-get-task': { operationId: 'getTask', summary: 'Get a task', tag: 'Tasks', status: 200, response: taskSchema, responseExample: exampleTask },
  'v1-create-task': {
    operationId: 'createTask',
    summary: 'Create a task',
    description: 'Send an `Idempotency-Key` header to retry safely: the same key within 24 hours answers the first answer and creates nothing new.',
    tag: 'Tasks',
    body: publicTaskCreateBody,
    status: 201,
    response: taskSchema,
    requestExample: { type: 'maintenance', title: 'Fix the terrace door', propertyId: exampleTask.propertyId, dueDate: '2026-12-09T09:00:00.000Z' },
    responseExample: { ...exampleTask, type: 'maintenance', title: 'Fix the terrace door', reservationId: null, assignedUserId: null, dueDate: '2026-12-09T09:00:00.000Z' },
  },
  'v1-update-task': {
    operationId: 'updateTask',
    summary: 'Change a task',
    description: 'Only the fields sent change. To assign or complete, use the dedicated operations.',
    tag: 'Tasks',
    body: publicTaskPatchBody,
    status: 200,
    response: taskSchema,
    requestExample: { title: 'Deep cleaning', dueDate: '2026-12-08T12:00:00.000Z' },
    responseExample: { ...exampleTask, title: 'Deep cleaning', dueDate: '2026-12-08T12:00:00.000Z' },
  },
  'v1-assign-task': {
    operationId: 'assignTask',
    summary: 'Assign a task',
    description: 'A team member\'s id (GET /api/v1/team), or null to take the assignee off. The member is told as in the app.',
    tag: 'Tasks',
    body: publicTaskAssignBody,
    status: 200,
    response: taskSchema,
    requestExample: { assigneeId: exampleTask.assignedUserId },
    responseExample: exampleTask,
  },
  'v1-complete-task': {
    operationId: 'completeTask',
    summary: 'Complete a task',
    description: 'Its checklist\'s required items must be ticked (409 otherwise). Completing a completed task answers it as it is.',
    tag: 'Tasks',
    body: publicTaskCompleteBody,
    status: 200,
    response: taskSchema,
    requestExample: {},
    responseExample: { ...exampleTask, status: 'completed', completedAt: at, startedAt: at, actualMinutes: 0 },
  },
};
