// The domain-event catalogue: every event the product publishes, with its zod schema and a sample
// detail. In AWS the events travel on the EventBridge bus (source `rentalops`, detail-type = the
// key below) and rules deliver them to the handlers of functions/event-handlers.ts; under
// `npm start` and in tests an in-process bus calls the same handlers. Full EventBridge envelopes of
// the samples live in events/samples/<detail-type>.json (tests check they match).
//
// Rules for changing an event: add fields as optional, never rename or remove one (consumers in
// flight still read the old shape); a breaking change is a new detail-type.
import * as z from 'zod/mini';
import { PROBLEM_URGENCIES, PROPERTY_READINESS, ROLES, TASK_STATUSES, TASK_TYPES } from '#shared/enums';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '#shared/schemas/webhooks';

// The schemas and the table below are built through `pure`, which tells the bundler that building
// them has no side effect: a function that only publishes events (it calls `domainEvent`) does not
// build every event's schema at start-up; the event handlers, which validate, still do.
const pure = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

export const EVENT_SOURCE = 'rentalops';
/** The actorUserId of reservation events the calendar sync job caused (no signed-in user). */
export const SYNC_ACTOR_ID = 'calendar-sync';
/** The actorUserId of what a stay's guests did through their private link (no signed-in user). */
export const GUEST_ACTOR_ID = 'guest';

const id = pure(() => z.string().check(z.minLength(1), z.maxLength(64)));
const instant = pure(() => z.iso.datetime({ offset: true }));
const day = pure(() => z.iso.date());

/** Every event: which company it belongs to and when it happened. */
const base = pure(() => ({
  companyId: id,
  occurredAt: instant,
}));

const taskFields = pure(() => ({
  ...base,
  taskId: id,
  title: z.string(),
  type: z.enum(TASK_TYPES),
  propertyId: id,
  /** Who made the change (the signed-in user). */
  actorUserId: id,
}));

const reservationFields = pure(() => ({
  ...base,
  reservationId: id,
  propertyId: id,
  guestName: z.string(),
  checkinDate: instant,
  checkoutDate: instant,
  /** Who made the change: the signed-in user's id, or SYNC_ACTOR_ID for the feed import (absent on older events). */
  actorUserId: z.optional(id),
}));

export const taskCreatedDetail = pure(() => z.object({
  ...taskFields,
  status: z.enum(TASK_STATUSES),
  assignedUserId: z.nullable(id),
  dueDate: z.nullable(instant),
  issue: z.boolean(),
}));

export const taskAssignedDetail = pure(() => z.object({
  ...taskFields,
  assignedUserId: id,
  previousAssignedUserId: z.nullable(id),
  dueDate: z.nullable(instant),
}));

export const taskCompletedDetail = pure(() => z.object({
  ...taskFields,
  completedAt: instant,
  /** The assignee at completion (who gets the credit), when there is one. */
  completedByUserId: z.nullable(id),
  dueDate: z.nullable(instant),
}));

/** The assignee was taken off a task (nobody is assigned now). */
export const taskUnassignedDetail = pure(() => z.object({
  ...taskFields,
  previousAssignedUserId: id,
  dueDate: z.nullable(instant),
}));

/** A task's due date changed (set, moved or cleared). */
export const taskRescheduledDetail = pure(() => z.object({
  ...taskFields,
  assignedUserId: z.nullable(id),
  previousDueDate: z.nullable(instant),
  dueDate: z.nullable(instant),
}));

/**
 * A task changed (any of its fields, by a person): the public webhook task.updated. Assigning and
 * completing have their own events too; `changed` names the fields whose value is new.
 */
export const taskUpdatedDetail = pure(() => z.object({
  ...taskFields,
  status: z.enum(TASK_STATUSES),
  assignedUserId: z.nullable(id),
  dueDate: z.nullable(instant),
  changed: z.array(z.string()),
}));

/**
 * The guests said "we have left" through their stay's private link (issue 40 point 4): the stay's
 * turnover records `guestLeftAt`, and its assignee (or, unassigned, the office) is told at once.
 */
export const taskGuestsLeftDetail = pure(() => z.object({
  ...taskFields,
  reservationId: id,
  assignedUserId: z.nullable(id),
  dueDate: z.nullable(instant),
  /** When the guests pressed the button. */
  leftAt: instant,
  /** The guests' note (it may say where the keys are), when they left one. */
  note: z.nullable(z.string()),
  /** The maintenance task their photo of something broken became, when they sent one. */
  maintenanceTaskId: z.nullable(id),
}));

/**
 * The guests said they have left (their stay's private link, issue 40 point 4): on every press, with
 * the stay's open turnover when it has one (task.guests_left then tells its assignee; without one the
 * office is told of this event), and the public webhook reservation.guests_left.
 */
export const reservationGuestsLeftDetail = pure(() => z.object({
  ...reservationFields,
  leftAt: instant,
  note: z.nullable(z.string()),
  /** The stay's turnover still open when they left (its assignee is told: task.guests_left), if any. */
  turnoverTaskId: z.nullable(id),
  maintenanceTaskId: z.nullable(id),
}));

/** A task was cancelled (by a manager, or with its reservation). */
export const taskCancelledDetail = pure(() => z.object({
  ...taskFields,
  assignedUserId: z.nullable(id),
  dueDate: z.nullable(instant),
}));

/**
 * Issue 40 point 2: a cleaning was completed at a property that requires an inspection, and its
 * inspection task (the event's taskId, round 1, 2, …) was created: for the inspector, or unassigned
 * for the managers (who are told).
 */
export const taskInspectionRequestedDetail = pure(() => z.object({
  ...taskFields,
  cleaningTaskId: id,
  cleaningTitle: z.string(),
  round: z.int().check(z.minimum(1)),
  inspectorId: z.nullable(id),
}));

/**
 * Issue 40 point 2: an inspection failed: the cleaning (taskId) is open again with the failed items
 * unticked and the inspector's note and photos on it; its cleaner (assignedUserId) is told.
 */
export const taskInspectionFailedDetail = pure(() => z.object({
  ...taskFields,
  assignedUserId: z.nullable(id),
  dueDate: z.nullable(instant),
  inspectionTaskId: id,
  round: z.int().check(z.minimum(1)),
  note: z.nullable(z.string()),
  /** The failed items' descriptions. */
  failedItems: z.array(z.string()),
}));

/**
 * Issue 40 point 2: an inspection passed: the cleaning (taskId) stays completed and counts as
 * inspected. Of no one's inbox: the public webhook task.inspection_passed.
 */
export const taskInspectionPassedDetail = pure(() => z.object({
  ...taskFields,
  inspectionTaskId: id,
  round: z.int().check(z.minimum(1)),
  note: z.nullable(z.string()),
}));

/**
 * Issue 41 point 4: a maintenance task estimated above its property's owner-approval limit waits
 * for the owner's approval; its owners (role owner, portal accounts) are told.
 */
export const taskApprovalRequestedDetail = pure(() => z.object({
  ...taskFields,
  /** Integer cents. */
  estimatedCost: z.int(),
  ownerUserIds: z.array(id),
}));

/**
 * Issue 41 point 4: the owner approved (the task goes on: its assignee is told as on an assignment)
 * or declined (the task is cancelled) a repair; the office is told. actorUserId is the owner.
 */
export const taskApprovalDecidedDetail = pure(() => z.object({
  ...taskFields,
  approved: z.boolean(),
  note: z.nullable(z.string()),
  estimatedCost: z.int(),
  assignedUserId: z.nullable(id),
}));

/**
 * Issue 40 point 3: a property is not ready (its readiness) a few hours before its next check-in
 * (the company's readinessAlertHours); published once per check-in by the readiness job.
 */
export const propertyNotReadyDetail = pure(() => z.object({
  ...base,
  propertyId: id,
  reservationId: id,
  checkinDate: instant,
  readiness: z.enum(PROPERTY_READINESS),
  hoursBefore: z.int(),
}));

export const propertyIssueReportedDetail = pure(() => z.object({
  ...base,
  taskId: id,
  propertyId: id,
  title: z.string(),
  description: z.nullable(z.string()),
  reportedByUserId: id,
  /** Reported from the field (POST /api/tasks/{id}/problems): the task it was found on, and how urgent it is. */
  sourceTaskId: z.optional(id),
  urgency: z.optional(z.enum(PROBLEM_URGENCIES)),
}));

export const reservationCreatedDetail = pure(() => z.object({
  ...reservationFields,
  integrationSource: z.nullable(z.string()),
  /**
   * Imported by the first successful sync of a newly connected feed: a booking that existed before
   * the feed was connected, not a new one (notifications stay quiet about these).
   */
  initialImport: z.optional(z.boolean()),
}));
export const reservationUpdatedDetail = pure(() => z.object({
  ...reservationFields,
  /** Names of the fields that changed. */
  changed: z.array(z.string()),
}));
export const reservationCancelledDetail = pure(() => z.object({ ...reservationFields, reason: z.nullable(z.string()) }));

export const reservationCheckinUpcomingDetail = pure(() => z.object({
  ...reservationFields,
  /** The check-in day in the company's time zone (tomorrow, when the reminder job published it). */
  checkinDay: day,
  timezone: z.string(),
}));

export const reservationMissingFromFeedDetail = pure(() => z.object({
  ...reservationFields,
  feedId: id,
  /** The feed's channel: airbnb, vrbo, booking or ical. */
  source: z.string(),
}));

/**
 * A feed's booking was imported over nights another booking holds (the same nights from two channels,
 * or a channel's booking over a direct reservation): both are kept, side by side, flagged.
 */
export const reservationDoubleBookedDetail = pure(() => z.object({
  ...reservationFields,
  /** Days (company zone) of the imported stay; nights are checkinDay … checkoutDay - 1. */
  checkinDay: z.string(),
  checkoutDay: z.string(),
  /** The imported booking's channel (airbnb, vrbo, booking, ical) and feed. */
  source: z.string(),
  feedId: z.nullable(id),
  /** The reservations already holding those nights. */
  conflictWith: z.array(id),
}));

/** A property's iCal feed could not be imported (first failure after a success; repeats are not re-announced). */
export const calendarFeedFailedDetail = pure(() => z.object({
  ...base,
  propertyId: id,
  feedId: id,
  source: z.string(),
  /** A message key of shared/messages.ts (calendar.error.*) and its parameters. */
  errorCode: z.string(),
  errorParams: z.record(z.string(), z.union([z.string(), z.number()])),
  consecutiveFailures: z.int().check(z.minimum(1)),
}));

export const memberInvitedDetail = pure(() => z.object({
  ...base,
  userId: id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  invitedByUserId: id,
}));

export const memberRoleChangedDetail = pure(() => z.object({
  ...base,
  userId: id,
  previousRole: z.enum(ROLES),
  role: z.enum(ROLES),
  actorUserId: id,
}));

export const memberRemovedDetail = pure(() => z.object({
  ...base,
  userId: id,
  email: z.string(),
  role: z.enum(ROLES),
  actorUserId: id,
  /** The removed person's name (the user item is gone when the event is handled). */
  firstName: z.nullish(z.string()),
  lastName: z.nullish(z.string()),
  /** They had not joined yet: the CEO cancelled a pending invitation. */
  invitationCancelled: z.optional(z.boolean()),
}));

/** An invited member set their password from the invitation link: they can sign in now. */
export const memberJoinedDetail = pure(() => z.object({
  ...base,
  userId: id,
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  role: z.enum(ROLES),
  /** The CEO who sent the invitation, when known. */
  invitedByUserId: z.nullable(id),
}));

const SAMPLE_COMPANY = '01JD0000000000000000000001';
const SAMPLE_PROPERTY = '01JD0000000000000000000002';
const SAMPLE_TASK = '01JD0000000000000000000003';
const SAMPLE_RESERVATION = '01JD0000000000000000000004';
const SAMPLE_CEO = '6f1c2a54-8d2e-4c7b-9a51-2d0f3b6e7a10';
const SAMPLE_STAFF = '9b7e4d21-3c5a-4f80-8e12-7a6d5c4b3a29';

const reservationSample = {
  companyId: SAMPLE_COMPANY,
  occurredAt: '2026-03-14T09:00:00.000Z',
  reservationId: SAMPLE_RESERVATION,
  propertyId: SAMPLE_PROPERTY,
  guestName: 'Emma Johnson',
  checkinDate: '2026-03-15T15:00:00.000Z',
  checkoutDate: '2026-03-19T11:00:00.000Z',
};

export interface EventDefinition<S extends z.ZodMiniType = z.ZodMiniType> {
  description: string;
  schema: S;
  sample: z.infer<S>;
}

const define = <S extends z.ZodMiniType>(definition: EventDefinition<S>) => definition;

/**
 * Owner stays (issue 41 point 3, docs/owners.md): an owner asked for nights at one of their
 * properties (the office is told), cancelled a pending request, or the office accepted it (a block
 * was made: blockId) or declined it (the owner is told). Dates are days (YYYY-MM-DD).
 */
const ownerStayFields = pure(() => ({
  ...base,
  requestId: id,
  propertyId: id,
  ownerUserId: id,
  checkinDate: day,
  checkoutDate: day,
}));

export const ownerStayRequestedDetail = pure(() => z.object({ ...ownerStayFields, note: z.nullable(z.string()) }));
export const ownerStayCancelledDetail = pure(() => z.object({ ...ownerStayFields }));
export const ownerStayDecidedDetail = pure(() => z.object({
  ...ownerStayFields,
  accepted: z.boolean(),
  /** The member who decided. */
  actorUserId: id,
  blockId: z.nullable(id),
  note: z.nullable(z.string()),
}));

/** An owner's properties were set (invited as owner, or changed in Team): who, which, by whom. */
export const ownerPropertiesChangedDetail = pure(() => z.object({
  ...base,
  userId: id,
  propertyIds: z.array(id),
  previousPropertyIds: z.array(id),
  actorUserId: id,
}));

export const DOMAIN_EVENTS = pure(() => ({
  'task.created': define({
    description: 'A task was created (any type, assigned or not).',
    schema: taskCreatedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T10:00:00.000Z',
      taskId: SAMPLE_TASK,
      title: 'Fix leaking tap',
      type: 'maintenance',
      propertyId: SAMPLE_PROPERTY,
      actorUserId: SAMPLE_CEO,
      status: 'pending',
      assignedUserId: SAMPLE_STAFF,
      dueDate: '2026-03-15T12:00:00.000Z',
      issue: true,
    },
  }),
  'task.assigned': define({
    description: 'A task got an assignee: created with one, or its assignee changed to someone.',
    schema: taskAssignedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T10:00:00.000Z',
      taskId: SAMPLE_TASK,
      title: 'Turnover cleaning',
      type: 'cleaning',
      propertyId: SAMPLE_PROPERTY,
      actorUserId: SAMPLE_CEO,
      assignedUserId: SAMPLE_STAFF,
      previousAssignedUserId: null,
      dueDate: '2026-03-15T12:00:00.000Z',
    },
  }),
  'task.unassigned': define({
    description: 'A task lost its assignee (nobody is assigned now); a change to someone else is task.assigned.',
    schema: taskUnassignedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T10:05:00.000Z',
      taskId: SAMPLE_TASK,
      title: 'Turnover cleaning',
      type: 'cleaning',
      propertyId: SAMPLE_PROPERTY,
      actorUserId: SAMPLE_CEO,
      previousAssignedUserId: SAMPLE_STAFF,
      dueDate: '2026-03-15T12:00:00.000Z',
    },
  }),
  'task.rescheduled': define({
    description: "A task's due date changed: by hand, or its turnover following a reservation's new check-out.",
    schema: taskRescheduledDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T10:10:00.000Z',
      taskId: SAMPLE_TASK,
      title: 'Turnover cleaning',
      type: 'cleaning',
      propertyId: SAMPLE_PROPERTY,
      actorUserId: SAMPLE_CEO,
      assignedUserId: SAMPLE_STAFF,
      previousDueDate: '2026-03-15T12:00:00.000Z',
      dueDate: '2026-03-16T12:00:00.000Z',
    },
  }),
  'task.updated': define({
    description: "A task was changed by a person (title, description, type, property, status, assignee or due date); `changed` names the fields.",
    schema: taskUpdatedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T10:12:00.000Z',
      taskId: SAMPLE_TASK,
      title: 'Turnover cleaning and linen',
      type: 'cleaning',
      propertyId: SAMPLE_PROPERTY,
      actorUserId: SAMPLE_CEO,
      status: 'in_progress',
      assignedUserId: SAMPLE_STAFF,
      dueDate: '2026-03-15T12:00:00.000Z',
      changed: ['title', 'status'],
    },
  }),
  'task.guests_left': define({
    description: "The guests said they have left (their stay's private link): the turnover can start; its assignee is told.",
    schema: taskGuestsLeftDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-15T09:12:00.000Z',
      taskId: SAMPLE_TASK,
      title: 'Turnover cleaning',
      type: 'cleaning',
      propertyId: SAMPLE_PROPERTY,
      actorUserId: GUEST_ACTOR_ID,
      reservationId: SAMPLE_RESERVATION,
      assignedUserId: SAMPLE_STAFF,
      dueDate: '2026-03-15T11:00:00.000Z',
      leftAt: '2026-03-15T09:12:00.000Z',
      note: 'Keys are in the box by the door.',
      maintenanceTaskId: null,
    },
  }),
  'reservation.guests_left': define({
    description: "The guests said they have left (their stay's private link): the home is free before its checkout time. With no open turnover the office (CEO and the managers who see the property) is told; with one, task.guests_left tells its assignee.",
    schema: reservationGuestsLeftDetail,
    sample: {
      ...reservationSample,
      occurredAt: '2026-03-19T09:12:00.000Z',
      actorUserId: GUEST_ACTOR_ID,
      leftAt: '2026-03-19T09:12:00.000Z',
      note: 'Keys are in the box by the door.',
      turnoverTaskId: SAMPLE_TASK,
      maintenanceTaskId: null,
    },
  }),
  'task.cancelled': define({
    description: 'A task was cancelled: by hand, or its turnover with its reservation.',
    schema: taskCancelledDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T10:15:00.000Z',
      taskId: SAMPLE_TASK,
      title: 'Turnover cleaning',
      type: 'cleaning',
      propertyId: SAMPLE_PROPERTY,
      actorUserId: SAMPLE_CEO,
      assignedUserId: SAMPLE_STAFF,
      dueDate: '2026-03-15T12:00:00.000Z',
    },
  }),
  'task.completed': define({
    description: 'A task moved to completed (created completed, or its status changed to completed).',
    schema: taskCompletedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-15T11:30:00.000Z',
      taskId: SAMPLE_TASK,
      title: 'Turnover cleaning',
      type: 'cleaning',
      propertyId: SAMPLE_PROPERTY,
      actorUserId: SAMPLE_STAFF,
      completedAt: '2026-03-15T11:30:00.000Z',
      completedByUserId: SAMPLE_STAFF,
      dueDate: '2026-03-15T12:00:00.000Z',
    },
  }),
  'task.inspection_requested': define({
    description: 'A cleaning was completed at a property that requires inspections: its inspection task was created (for the inspector, or unassigned for the managers).',
    schema: taskInspectionRequestedDetail,
    sample: {
      companyId: '01JD0000000000000000000001',
      occurredAt: '2026-03-15T11:30:00.000Z',
      taskId: '01JD0000000000000000000009',
      title: 'Inspection: Turnover cleaning',
      type: 'inspection',
      propertyId: '01JD0000000000000000000002',
      actorUserId: '9b7e4d21-3c5a-4f80-8e12-7a6d5c4b3a29',
      cleaningTaskId: '01JD0000000000000000000003',
      cleaningTitle: 'Turnover cleaning',
      round: 1,
      inspectorId: null,
    },
  }),
  'task.inspection_failed': define({
    description: 'An inspection failed: its cleaning is open again with the failed items unticked and the note and photos on it; the cleaner is told.',
    schema: taskInspectionFailedDetail,
    sample: {
      companyId: '01JD0000000000000000000001',
      occurredAt: '2026-03-15T12:10:00.000Z',
      taskId: '01JD0000000000000000000003',
      title: 'Turnover cleaning',
      type: 'cleaning',
      propertyId: '01JD0000000000000000000002',
      actorUserId: '6f1c2a54-8d2e-4c7b-9a51-2d0f3b6e7a10',
      assignedUserId: '9b7e4d21-3c5a-4f80-8e12-7a6d5c4b3a29',
      dueDate: '2026-03-15T16:00:00.000Z',
      inspectionTaskId: '01JD0000000000000000000009',
      round: 1,
      note: 'Bathroom mirror still smeared.',
      failedItems: ['Clean the bathroom mirror'],
    },
  }),
  'task.inspection_passed': define({
    description: 'An inspection passed: its cleaning stays completed and counts as inspected.',
    schema: taskInspectionPassedDetail,
    sample: {
      companyId: '01JD0000000000000000000001',
      occurredAt: '2026-03-15T13:05:00.000Z',
      taskId: '01JD0000000000000000000003',
      title: 'Turnover cleaning',
      type: 'cleaning',
      propertyId: '01JD0000000000000000000002',
      actorUserId: '6f1c2a54-8d2e-4c7b-9a51-2d0f3b6e7a10',
      inspectionTaskId: '01JD0000000000000000000010',
      round: 2,
      note: null,
    },
  }),
  'task.approval_requested': define({
    description: "A repair estimated above its property's owner-approval limit waits for the owner's approval; the owners are told.",
    schema: taskApprovalRequestedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T10:00:00.000Z',
      taskId: SAMPLE_TASK,
      title: 'Replace the water heater',
      type: 'maintenance',
      propertyId: SAMPLE_PROPERTY,
      actorUserId: SAMPLE_CEO,
      estimatedCost: 145000,
      ownerUserIds: ['3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d'],
    },
  }),
  'task.approval_decided': define({
    description: 'The owner approved (the repair goes on) or declined (it is cancelled) a repair waiting for them.',
    schema: taskApprovalDecidedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T18:30:00.000Z',
      taskId: SAMPLE_TASK,
      title: 'Replace the water heater',
      type: 'maintenance',
      propertyId: SAMPLE_PROPERTY,
      actorUserId: '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
      approved: false,
      note: 'Please get a second quote first.',
      estimatedCost: 145000,
      assignedUserId: SAMPLE_STAFF,
    },
  }),
  'property.not_ready': define({
    description: 'A property is not ready N hours (the company setting readinessAlertHours) before its next check-in; published once per check-in by the readiness job.',
    schema: propertyNotReadyDetail,
    sample: {
      companyId: '01JD0000000000000000000001',
      occurredAt: '2026-03-15T16:00:00.000Z',
      propertyId: '01JD0000000000000000000002',
      reservationId: '01JD0000000000000000000004',
      checkinDate: '2026-03-15T19:00:00.000Z',
      readiness: 'needs_cleaning',
      hoursBefore: 3,
    },
  }),
  'property.issue_reported': define({
    description: 'A problem at a property was reported: a task created with issue: true.',
    schema: propertyIssueReportedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T10:00:00.000Z',
      taskId: SAMPLE_TASK,
      propertyId: SAMPLE_PROPERTY,
      title: 'Fix leaking tap',
      description: 'Water under the kitchen sink.',
      reportedByUserId: SAMPLE_CEO,
    },
  }),
  'reservation.created': define({
    description: 'A reservation was recorded: entered in the app, or imported from an iCal feed.',
    schema: reservationCreatedDetail,
    sample: { ...reservationSample, actorUserId: SYNC_ACTOR_ID, integrationSource: 'airbnb', initialImport: false },
  }),
  'reservation.updated': define({
    description: 'A reservation changed (dates, guest, source or its feed flag).',
    schema: reservationUpdatedDetail,
    sample: { ...reservationSample, actorUserId: SAMPLE_CEO, changed: ['checkinDate'] },
  }),
  'reservation.cancelled': define({
    description: 'A reservation was cancelled (its nights are free again; its turnover is cancelled).',
    schema: reservationCancelledDetail,
    sample: { ...reservationSample, actorUserId: SAMPLE_CEO, reason: 'Guest cancelled' },
  }),
  'reservation.missing_from_feed': define({
    description: 'An imported booking is no longer in its healthy iCal feed: flagged for a manager to confirm (never cancelled automatically).',
    schema: reservationMissingFromFeedDetail,
    sample: { ...reservationSample, actorUserId: SYNC_ACTOR_ID, feedId: '01JD0000000000000000000005', source: 'airbnb' },
  }),
  'reservation.double_booked': define({
    description: "A feed's booking lies over nights another booking holds: imported side by side with a conflict flag until a manager resolves it.",
    schema: reservationDoubleBookedDetail,
    sample: {
      ...reservationSample,
      actorUserId: SYNC_ACTOR_ID,
      checkinDay: '2026-03-15',
      checkoutDay: '2026-03-19',
      source: 'booking',
      feedId: '01JD0000000000000000000005',
      conflictWith: ['01JD0000000000000000000007'],
    },
  }),
  'calendar.feed_failed': define({
    description: "A property's iCal feed failed to import (HTTP error, timeout, not iCal, or suddenly empty); nothing was cancelled.",
    schema: calendarFeedFailedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T09:30:00.000Z',
      propertyId: SAMPLE_PROPERTY,
      feedId: '01JD0000000000000000000005',
      source: 'airbnb',
      errorCode: 'calendar.error.http',
      errorParams: { status: 503 },
      consecutiveFailures: 1,
    },
  }),
  'owner_stay.requested': define({
    description: 'An owner asked for an owner stay (nights they use themselves) at one of their properties; the office is told.',
    schema: ownerStayRequestedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T09:00:00.000Z',
      requestId: '01JD0000000000000000000009',
      propertyId: SAMPLE_PROPERTY,
      ownerUserId: '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
      checkinDate: '2026-04-10',
      checkoutDate: '2026-04-14',
      note: 'Family visit',
    },
  }),
  'owner_stay.cancelled': define({
    description: 'An owner cancelled an owner stay request the office had not answered yet.',
    schema: ownerStayCancelledDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T09:30:00.000Z',
      requestId: '01JD0000000000000000000009',
      propertyId: SAMPLE_PROPERTY,
      ownerUserId: '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
      checkinDate: '2026-04-10',
      checkoutDate: '2026-04-14',
    },
  }),
  'owner_stay.decided': define({
    description: 'The office accepted an owner stay request (a block was added to the calendar) or declined it; the owner is told.',
    schema: ownerStayDecidedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T11:00:00.000Z',
      requestId: '01JD0000000000000000000009',
      propertyId: SAMPLE_PROPERTY,
      ownerUserId: '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
      checkinDate: '2026-04-10',
      checkoutDate: '2026-04-14',
      accepted: true,
      actorUserId: SAMPLE_CEO,
      blockId: '01JD000000000000000000000A',
      note: null,
    },
  }),
  'owner.properties_changed': define({
    description: "An owner's properties were set: when invited as an owner, or changed in Team.",
    schema: ownerPropertiesChangedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T08:00:00.000Z',
      userId: '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
      propertyIds: [SAMPLE_PROPERTY],
      previousPropertyIds: [],
      actorUserId: SAMPLE_CEO,
    },
  }),
  'member.invited': define({
    description: 'The CEO invited someone to the company (an e-mail with a link to set a password was sent).',
    schema: memberInvitedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T08:00:00.000Z',
      userId: SAMPLE_STAFF,
      email: 'beatriz@example.com',
      firstName: 'Beatriz',
      lastName: 'Lima',
      role: 'staff',
      invitedByUserId: SAMPLE_CEO,
    },
  }),
  'member.role_changed': define({
    description: "A member's role changed.",
    schema: memberRoleChangedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T08:30:00.000Z',
      userId: SAMPLE_STAFF,
      previousRole: 'staff',
      role: 'operational_manager',
      actorUserId: SAMPLE_CEO,
    },
  }),
  'member.removed': define({
    description: 'A member was removed from the company (signed out everywhere; their tasks keep their id).',
    schema: memberRemovedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T09:00:00.000Z',
      userId: SAMPLE_STAFF,
      email: 'beatriz@example.com',
      role: 'staff',
      actorUserId: SAMPLE_CEO,
      firstName: 'Beatriz',
      lastName: 'Lima',
      invitationCancelled: false,
    },
  }),
  'member.joined': define({
    description: 'An invited member set their password from the invitation link and can sign in.',
    schema: memberJoinedDetail,
    sample: {
      companyId: SAMPLE_COMPANY,
      occurredAt: '2026-03-14T08:45:00.000Z',
      userId: SAMPLE_STAFF,
      email: 'beatriz@example.com',
      firstName: 'Beatriz',
      lastName: 'Lima',
      role: 'staff',
      invitedByUserId: SAMPLE_CEO,
    },
  }),
  'reservation.checkin_upcoming': define({
    description: "A reservation checks in tomorrow (company time zone); published once per reservation by the hourly reminder job.",
    schema: reservationCheckinUpcomingDetail,
    sample: { ...reservationSample, checkinDay: '2026-03-15', timezone: 'America/New_York' },
  }),
}));

export type DomainEventType = keyof typeof DOMAIN_EVENTS;
export type EventDetail<T extends DomainEventType> = z.infer<(typeof DOMAIN_EVENTS)[T]['schema']>;
/** An event to publish: its detail-type and its detail. */
export type DomainEvent = { [T in DomainEventType]: { type: T; detail: EventDetail<T> } }[DomainEventType];

export const DOMAIN_EVENT_TYPES = pure(() => Object.keys(DOMAIN_EVENTS) as DomainEventType[]);

export function isDomainEventType(value: string): value is DomainEventType {
  return Object.prototype.hasOwnProperty.call(DOMAIN_EVENTS, value);
}

/** Builds an event with its detail type-checked against the catalogue. */
export function domainEvent<T extends DomainEventType>(type: T, detail: EventDetail<T>): DomainEvent {
  return { type, detail } as DomainEvent;
}

// ---------------------------------------------------------------------------------------------
// Webhooks (issue 39 point 4): the public events a company's endpoints receive. Each is versioned
// like the catalogue above: fields are only ever added (as optional in `data`); a breaking change is
// a new event name. The payload is Standard Webhooks' recommended shape `{ type, timestamp, data }`,
// built from one domain event of the company (`toWebhookPayloads`): nothing in it comes from another
// company, and the endpoints it goes to are that company's own.

/** A delivery's body. */
export interface WebhookPayload<D = Record<string, unknown>> {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** When it happened (the domain event's occurredAt), ISO 8601 UTC. */
  timestamp: string;
  data: D;
}

const publicTask = pure(() => ({
  companyId: id,
  id,
  title: z.string(),
  type: z.enum(TASK_TYPES),
  propertyId: id,
}));

const publicReservation = pure(() => ({
  companyId: id,
  id,
  propertyId: id,
  guestName: z.string(),
  checkinDate: instant,
  checkoutDate: instant,
  /** The user who made the change, `calendar-sync` for a channel's import, null when unknown. */
  changedBy: z.nullable(id),
}));

export const webhookTaskCreated = pure(() => z.object({
  ...publicTask,
  status: z.enum(TASK_STATUSES),
  assignedUserId: z.nullable(id),
  dueDate: z.nullable(instant),
  /** The task reports a problem at the property (problem.reported is sent too). */
  issue: z.boolean(),
  createdBy: id,
}));
export const webhookTaskUpdated = pure(() => z.object({
  ...publicTask,
  status: z.enum(TASK_STATUSES),
  assignedUserId: z.nullable(id),
  dueDate: z.nullable(instant),
  /** The fields whose value changed: title, description, type, propertyId, status, assignedUserId, dueDate. */
  changed: z.array(z.string()),
  changedBy: id,
}));
export const webhookTaskAssigned = pure(() => z.object({
  ...publicTask,
  assignedUserId: id,
  previousAssignedUserId: z.nullable(id),
  dueDate: z.nullable(instant),
  changedBy: id,
}));
export const webhookTaskCompleted = pure(() => z.object({
  ...publicTask,
  completedAt: instant,
  completedByUserId: z.nullable(id),
  dueDate: z.nullable(instant),
}));
export const webhookReservationCreated = pure(() => z.object({
  ...publicReservation,
  /** The channel it came from (airbnb, vrbo, booking, ical), null for one entered in the app. */
  source: z.nullable(z.string()),
  /** Imported by a newly connected feed's first sync: a booking that existed before, not a new one. */
  initialImport: z.boolean(),
}));
export const webhookReservationUpdated = pure(() => z.object({ ...publicReservation, changed: z.array(z.string()) }));
export const webhookReservationCancelled = pure(() => z.object({ ...publicReservation, reason: z.nullable(z.string()) }));
export const webhookReservationDoubleBooked = pure(() => z.object({
  ...publicReservation,
  checkinDay: day,
  checkoutDay: day,
  source: z.string(),
  /** The company's reservations already holding those nights. */
  conflictWith: z.array(id),
}));
export const webhookReservationGuestsLeft = pure(() => z.object({
  ...publicReservation,
  /** When the guests pressed "We have left" on their stay's private link (before or at its checkout). */
  leftAt: instant,
  /** Their note, when they left one (it may say where the keys are). */
  note: z.nullable(z.string()),
  /** The stay's turnover cleaning, still open when they left (null when there is none). */
  turnoverTaskId: z.nullable(id),
  /** The maintenance task their photo of something broken became, when they sent one. */
  maintenanceTaskId: z.nullable(id),
}));
export const webhookProblemReported = pure(() => z.object({
  companyId: id,
  /** The work-order task created for the problem. */
  taskId: id,
  propertyId: id,
  title: z.string(),
  description: z.nullable(z.string()),
  reportedByUserId: id,
  /** Reported from the field: the task it was found on, and how urgent it is (null otherwise). */
  sourceTaskId: z.nullable(id),
  urgency: z.nullable(z.enum(PROBLEM_URGENCIES)),
}));
/** An inspection's result, about the cleaning it inspected (`id`). */
const inspectionResultData = pure(() => ({
  ...publicTask,
  /** The inspection task (type `inspection`), completed with this result. */
  inspectionTaskId: id,
  /** 1 for the cleaning's first inspection, 2 after it failed once, … */
  round: z.int(),
  note: z.nullable(z.string()),
  /** The inspector (or the manager or API key's creator who recorded it). */
  changedBy: id,
}));
export const webhookTaskInspectionPassed = pure(() => z.object({ ...inspectionResultData }));
export const webhookTaskInspectionFailed = pure(() => z.object({
  ...inspectionResultData,
  /** The cleaning, open again (`pending`), with its cleaner and due time. */
  status: z.enum(TASK_STATUSES),
  assignedUserId: z.nullable(id),
  dueDate: z.nullable(instant),
  /** What the failed checklist items say (they are unticked on the cleaning). */
  failedItems: z.array(z.string()),
}));
export const webhookPropertyNotReady = pure(() => z.object({
  companyId: id,
  propertyId: id,
  /** The stay checking in next, and when. */
  reservationId: id,
  checkinDate: instant,
  /** The property's readiness then: occupied, needs_cleaning, cleaning or needs_inspection. */
  readiness: z.enum(PROPERTY_READINESS),
  /** The company's setting: how many hours before a check-in a home must be ready. */
  hoursBefore: z.int(),
}));
export const webhookTest = pure(() => z.object({ companyId: id, endpointId: id, message: z.string() }));

export interface WebhookEventDefinition<S extends z.ZodMiniType = z.ZodMiniType> {
  version: number;
  description: string;
  /** The domain event (detail-type above) it is built from. */
  source: DomainEventType;
  /** The schema of `data`. */
  schema: S;
  /** A sample `data`. */
  sample: z.infer<S>;
}

const publicEvent = <S extends z.ZodMiniType>(definition: WebhookEventDefinition<S>) => definition;

const SAMPLE_RESERVATION_DATA = {
  companyId: SAMPLE_COMPANY,
  id: SAMPLE_RESERVATION,
  propertyId: SAMPLE_PROPERTY,
  guestName: 'Emma Johnson',
  checkinDate: '2026-03-15T15:00:00.000Z',
  checkoutDate: '2026-03-19T11:00:00.000Z',
  changedBy: SAMPLE_CEO,
};

/** The public webhook events: name -> version, source event, payload `data` schema and sample. */
export const WEBHOOK_EVENTS = pure(() => ({
  'task.created': publicEvent({
    version: 1,
    description: 'A task was created (by hand, as a problem report, or as a reservation’s automatic turnover).',
    source: 'task.created',
    schema: webhookTaskCreated,
    sample: { companyId: SAMPLE_COMPANY, id: SAMPLE_TASK, title: 'Fix leaking tap', type: 'maintenance', propertyId: SAMPLE_PROPERTY, status: 'pending', assignedUserId: SAMPLE_STAFF, dueDate: '2026-03-15T12:00:00.000Z', issue: true, createdBy: SAMPLE_CEO },
  }),
  'task.updated': publicEvent({
    version: 1,
    description: 'A task was changed by a person; `changed` names the fields. Assigning and completing also send their own event.',
    source: 'task.updated',
    schema: webhookTaskUpdated,
    sample: { companyId: SAMPLE_COMPANY, id: SAMPLE_TASK, title: 'Turnover cleaning and linen', type: 'cleaning', propertyId: SAMPLE_PROPERTY, status: 'in_progress', assignedUserId: SAMPLE_STAFF, dueDate: '2026-03-15T12:00:00.000Z', changed: ['title', 'status'], changedBy: SAMPLE_CEO },
  }),
  'task.assigned': publicEvent({
    version: 1,
    description: 'A task got an assignee: created with one, or its assignee changed to someone.',
    source: 'task.assigned',
    schema: webhookTaskAssigned,
    sample: { companyId: SAMPLE_COMPANY, id: SAMPLE_TASK, title: 'Turnover cleaning', type: 'cleaning', propertyId: SAMPLE_PROPERTY, assignedUserId: SAMPLE_STAFF, previousAssignedUserId: null, dueDate: '2026-03-15T12:00:00.000Z', changedBy: SAMPLE_CEO },
  }),
  'task.completed': publicEvent({
    version: 1,
    description: 'A task was completed.',
    source: 'task.completed',
    schema: webhookTaskCompleted,
    sample: { companyId: SAMPLE_COMPANY, id: SAMPLE_TASK, title: 'Turnover cleaning', type: 'cleaning', propertyId: SAMPLE_PROPERTY, completedAt: '2026-03-15T11:30:00.000Z', completedByUserId: SAMPLE_STAFF, dueDate: '2026-03-15T12:00:00.000Z' },
  }),
  'task.inspection_passed': publicEvent({
    version: 1,
    description: 'An inspection passed: the cleaning (`id`) stays completed and counts as inspected; the home is ready unless something else is open.',
    source: 'task.inspection_passed',
    schema: webhookTaskInspectionPassed,
    sample: { companyId: SAMPLE_COMPANY, id: SAMPLE_TASK, title: 'Turnover cleaning', type: 'cleaning', propertyId: SAMPLE_PROPERTY, inspectionTaskId: '01JD0000000000000000000010', round: 2, note: null, changedBy: SAMPLE_CEO },
  }),
  'task.inspection_failed': publicEvent({
    version: 1,
    description: 'An inspection failed: the cleaning (`id`) is open again with the failed items unticked, and its cleaner is told.',
    source: 'task.inspection_failed',
    schema: webhookTaskInspectionFailed,
    sample: {
      companyId: SAMPLE_COMPANY,
      id: SAMPLE_TASK,
      title: 'Turnover cleaning',
      type: 'cleaning',
      propertyId: SAMPLE_PROPERTY,
      inspectionTaskId: '01JD0000000000000000000009',
      round: 1,
      note: 'Bathroom mirror still smeared.',
      changedBy: SAMPLE_CEO,
      status: 'pending',
      assignedUserId: SAMPLE_STAFF,
      dueDate: '2026-03-15T16:00:00.000Z',
      failedItems: ['Clean the bathroom mirror'],
    },
  }),
  'property.not_ready': publicEvent({
    version: 1,
    description: 'A property is still not ready the company’s set number of hours before its next check-in (sent once per check-in).',
    source: 'property.not_ready',
    schema: webhookPropertyNotReady,
    sample: { companyId: SAMPLE_COMPANY, propertyId: SAMPLE_PROPERTY, reservationId: SAMPLE_RESERVATION, checkinDate: '2026-03-15T19:00:00.000Z', readiness: 'needs_cleaning', hoursBefore: 3 },
  }),
  'reservation.created': publicEvent({
    version: 1,
    description: 'A reservation was recorded: entered in the app, or imported from a channel’s calendar.',
    source: 'reservation.created',
    schema: webhookReservationCreated,
    sample: { ...SAMPLE_RESERVATION_DATA, changedBy: SYNC_ACTOR_ID, source: 'airbnb', initialImport: false },
  }),
  'reservation.updated': publicEvent({
    version: 1,
    description: 'A reservation changed (dates, guest, source or its feed flag); `changed` names the fields.',
    source: 'reservation.updated',
    schema: webhookReservationUpdated,
    sample: { ...SAMPLE_RESERVATION_DATA, changed: ['checkinDate'] },
  }),
  'reservation.cancelled': publicEvent({
    version: 1,
    description: 'A reservation was cancelled: its nights are free again.',
    source: 'reservation.cancelled',
    schema: webhookReservationCancelled,
    sample: { ...SAMPLE_RESERVATION_DATA, reason: 'Guest cancelled' },
  }),
  'reservation.double_booked': publicEvent({
    version: 1,
    description: 'A channel’s booking lies over nights another booking holds: both are kept, flagged, until a manager resolves it.',
    source: 'reservation.double_booked',
    schema: webhookReservationDoubleBooked,
    sample: { ...SAMPLE_RESERVATION_DATA, changedBy: SYNC_ACTOR_ID, checkinDay: '2026-03-15', checkoutDay: '2026-03-19', source: 'booking', conflictWith: ['01JD0000000000000000000007'] },
  }),
  'reservation.guests_left': publicEvent({
    version: 1,
    description: 'The guests said they have left, on their stay’s private link: the home is free before its checkout time (lock codes, heating, the cleaning can start).',
    source: 'reservation.guests_left',
    schema: webhookReservationGuestsLeft,
    sample: { ...SAMPLE_RESERVATION_DATA, changedBy: GUEST_ACTOR_ID, leftAt: '2026-03-19T09:12:00.000Z', note: 'Keys are in the box by the door.', turnoverTaskId: SAMPLE_TASK, maintenanceTaskId: null },
  }),
  'problem.reported': publicEvent({
    version: 1,
    description: 'A problem at a property was reported (a work-order task was created for it).',
    source: 'property.issue_reported',
    schema: webhookProblemReported,
    sample: { companyId: SAMPLE_COMPANY, taskId: SAMPLE_TASK, propertyId: SAMPLE_PROPERTY, title: 'Fix leaking tap', description: 'Water under the kitchen sink.', reportedByUserId: SAMPLE_STAFF, sourceTaskId: '01JD0000000000000000000006', urgency: 'high' },
  }),
} satisfies Record<WebhookEventType, WebhookEventDefinition>));

/** The test delivery sent (synchronously) when an endpoint is added; never subscribed to. */
export const WEBHOOK_TEST_DEFINITION = pure(() => publicEvent({
  version: 1,
  description: 'Sent once when an endpoint is added: it must answer 2xx for the endpoint to be saved.',
  source: 'task.created',
  schema: webhookTest,
  sample: { companyId: SAMPLE_COMPANY, endpointId: '01JD0000000000000000000008', message: 'RentalOps test delivery' },
}));

/** The public events each domain event becomes (most become one; events of no public interest none). */
export const WEBHOOK_EVENTS_BY_SOURCE = pure(() => {
  const map = new Map<DomainEventType, WebhookEventType[]>();
  for (const [name, definition] of Object.entries(WEBHOOK_EVENTS) as Array<[WebhookEventType, WebhookEventDefinition]>) {
    map.set(definition.source, [...(map.get(definition.source) ?? []), name]);
  }
  return map;
});

/** The domain events that have a public webhook event (the webhook fan-out's rules). */
export const WEBHOOK_SOURCE_EVENTS = pure(() => [...WEBHOOK_EVENTS_BY_SOURCE.keys()]);

/** Each public event's source domain event (as WEBHOOK_EVENTS says, for the type checker). */
interface WebhookSources {
  'task.created': 'task.created';
  'task.updated': 'task.updated';
  'task.assigned': 'task.assigned';
  'task.completed': 'task.completed';
  'task.inspection_passed': 'task.inspection_passed';
  'task.inspection_failed': 'task.inspection_failed';
  'property.not_ready': 'property.not_ready';
  'reservation.created': 'reservation.created';
  'reservation.updated': 'reservation.updated';
  'reservation.cancelled': 'reservation.cancelled';
  'reservation.double_booked': 'reservation.double_booked';
  'reservation.guests_left': 'reservation.guests_left';
  'problem.reported': 'property.issue_reported';
}

/** Each public event's `data`, from its source event's detail (only fields the schema names). */
const TO_DATA: { [W in WebhookEventType]: (detail: EventDetail<WebhookSources[W]>) => Record<string, unknown> } = {
  'task.created': (d) => ({ companyId: d.companyId, id: d.taskId, title: d.title, type: d.type, propertyId: d.propertyId, status: d.status, assignedUserId: d.assignedUserId, dueDate: d.dueDate, issue: d.issue, createdBy: d.actorUserId }),
  'task.updated': (d) => ({ companyId: d.companyId, id: d.taskId, title: d.title, type: d.type, propertyId: d.propertyId, status: d.status, assignedUserId: d.assignedUserId, dueDate: d.dueDate, changed: d.changed, changedBy: d.actorUserId }),
  'task.assigned': (d) => ({ companyId: d.companyId, id: d.taskId, title: d.title, type: d.type, propertyId: d.propertyId, assignedUserId: d.assignedUserId, previousAssignedUserId: d.previousAssignedUserId, dueDate: d.dueDate, changedBy: d.actorUserId }),
  'task.completed': (d) => ({ companyId: d.companyId, id: d.taskId, title: d.title, type: d.type, propertyId: d.propertyId, completedAt: d.completedAt, completedByUserId: d.completedByUserId, dueDate: d.dueDate }),
  'task.inspection_passed': (d) => ({ companyId: d.companyId, id: d.taskId, title: d.title, type: d.type, propertyId: d.propertyId, inspectionTaskId: d.inspectionTaskId, round: d.round, note: d.note, changedBy: d.actorUserId }),
  'task.inspection_failed': (d) => ({
    companyId: d.companyId,
    id: d.taskId,
    title: d.title,
    type: d.type,
    propertyId: d.propertyId,
    inspectionTaskId: d.inspectionTaskId,
    round: d.round,
    note: d.note,
    changedBy: d.actorUserId,
    status: 'pending',
    assignedUserId: d.assignedUserId,
    dueDate: d.dueDate,
    failedItems: d.failedItems,
  }),
  'property.not_ready': (d) => ({ companyId: d.companyId, propertyId: d.propertyId, reservationId: d.reservationId, checkinDate: d.checkinDate, readiness: d.readiness, hoursBefore: d.hoursBefore }),
  'reservation.created': (d) => ({ ...reservationData(d), source: d.integrationSource, initialImport: d.initialImport === true }),
  'reservation.updated': (d) => ({ ...reservationData(d), changed: d.changed }),
  'reservation.cancelled': (d) => ({ ...reservationData(d), reason: d.reason }),
  'reservation.double_booked': (d) => ({ ...reservationData(d), checkinDay: d.checkinDay, checkoutDay: d.checkoutDay, source: d.source, conflictWith: d.conflictWith }),
  'reservation.guests_left': (d) => ({ ...reservationData(d), leftAt: d.leftAt, note: d.note, turnoverTaskId: d.turnoverTaskId, maintenanceTaskId: d.maintenanceTaskId }),
  'problem.reported': (d) => ({
    companyId: d.companyId,
    taskId: d.taskId,
    propertyId: d.propertyId,
    title: d.title,
    description: d.description,
    reportedByUserId: d.reportedByUserId,
    sourceTaskId: d.sourceTaskId ?? null,
    urgency: d.urgency ?? null,
  }),
};

function reservationData(d: z.infer<typeof reservationCreatedDetail> | z.infer<typeof reservationUpdatedDetail> | z.infer<typeof reservationCancelledDetail> | z.infer<typeof reservationDoubleBookedDetail> | z.infer<typeof reservationGuestsLeftDetail>) {
  return { companyId: d.companyId, id: d.reservationId, propertyId: d.propertyId, guestName: d.guestName, checkinDate: d.checkinDate, checkoutDate: d.checkoutDate, changedBy: d.actorUserId ?? null };
}

/**
 * The public payload(s) a domain event becomes: `{ type, timestamp, data }` per webhook event built
 * from it (none for an event of no public interest). The detail is read field by field, so nothing
 * the domain event carries beyond the public schema (the outbox's event id, internal flags) leaves.
 */
export function toWebhookPayloads(event: { type: string; detail: unknown }): WebhookPayload[] {
  if (!isDomainEventType(event.type)) return [];
  const names = WEBHOOK_EVENTS_BY_SOURCE.get(event.type) ?? [];
  return names.map((name) => {
    const detail = event.detail as { occurredAt: string };
    const build = TO_DATA[name] as (d: unknown) => Record<string, unknown>;
    return { type: name, timestamp: new Date(detail.occurredAt).toISOString(), data: build(event.detail) };
  });
}

/** The sample payload of a public event (documentation, the OpenAPI document's webhooks). */
export function sampleWebhookPayload(name: WebhookEventType | typeof WEBHOOK_TEST_EVENT): WebhookPayload {
  const definition = name === WEBHOOK_TEST_EVENT ? WEBHOOK_TEST_DEFINITION : WEBHOOK_EVENTS[name];
  return { type: name, timestamp: '2026-03-14T10:00:00.000Z', data: definition.sample as Record<string, unknown> };
}
