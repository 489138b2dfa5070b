// What the OpenAPI document says of each public API operation beyond the route table (method, path,
// who may call it) and the handler's own request schemas: its name, summary, tag, the schema of its
// success answer and an example. One entry per `apiKey` route, by handler name; the contract test
// (functions/lib/openapi.test.ts) fails for a route without one, and checks every answer
// against the schema given here.
import type { ZodMiniType } from 'zod/mini';
import { pageOf, publicTaskStartBody, publicTaskCancelBody, publicInspectionBody, publicPropertyCreateBody, publicPropertyPatchBody, publicInspectionOutcomeSchema, publicTaskAssignBody, publicTaskCompleteBody, publicTaskCreateBody, publicTaskListQuery, publicTaskPatchBody, taskSchema } from './schemas';
import {
  availabilityQuery,
  availabilitySchema,
  checklistTemplateSchema,
  ownerStatementSchema,
  pageQuery,
  propertySchema,
  publicMemberSchema,
  publicReservationCancelBody,
  publicReservationCreateBody,
  publicReservationListQuery,
  publicReservationPatchBody,
  publicReservationSchema,
  publicGuestLinkSchema,
  publicTaskChecklistSchema,
  DEFAULT_AVAILABILITY_NIGHTS,
  MAX_AVAILABILITY_NIGHTS,
} from './schemas';

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
  /** A query example (the contract test sends it, ids replaced): for operations whose query has required fields, or to show a filter. */
  queryExample?: Record<string, string>;
}

/**
 * The ids the examples use. The contract test calls every operation with its examples, each of
 * these replaced by a real id of the same kind, so every example must name ids from here.
 */
export const EXAMPLE_IDS = {
  task: '01JEXAMPLETASK000000000000',
  inspection: '01JEXAMPLEINSPECTION000000',
  checklistItem: '01JEXAMPLECHECKLISTITEM000',
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

const MAX_NIGHTS = MAX_AVAILABILITY_NIGHTS;
const DEFAULT_NIGHTS = DEFAULT_AVAILABILITY_NIGHTS;

const exampleReservation = {
  id: EXAMPLE_IDS.reservation,
  propertyId: EXAMPLE_IDS.property,
  guestName: 'Ana Guest',
  checkinDate: '2026-12-07T20:00:00.000Z',
  checkoutDate: '2026-12-08T16:00:00.000Z',
  checkinDay: '2026-12-07',
  checkoutDay: '2026-12-08',
  nights: 1,
  integrationSource: 'direct',
  status: 'confirmed',
  kind: 'booking',
  feedId: null,
  syncStatus: null,
  missingSince: null,
  tentative: false,
  ambiguous: false,
  turnoverDismissed: false,
  coveredByBooking: false,
  conflictWith: [],
  turnoverTaskId: EXAMPLE_IDS.task,
  cancelledAt: null,
  cancelReason: null,
  createdAt: at,
  updatedAt: at,
};

const exampleProperty = {
  id: EXAMPLE_IDS.property,
  name: 'Casa Azul',
  address: '12 Ocean Drive, Miami Beach, FL',
  companyId: '01JEXAMPLECOMPANY000000000',
  accessNotes: 'Key box by the garage door',
  doorCode: '4821',
  owner: { name: 'Marta Lopes', email: 'marta@example.com', language: 'en' },
  ownerApprovalLimit: 50000,
  calendarExportUrl: 'https://rentalops.app/api/calendar/4bS1x9rQmV0kZt7yW2nE5pLc.ics',
  createdAt: at,
  updatedAt: at,
};

const exampleChecklist = {
  id: '01JEXAMPLECHECKLIST0000000',
  taskId: EXAMPLE_IDS.task,
  propertyId: EXAMPLE_IDS.property,
  status: 'in_progress',
  notes: null,
  source: 'template',
  totalItems: 2,
  completedItems: 1,
  requiredItems: 1,
  openRequiredItems: 0,
  createdAt: at,
  updatedAt: at,
  items: [
    { id: '01JEXAMPLEITEM000000000001', description: 'Change the bed linen', required: true, position: 0, isCompleted: true, completedAt: at, completedBy: EXAMPLE_IDS.member, photoBeforeUrl: null, photoAfterUrl: null, createdAt: at, updatedAt: at },
    { id: '01JEXAMPLEITEM000000000002', description: 'Restock coffee and tea', required: false, position: 1, isCompleted: false, completedAt: null, completedBy: null, photoBeforeUrl: null, photoAfterUrl: null, createdAt: at, updatedAt: at },
  ],
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
    description: 'Send an `Idempotency-Key` header to retry safely: the same key within 24 hours answers the first answer and creates nothing new. A maintenance task\'s `estimatedCost` (integer cents) above its property\'s `ownerApprovalLimit` waits for the owner\'s approval (`approval.status` `pending`) when the property\'s owner has a portal account: until then it cannot be started or completed (409).',
    tag: 'Tasks',
    body: publicTaskCreateBody,
    status: 201,
    response: taskSchema,
    requestExample: { type: 'maintenance', title: 'Fix the terrace door', propertyId: exampleTask.propertyId, dueDate: '2026-12-09T09:00:00.000Z', estimatedCost: 18000 },
    responseExample: { ...exampleTask, type: 'maintenance', title: 'Fix the terrace door', reservationId: null, assignedUserId: null, dueDate: '2026-12-09T09:00:00.000Z', estimatedCost: 18000 },
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
  'v1-start-task': {
    operationId: 'startTask',
    summary: 'Start a task',
    description: 'In progress, as a phone\'s "Start" does (time on task counts from `startedAt`, default now). Starting a started task answers it as it is; a completed or cancelled one is 409, as is a repair still waiting for its owner\'s approval.',
    tag: 'Tasks',
    body: publicTaskStartBody,
    status: 200,
    response: taskSchema,
    requestExample: {},
    responseExample: { ...exampleTask, status: 'in_progress', startedAt: at },
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
  'v1-record-inspection': {
    operationId: 'recordInspection',
    summary: 'Record an inspection',
    description:
      'On an inspection task (type `inspection`, created when a cleaning is completed at a property that requires one; `inspectsTaskId` names the cleaning). ' +
      '`passed: true` closes it and the cleaning counts as inspected. `passed: false` with the failed checklist items\' ids (those of GET /api/v1/tasks/{id}/checklist) and/or a note ' +
      'reopens the cleaning with those items unticked and tells its cleaner; its next completion asks for a new round. 409 when the result is already recorded or the cleaning moved meanwhile.',
    tag: 'Tasks',
    body: publicInspectionBody,
    status: 200,
    response: publicInspectionOutcomeSchema,
    requestExample: { passed: false, failedItemIds: [EXAMPLE_IDS.checklistItem], note: 'Bathroom mirror streaked.' },
    responseExample: {
      inspection: { ...exampleTask, id: EXAMPLE_IDS.inspection, type: 'inspection', title: 'Inspection: Turnover cleaning', description: null, reservationId: null, status: 'completed', completedAt: at, inspectsTaskId: EXAMPLE_IDS.task, inspectionRound: 1, inspectionResult: { passed: false, failedItemIds: [EXAMPLE_IDS.checklistItem], note: 'Bathroom mirror streaked.', recordedAt: at, recordedBy: EXAMPLE_IDS.member } },
      cleaning: { ...exampleTask, inspection: { status: 'failed', round: 1, inspectionTaskId: EXAMPLE_IDS.inspection, note: 'Bathroom mirror streaked.', failedItemIds: [EXAMPLE_IDS.checklistItem], failedItems: ['Clean the bathroom mirror'], recordedAt: at, recordedBy: EXAMPLE_IDS.member } },
    },
  },
  'v1-cancel-task': {
    operationId: 'cancelTask',
    summary: 'Cancel a task',
    description: 'Its assignee is told, as when the office cancels it. Cancelling a cancelled task answers it as it is; a completed one is 409. A reservation cancelled through the API cancels its own turnover: no need to cancel it too.',
    tag: 'Tasks',
    body: publicTaskCancelBody,
    status: 200,
    response: taskSchema,
    requestExample: {},
    responseExample: { ...exampleTask, status: 'cancelled' },
  },
  'v1-get-task-checklist': {
    operationId: 'getTaskChecklist',
    summary: 'Get a task\'s checklist',
    description: 'Its items in order, what is ticked, and before/after photo URLs (valid for a few minutes). `null` when the task has no checklist.',
    tag: 'Checklists',
    status: 200,
    response: publicTaskChecklistSchema,
    responseExample: exampleChecklist,
  },
  'v1-list-properties': {
    operationId: 'listProperties',
    summary: 'List properties',
    description: 'Each with its access details, owner and calendar export URL (the iCal feed channels import).',
    tag: 'Properties',
    query: pageQuery,
    status: 200,
    response: pageOf(propertySchema),
    responseExample: { data: [exampleProperty], nextCursor: null },
  },
  'v1-create-property': {
    operationId: 'createProperty',
    summary: 'Create a property',
    description:
      'Name and address are required; access notes, door code, `inspectionRequired` (an inspection after each cleaning) with its `inspectorId`, and `ownerApprovalLimit` (integer cents) are optional. ' +
      'Send an `Idempotency-Key` header to retry safely: the same key within 24 hours answers the first answer and creates nothing new.',
    tag: 'Properties',
    body: publicPropertyCreateBody,
    status: 201,
    response: propertySchema,
    requestExample: { name: 'Casa Azul', address: '12 Ocean Drive, Miami Beach, FL', accessNotes: 'Key box by the garage door', doorCode: '4821', inspectionRequired: true },
    responseExample: { ...exampleProperty, owner: null, ownerApprovalLimit: null, inspectionRequired: true, inspectorId: null, readiness: 'ready' },
  },
  'v1-update-property': {
    operationId: 'updateProperty',
    summary: 'Change a property',
    description: 'Only the fields sent change; `null` clears access notes, door code, inspector or approval limit. A name or address cannot be cleared.',
    tag: 'Properties',
    body: publicPropertyPatchBody,
    status: 200,
    response: propertySchema,
    requestExample: { doorCode: '5930', inspectionRequired: true },
    responseExample: { ...exampleProperty, doorCode: '5930', inspectionRequired: true, inspectorId: null, readiness: 'ready' },
  },
  'v1-get-property': { operationId: 'getProperty', summary: 'Get a property', tag: 'Properties', status: 200, response: propertySchema, responseExample: exampleProperty },
  'v1-get-property-availability': {
    operationId: 'getPropertyAvailability',
    summary: 'Get a property\'s availability',
    description: `Each night from \`from\` up to, not including, \`to\` (calendar days, YYYY-MM-DD; at most ${MAX_NIGHTS} nights; by default the next ${DEFAULT_NIGHTS} from today in the company's time zone): free, or taken by a booking or a block (owner stay, repairs, a channel's closure), with the reservation holding it.`,
    tag: 'Properties',
    query: availabilityQuery,
    status: 200,
    response: availabilitySchema,
    queryExample: { from: '2026-12-07', to: '2026-12-10' },
    responseExample: {
      propertyId: EXAMPLE_IDS.property,
      from: '2026-12-07',
      to: '2026-12-10',
      nights: [
        { date: '2026-12-07', available: false, reservationId: EXAMPLE_IDS.reservation, kind: 'booking' },
        { date: '2026-12-08', available: true, reservationId: null, kind: null },
        { date: '2026-12-09', available: true, reservationId: null, kind: null },
      ],
    },
  },
  'v1-get-property-checklist': {
    operationId: 'getPropertyChecklist',
    summary: 'Get a property\'s default checklist',
    description: 'The list copied onto the property\'s cleanings. `items` is empty when the property has none.',
    tag: 'Checklists',
    status: 200,
    response: checklistTemplateSchema,
    responseExample: {
      propertyId: EXAMPLE_IDS.property,
      items: [
        { id: '01JEXAMPLEITEM000000000001', description: 'Change the bed linen', required: true },
        { id: '01JEXAMPLEITEM000000000002', description: 'Restock coffee and tea', required: false },
      ],
      updatedAt: at,
    },
  },
  'v1-get-owner-statement': {
    operationId: 'getOwnerStatement',
    summary: 'Get a property\'s owner statement',
    description: 'The month (YYYY-MM) of the owner report, as data: stays and nights booked, occupancy, blocked nights, cleanings, problems, expenses and invoices. Amounts in integer cents; days in the company\'s time zone.',
    tag: 'Owner statements',
    status: 200,
    response: ownerStatementSchema,
    responseExample: {
      propertyId: EXAMPLE_IDS.property,
      propertyName: 'Casa Azul',
      address: '12 Ocean Drive, Miami Beach, FL',
      month: '2026-11',
      timeZone: 'America/New_York',
      currency: 'USD',
      owner: { name: 'Marta Lopes', email: 'marta@example.com', language: 'en' },
      generatedAt: at,
      figures: {
        stays: 1,
        nightsBooked: 4,
        nightsInMonth: 30,
        occupancyPercent: 13.3,
        blockedNights: 2,
        cleanings: 1,
        problemsReported: 1,
        problemsFixed: 0,
        expensesCents: 4599,
        invoicedCents: 12000,
        paidCents: 0,
      },
      stays: [{ reservationId: EXAMPLE_IDS.reservation, guestName: 'Ana Guest', checkinDay: '2026-11-10', checkoutDay: '2026-11-14', nightsInMonth: 4 }],
      cleanings: [{ taskId: EXAMPLE_IDS.task, title: 'Turnover cleaning', day: '2026-11-14' }],
      problems: [{ taskId: '01JEXAMPLETASK000000000001', title: 'Leaking tap', urgency: 'medium', status: 'pending', reportedDay: '2026-11-20', fixedDay: null }],
      expenses: [{ id: '01JEXAMPLEEXPENSE000000001', date: '2026-11-20', category: 'maintenance', description: 'New tap', amountCents: 4599 }],
      invoices: [{ id: '01JEXAMPLEINVOICE000000001', client: 'Marta Lopes', description: 'November management fee', issuedDay: '2026-11-30', dueDate: '2026-12-15', status: 'pending', amountCents: 12000 }],
    },
  },
  'v1-list-reservations': {
    operationId: 'listReservations',
    summary: 'List reservations',
    description: 'With `propertyId`: that property\'s, by check-in. Without: the company\'s, newest first. `from` and `to` (YYYY-MM-DD) keep the stays checking in on or after `from` and before `to`. Blocks (owner stays, closures) are not listed: a property\'s availability shows them. A page may hold fewer than `limit` when filters leave some out: follow `nextCursor` until it is null.',
    tag: 'Reservations',
    query: publicReservationListQuery,
    status: 200,
    response: pageOf(publicReservationSchema),
    queryExample: { propertyId: EXAMPLE_IDS.property },
    responseExample: { data: [exampleReservation], nextCursor: null },
  },
  'v1-get-reservation': { operationId: 'getReservation', summary: 'Get a reservation', tag: 'Reservations', status: 200, response: publicReservationSchema, responseExample: exampleReservation },
  'v1-get-reservation-guest-link': {
    operationId: 'getReservationGuestLink',
    summary: 'Get a stay\'s guest link',
    description: 'The stay\'s private page where its guests press "We have left" (from 18:00 the evening before checkout until checkout day ends), made on first use: send it in your own guest messages; `messages` is a ready sentence with it in pt, en and es. The press is the `reservation.guests_left` webhook, and the reservation\'s `guestLeftAt`. A block or a cancelled stay has none (409). The first read makes the link, so the key needs the `write` scope, as for the other writes. Rotating the link is done in the app.',
    tag: 'Reservations',
    status: 200,
    response: publicGuestLinkSchema,
    responseExample: {
      reservationId: EXAMPLE_IDS.reservation,
      url: 'https://app.rentalops.example/g/3q2-7wEvPz1yJ0kVb8s9XcUeRmTnLoAhGiFdCb5a6Y4',
      propertyName: 'Casa Azul',
      createdAt: at,
      leftAt: null,
      messages: {
        pt: 'Quando sair de Casa Azul no dia do check-out, toque em "Já saímos" aqui: https://app.rentalops.example/g/3q2-7wEvPz1yJ0kVb8s9XcUeRmTnLoAhGiFdCb5a6Y4 (assim a nossa equipe de limpeza começa mais cedo).',
        en: 'When you leave Casa Azul on checkout day, please tap "We have left" here: https://app.rentalops.example/g/3q2-7wEvPz1yJ0kVb8s9XcUeRmTnLoAhGiFdCb5a6Y4 (it lets our cleaners start sooner).',
        es: 'Cuando salgáis de Casa Azul el día de salida, pulsad "Ya hemos salido" aquí: https://app.rentalops.example/g/3q2-7wEvPz1yJ0kVb8s9XcUeRmTnLoAhGiFdCb5a6Y4 (así nuestro equipo de limpieza empieza antes).',
      },
    },
  },
  'v1-create-reservation': {
    operationId: 'createReservation',
    summary: 'Create a direct booking',
    description: 'Dates are days (YYYY-MM-DD: the company\'s check-in and check-out hours apply) or instants. Nights another booking or a block holds answer 409. The turnover cleaning is scheduled as in the app. Send an `Idempotency-Key` header to retry safely.',
    tag: 'Reservations',
    body: publicReservationCreateBody,
    status: 201,
    response: publicReservationSchema,
    requestExample: { propertyId: EXAMPLE_IDS.property, guestName: 'Ana Guest', checkinDate: '2028-08-10', checkoutDate: '2028-08-14', integrationSource: 'direct' },
    responseExample: {
      ...exampleReservation,
      checkinDate: '2028-08-10T19:00:00.000Z',
      checkoutDate: '2028-08-14T15:00:00.000Z',
      checkinDay: '2028-08-10',
      checkoutDay: '2028-08-14',
      nights: 4,
    },
  },
  'v1-update-reservation': {
    operationId: 'updateReservation',
    summary: 'Change a reservation',
    description: 'Only the fields sent change; the property does not. Moving the stay moves its turnover; nights already taken answer 409. A cancelled reservation cannot change (409).',
    tag: 'Reservations',
    body: publicReservationPatchBody,
    status: 200,
    response: publicReservationSchema,
    requestExample: { guestName: 'Ana Souza', checkinDate: '2028-08-11', checkoutDate: '2028-08-15' },
    responseExample: {
      ...exampleReservation,
      guestName: 'Ana Souza',
      checkinDate: '2028-08-11T19:00:00.000Z',
      checkoutDate: '2028-08-15T15:00:00.000Z',
      checkinDay: '2028-08-11',
      checkoutDay: '2028-08-15',
      nights: 4,
    },
  },
  'v1-cancel-reservation': {
    operationId: 'cancelReservation',
    summary: 'Cancel a reservation',
    description: 'Releases its nights and cancels its open turnover cleaning. Cancelling a cancelled reservation answers it as it is.',
    tag: 'Reservations',
    body: publicReservationCancelBody,
    status: 200,
    response: publicReservationSchema,
    requestExample: { reason: 'The guest cancelled by phone' },
    responseExample: { ...exampleReservation, status: 'cancelled', cancelledAt: at, cancelReason: 'The guest cancelled by phone' },
  },
  'v1-list-team': {
    operationId: 'listTeam',
    summary: 'List team members',
    description: 'Their ids are what tasks are assigned to. No sign-in details.',
    tag: 'Team',
    query: pageQuery,
    status: 200,
    response: pageOf(publicMemberSchema),
    responseExample: {
      data: [{ id: EXAMPLE_IDS.member, firstName: 'João', lastName: 'Silva', email: 'joao@example.com', role: 'staff', createdAt: at }],
      nextCursor: null,
    },
  },
};
