// The event-handler manifest, like the route table: which handler module
// (functions/handlers/<handler>.ts, exporting `handler`) consumes which domain event, and which
// jobs run on a schedule. The CDK events construct builds one EventBridge rule per entry
// (pattern: source `rentalops`, detail-type) targeting one function, and one EventBridge Scheduler
// schedule per job; under `npm start` and in tests the in-process bus (local/event-bus.ts)
// and the local scheduler (local/scheduler.ts) call the same modules.
// Pure data: keep it free of imports with side effects.
import type { DomainEventType } from '../events/catalogue';
import type { QueueName } from './jobs/port';

/**
 * The domain events that have a public webhook event (events/catalogue.ts WEBHOOK_EVENTS `source`),
 * written out here so the manifest stays free of the catalogue's schemas; events/catalogue.test.ts
 * checks the two agree.
 */
export const WEBHOOK_FAN_OUT_SOURCES: readonly DomainEventType[] = [
  'task.created',
  'task.updated',
  'task.assigned',
  'task.completed',
  'task.inspection_passed',
  'task.inspection_failed',
  'property.not_ready',
  'reservation.created',
  'reservation.updated',
  'reservation.cancelled',
  'reservation.double_booked',
  'reservation.guests_left',
  'property.issue_reported',
];

export type EventHandlerNeed = 'ses' | 'sns' | 'events' | 'queue' | 'payments';

export interface EventHandlerDefinition {
  /** The EventBridge detail-type the rule matches (source is always EVENT_SOURCE, `rentalops`). */
  detailType: DomainEventType;
  handler: string;
  /** AWS permissions beyond the table (least-privilege grants), as in the route table. */
  needs: readonly EventHandlerNeed[];
}

export interface ScheduledJobDefinition {
  handler: string;
  /** An EventBridge Scheduler expression. */
  schedule: string;
  /**
   * The payload the schedule sends (EventBridge Scheduler `Input`); `<aws.scheduler.scheduled-time>`
   * is replaced by the scheduled time. Handlers read `time` and fall back to the current time.
   */
  input: Record<string, string>;
  needs: readonly EventHandlerNeed[];
}

const SEND: readonly EventHandlerNeed[] = ['ses', 'sns'];

export const EVENT_HANDLERS: readonly EventHandlerDefinition[] = [
  { detailType: 'task.assigned', handler: 'notify-task-assigned', needs: SEND },
  { detailType: 'task.completed', handler: 'notify-task-completed', needs: SEND },
  { detailType: 'property.issue_reported', handler: 'notify-property-issue', needs: SEND },
  { detailType: 'reservation.checkin_upcoming', handler: 'notify-checkin-upcoming', needs: SEND },
  // Reservations and the calendar sync (switches reservationChanges and calendarSync).
  { detailType: 'reservation.created', handler: 'notify-reservation-created', needs: SEND },
  { detailType: 'reservation.updated', handler: 'notify-reservation-changed', needs: SEND },
  { detailType: 'reservation.cancelled', handler: 'notify-reservation-cancelled', needs: SEND },
  { detailType: 'reservation.missing_from_feed', handler: 'notify-booking-missing', needs: SEND },
  { detailType: 'reservation.double_booked', handler: 'notify-double-booking', needs: SEND },
  { detailType: 'calendar.feed_failed', handler: 'notify-calendar-feed-failed', needs: SEND },
  // Members told of their own work (their own preferences): assigned, taken off, moved, cancelled.
  { detailType: 'task.assigned', handler: 'notify-assignee-assigned', needs: SEND },
  { detailType: 'task.unassigned', handler: 'notify-assignee-unassigned', needs: SEND },
  { detailType: 'task.rescheduled', handler: 'notify-assignee-rescheduled', needs: SEND },
  { detailType: 'task.cancelled', handler: 'notify-assignee-cancelled', needs: SEND },
  // Inspections and readiness (issue 40): the cleaner of a failed inspection; the office of an
  // inspection without an inspector and of a property not ready before its check-in.
  { detailType: 'task.inspection_failed', handler: 'notify-inspection-failed', needs: SEND },
  { detailType: 'task.inspection_requested', handler: 'notify-inspection-requested', needs: SEND },
  { detailType: 'property.not_ready', handler: 'notify-property-not-ready', needs: SEND },
  // The guests said "we have left" (issue 40 point 4): the turnover's assignee is told it can start.
  { detailType: 'task.guests_left', handler: 'notify-assignee-guests-left', needs: SEND },
  // Without an open turnover the office is told instead (the company cleans by hand, or the turnover was dismissed or done).
  { detailType: 'reservation.guests_left', handler: 'notify-office-guests-left', needs: SEND },
  // Repairs the owner pays for (issue 41 point 4): the owners of a repair waiting for them; the office of their decision.
  { detailType: 'task.approval_requested', handler: 'notify-owner-approval-requested', needs: SEND },
  { detailType: 'task.approval_decided', handler: 'notify-owner-approval-decided', needs: SEND },
  // The team (switch teamChanges). member.invited is the CEO's own act: no alert.
  { detailType: 'member.joined', handler: 'notify-member-joined', needs: SEND },
  { detailType: 'member.role_changed', handler: 'notify-member-role-changed', needs: SEND },
  { detailType: 'member.removed', handler: 'notify-member-removed', needs: SEND },
  // Owner stays (issue 41 point 3): the office's bell of a request, the owner's of the answer.
  { detailType: 'owner_stay.requested', handler: 'notify-owner-stay-requested', needs: SEND },
  { detailType: 'owner_stay.decided', handler: 'notify-owner-stay-decided', needs: SEND },
  // Webhooks (issue 39): every event with a public webhook event (events/catalogue.ts WEBHOOK_EVENTS)
  // to one module, which queues one webhook-deliveries message per subscribed endpoint.
  ...WEBHOOK_FAN_OUT_SOURCES.map((detailType): EventHandlerDefinition => ({ detailType, handler: 'fan-out-webhooks', needs: ['queue'] })),
];

export const SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [
  {
    // Hands each reservation checking in tomorrow to the check-in-reminders queue (functions/notifications/checkin-reminders.ts).
    handler: 'send-checkin-reminders',
    schedule: 'rate(1 hour)',
    input: { time: '<aws.scheduler.scheduled-time>' },
    needs: ['queue'],
  },
  {
    // Hands every due iCal feed to the calendar-sync queue (functions/reservations/calendar-sync/jobs.ts); the
    // feeds' own schedule (30 minutes, backoff when failing) says which are due.
    handler: 'sync-calendar-feeds',
    schedule: 'rate(5 minutes)',
    input: { time: '<aws.scheduler.scheduled-time>' },
    needs: ['queue'],
  },
  {
    // The evening digest of tomorrow's tasks, from each member's digest hour (18:00 company zone by
    // default): each member with tasks tomorrow to the task-digests queue (functions/notifications/task-digest.ts).
    handler: 'send-task-digests',
    schedule: 'rate(1 hour)',
    input: { time: '<aws.scheduler.scheduled-time>' },
    needs: ['queue'],
  },
  {
    // The trial's end (issue 22): each company whose reminder to the CEO (3 days and 1 day before and
    // at the end, each once) is due to the trial-reminders queue (functions/billing/trial-dispatch.ts).
    handler: 'send-trial-reminders',
    schedule: 'rate(1 hour)',
    input: { time: '<aws.scheduler.scheduled-time>' },
    needs: ['queue'],
  },
  {
    // Downgrades due at the end of the paid period that no renewal webhook applied (issue 22): each
    // to the due-downgrades queue (functions/billing/plan-change.ts dispatchDueDowngrades).
    handler: 'apply-due-downgrades',
    schedule: 'rate(1 hour)',
    input: { time: '<aws.scheduler.scheduled-time>' },
    needs: ['queue'],
  },
  {
    // Owner reports (issue 21 point 4): on the 1st of a month in each company's zone, each property
    // owner gets the previous month's PDF by e-mail, once per owner and month: each owner due to the
    // owner-reports queue (functions/reports/owner/dispatch.ts).
    handler: 'send-owner-reports',
    schedule: 'rate(1 hour)',
    input: { time: '<aws.scheduler.scheduled-time>' },
    needs: ['queue'],
  },
  {
    // Webhook retries waiting longer than a queue delay (15 min): each due message to the
    // webhook-deliveries queue, with the delay left (functions/webhooks/delivery.ts dispatchDueRetries).
    handler: 'dispatch-webhook-retries',
    schedule: 'rate(5 minutes)',
    input: { time: '<aws.scheduler.scheduled-time>' },
    needs: ['queue'],
  },
  {
    // Readiness (issue 40 point 3): stores each property's readiness again around its check-ins and
    // check-outs, and alerts the office once per check-in of a property not ready the company's
    // readinessAlertHours before it (property.not_ready in the outbox, claimed once) (functions/properties/readiness-alerts.ts).
    handler: 'check-readiness',
    schedule: 'rate(15 minutes)',
    input: { time: '<aws.scheduler.scheduled-time>' },
    needs: [],
  },
];

/**
 * The queues and their workers: one SQS queue per entry (with a dead-letter queue after
 * `maxReceiveCount` deliveries, and an alarm on it), the worker function taking `batchSize`
 * messages at a time and reporting partial batch failures. Under `npm start` and in tests the
 * in-process queue (local/job-queue.ts) calls the same worker module.
 */
export interface QueueWorkerDefinition {
  queue: QueueName;
  handler: string;
  batchSize: number;
  maxReceiveCount: number;
  /** The worker function's timeout; the queue's visibility timeout is six times it (AWS's advice). */
  timeoutSeconds: number;
  needs: readonly EventHandlerNeed[];
  /** At most this many invocations at once (the SQS event source's maximum concurrency; default 20). */
  maxConcurrency?: number;
}

/** A queue worker's concurrency when its row names none. */
export const DEFAULT_WORKER_CONCURRENCY = 20;

export const QUEUE_WORKERS: readonly QueueWorkerDefinition[] = [
  // One feed per message: fetch, parse, import (functions/reservations/calendar-sync/jobs.ts). It sends its own
  // continuation (a long import) to the same queue; the sync's domain events go to the outbox with its writes.
  { queue: 'calendar-sync', handler: 'sync-calendar-feed', batchSize: 5, maxReceiveCount: 5, timeoutSeconds: 60, needs: ['queue'] },
  // One reminder per message: its marker and reservation.checkin_upcoming in one transaction (the events outbox).
  { queue: 'checkin-reminders', handler: 'remind-checkin', batchSize: 10, maxReceiveCount: 5, timeoutSeconds: 30, needs: [] },
  // One member's evening digest per message (e-mail and SMS).
  { queue: 'task-digests', handler: 'send-task-digest', batchSize: 10, maxReceiveCount: 5, timeoutSeconds: 60, needs: ['ses', 'sns'] },
  // One company's trial reminder per message (e-mail to its CEOs, claimed once).
  { queue: 'trial-reminders', handler: 'send-trial-reminder', batchSize: 10, maxReceiveCount: 5, timeoutSeconds: 30, needs: ['ses'] },
  // One owner's monthly report per message (PDF built and attached, SES, claimed once): small batches.
  { queue: 'owner-reports', handler: 'send-owner-report', batchSize: 2, maxReceiveCount: 5, timeoutSeconds: 120, needs: ['ses'] },
  // One company's due downgrade per message (applied or refused), then the subscription's price follows.
  { queue: 'due-downgrades', handler: 'apply-due-downgrade', batchSize: 5, maxReceiveCount: 5, timeoutSeconds: 60, needs: ['payments'] },
  // One attempt of one webhook message per record (signed POST, 10 s deadline; the batch's records
  // are sent side by side). It queues its own short retries; a failing endpoint is disabled and the
  // CEOs mailed. An invocation lasts as long as its slowest record, so endpoints known to be slow
  // (their last attempt took over 2 s or got no answer: functions/webhooks/lanes.ts) have a lane of
  // their own, below: the fan-out and the retries send their messages there, and the healthy
  // endpoints' deliveries never wait behind theirs (docs/webhooks.md).
  { queue: 'webhook-deliveries', handler: 'deliver-webhook', batchSize: 10, maxReceiveCount: 5, timeoutSeconds: 30, needs: ['queue', 'ses'], maxConcurrency: 100 },
  // The slow endpoints' lane: the same worker code (functions/webhooks/worker.ts) with a modest
  // concurrency of its own; an endpoint comes back to the lane above after a fast success.
  { queue: 'webhook-deliveries-slow', handler: 'deliver-webhook-slow', batchSize: 10, maxReceiveCount: 5, timeoutSeconds: 30, needs: ['queue', 'ses'], maxConcurrency: 10 },
];

/**
 * The events outbox's relay (functions/data/outbox.ts): the table's stream, filtered to new outbox
 * items, feeds this function, which puts their events on the bus (partial batch failures, bisect on
 * error, a dead-letter queue). Locally local/outbox-relay.ts plays it.
 */
export interface OutboxRelayDefinition {
  handler: string;
  /** Stream records per invocation. */
  batchSize: number;
  /** Retries of a failing record (the batch bisected) before it goes to the relay's dead-letter queue. */
  maxRetryAttempts: number;
  timeoutSeconds: number;
  needs: readonly EventHandlerNeed[];
}

export const OUTBOX_RELAY: OutboxRelayDefinition = { handler: 'relay-outbox', batchSize: 25, maxRetryAttempts: 8, timeoutSeconds: 60, needs: ['events'] };

export function queueWorkerFor(queue: QueueName): QueueWorkerDefinition {
  const worker = QUEUE_WORKERS.find((entry) => entry.queue === queue);
  if (!worker) throw new Error(`No worker for queue '${queue}'`);
  return worker;
}

export function eventHandlersFor(detailType: string): EventHandlerDefinition[] {
  return EVENT_HANDLERS.filter((entry) => entry.detailType === detailType);
}
