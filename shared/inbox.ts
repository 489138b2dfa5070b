// The in-app notification feed (the bell): what one member is told of, one item per recipient.
// Written by the domain-event consumers (functions/notifications/inbox.ts), read by
// GET /api/me/inbox and shown by the shell's bell in the reader's own language.

export const INBOX_KINDS = [
  /** A task was assigned to me / taken off me / moved / cancelled (my own work). */
  'task_assigned',
  'task_unassigned',
  'task_rescheduled',
  'task_cancelled',
  /** The guests of a stay said they have left (its turnover can start): its assignee, or the office when unassigned. */
  'guests_left',
  /** The same when the stay had no open turnover: the office, told the home is free. */
  'guests_left_stay',
  /** The office: a task completed, a problem reported, a calendar that failed, a double booking, a booking gone from its feed. */
  'task_completed',
  'problem_reported',
  'calendar_failed',
  'double_booking',
  'booking_missing',
  /**
   * Issue 40: my cleaning failed its inspection (it is open again); the office: an inspection
   * waiting for someone (no inspector), a property not ready before its check-in.
   */
  'inspection_failed',
  'inspection_requested',
  'property_not_ready',
  /** Issue 41 point 3: the office, an owner asked for an owner stay; the owner, the office's answer. */
  'owner_stay_requested',
  'owner_stay_accepted',
  'owner_stay_declined',
  /** Issue 41 point 4: the owner, a repair waits for their approval; the office, the owner's decision. */
  'approval_requested',
  'approval_approved',
  'approval_declined',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Items older than this are deleted by DynamoDB's TTL (read or not). */
export const INBOX_RETENTION_DAYS = 60;
/** The unread count reads at most this many entries; the bell shows "99+" beyond. */
export const INBOX_UNREAD_CAP = 100;

export interface InboxItem {
  id: string;
  kind: InboxKind;
  /** When it happened (the event's occurredAt). */
  createdAt: string;
  readAt: string | null;
  /** The task's title or the guest's name. */
  title: string | null;
  /** The property's name (or id when it was not found). */
  property: string | null;
  propertyId: string | null;
  taskId: string | null;
  reservationId: string | null;
  /** Who did it (a name), when someone did. */
  actor: string | null;
  /** The task's due instant, or the stay's check-in; previousWhen for a move. */
  when: string | null;
  previousWhen: string | null;
  /** The company's time zone, to show `when` in it. */
  timeZone: string | null;
  /** A short detail: a channel (airbnb…) or an urgency. */
  detail: string | null;
}

export interface InboxView {
  items: InboxItem[];
  /** Unread items (at most INBOX_UNREAD_CAP). */
  unread: number;
  nextCursor: string | null;
}
