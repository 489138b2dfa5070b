// Every key string of the single table is composed here and nowhere else.
// Tenant data lives under partitions that start with the company id taken from the session.
import type { TaskStatus, TaskType } from '#shared/enums';

const company = (companyId: string) => `COMPANY#${companyId}`;

export interface Key {
  pk: string;
  sk: string;
}

/** Partitions of the due-feeds index (see keys.calendarFeedIndex). */
export const CALENDAR_SYNC_SHARDS = 16;

/** Partitions of the webhook retry index (see keys.webhookRetryIndex). */
export const WEBHOOK_RETRY_SHARDS = 8;

/** A feed's shard: a stable hash of its id. */
export function feedShard(feedId: string): number {
  let hash = 0;
  for (const char of feedId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % CALENDAR_SYNC_SHARDS;
}

/** The check-in-day index entry of a reservation (see keys.checkinsOnDay). */
function checkinDayIndex(companyId: string, r: { id: string; checkinDate: string }): Record<string, string> {
  const checkin = new Date(r.checkinDate);
  if (Number.isNaN(checkin.getTime())) return {};
  return { gsi3pk: `CHECKINDAY#${checkin.toISOString().slice(0, 10)}`, gsi3sk: `${checkin.toISOString()}#${companyId}#${r.id}` };
}

/** Whether a key is a task item's (`COMPANY#<id>` / `TASK#<taskId>`), not another item under `TASK…`. */
export function isTaskItemKey(key: { pk?: unknown; sk?: unknown }): boolean {
  return typeof key.pk === 'string' && key.pk.startsWith('COMPANY#') && typeof key.sk === 'string' && /^TASK#[^#]+$/.test(key.sk);
}

/** The company id of a tenant partition key (`COMPANY#<id>`), or undefined for any other key. */
export function companyIdOfPartition(pk: string): string | undefined {
  return pk.startsWith('COMPANY#') ? pk.slice('COMPANY#'.length) : undefined;
}

/** gsi3 of a trial company: the UTC day its trial ends (see keys.companyIndexes). */
function trialEndIndex(companyId: string, trialEndsAt: string): Record<string, string> {
  const end = new Date(trialEndsAt).toISOString();
  return { gsi3pk: `TRIALENDS#${end.slice(0, 10)}`, gsi3sk: `${end}#${companyId}` };
}

export const keys = {
  companyPartition: company,

  company: (companyId: string): Key => ({ pk: company(companyId), sk: 'COMPANY' }),
  /**
   * Index attributes of a company item (kept by every write of the whole item, and by trial changes):
   * gsi2, every company by creation (the master's console lists them; one small partition, read by
   * that console only); gsi3, a trial company by the UTC day its trial ends, so the reminder job
   * reads a few days' partitions, never a Scan (tenancy: the company id in the sort key).
   */
  companyIndexes: (c: { id: string; createdAt: string; plan: string; trialEndsAt?: string | null }): Record<string, string> => ({
    gsi2pk: 'COMPANIES',
    gsi2sk: `${c.createdAt}#${c.id}`,
    ...(c.plan === 'trial' && c.trialEndsAt ? trialEndIndex(c.id, c.trialEndsAt) : {}),
  }),
  allCompanies: 'COMPANIES',
  trialEndIndex,
  trialsEndingOn: (utcDay: string) => `TRIALENDS#${utcDay}`,
  /** Claimed once per company, reminder and trial end by the trial reminder job (each e-mail once). */
  trialReminder: (companyId: string, reminder: string, trialEndsAt: string): Key => ({
    pk: company(companyId),
    sk: `TRIALREMINDER#${reminder}#${trialEndsAt}`,
  }),
  /**
   * API keys (issue 39): the company's record of a key (listed on the Integrations page, never the
   * key itself), and the lookup item a bearer call reads before its company is known: its
   * partition is the SHA-256 of the key, so the key is never stored. Per-minute call counters of a
   * key (its rate limit) live beside the lookup item, with a TTL.
   */
  apiKey: (companyId: string, keyId: string): Key => ({ pk: company(companyId), sk: `APIKEY#${keyId}` }),
  apiKeyPrefix: 'APIKEY#',
  apiKeyLookup: (keyHash: string): Key => ({ pk: `APIKEY#${keyHash}`, sk: 'APIKEY' }),
  apiKeyCalls: (keyHash: string, window: number): Key => ({ pk: `APIKEY#${keyHash}`, sk: `CALLS#${window}` }),
  /** The company's integration history (keys and webhooks created, changed, revoked), ULID ids: newest first. */
  integrationAudit: (companyId: string, entryId: string): Key => ({ pk: company(companyId), sk: `INTEGRATIONAUDIT#${entryId}` }),
  integrationAuditPrefix: 'INTEGRATIONAUDIT#',
  /** What the master account did to a company (console actions), ULID ids: newest first on the prefix. */
  adminAudit: (companyId: string, entryId: string): Key => ({ pk: company(companyId), sk: `ADMINAUDIT#${entryId}` }),
  adminAuditPrefix: 'ADMINAUDIT#',
  /** Counters kept in the same transaction as the writes that change them. */
  companyStats: (companyId: string): Key => ({ pk: company(companyId), sk: 'STATS' }),
  /** Per-month money counters (UTC month): paidCents (invoices paid), expenseCents (expenses dated in it). */
  monthlyRevenue: (companyId: string, month: string): Key => ({ pk: company(companyId), sk: `REVENUE#${month}` }),
  monthlyRevenuePrefix: 'REVENUE#',

  user: (companyId: string, userId: string): Key => ({ pk: company(companyId), sk: `USER#${userId}` }),
  userPrefix: 'USER#',
  /** Global uniqueness and sign-in lookup of an e-mail address. */
  emailClaim: (email: string): Key => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),

  property: (companyId: string, propertyId: string): Key => ({ pk: company(companyId), sk: `PROPERTY#${propertyId}` }),
  propertyPrefix: 'PROPERTY#',
  /**
   * The company's property groups and who is scoped to them (issue 41, docs/property-scope.md): one
   * item, so a request resolves its caller's scope with one read (in its session's BatchGetItem).
   */
  propertyGroups: (companyId: string): Key => ({ pk: company(companyId), sk: 'PROPERTYGROUPS' }),
  /** An owner stay request (issue 41 point 3, docs/owners.md); the item carries its propertyId (the property scope). */
  ownerStayRequest: (companyId: string, requestId: string): Key => ({ pk: company(companyId), sk: `OWNERSTAY#${requestId}` }),
  ownerStayRequestPrefix: 'OWNERSTAY#',

  task: (companyId: string, taskId: string): Key => ({ pk: company(companyId), sk: `TASK#${taskId}` }),
  taskPrefix: 'TASK#',
  /**
   * The task list's revision (`rev`, a number, and `at`, when it last moved): every transaction that
   * writes a task item adds 1 to it (functions/data/db.ts transactWrite), so a process may keep a
   * first page of the list while the revision it read it at is still the item's.
   */
  taskListRevision: (companyId: string): Key => ({ pk: company(companyId), sk: 'TASKLIST#REV' }),
  taskIndexes: (companyId: string, task: { id: string; status: TaskStatus; type: TaskType; propertyId: string }) => ({
    gsi1pk: `${company(companyId)}#TASKS#STATUS#${task.status}`,
    gsi1sk: `TASK#${task.id}`,
    gsi2pk: `${company(companyId)}#TASKS#TYPE#${task.type}`,
    gsi2sk: `TASK#${task.id}`,
    gsi3pk: `${company(companyId)}#TASKS#STATUS#${task.status}#TYPE#${task.type}`,
    gsi3sk: `TASK#${task.id}`,
    gsi4pk: `${company(companyId)}#PROPERTY#${task.propertyId}#TASKS`,
    gsi4sk: `TASK#${task.id}`,
  }),
  tasksByStatus: (companyId: string, status: TaskStatus) => `${company(companyId)}#TASKS#STATUS#${status}`,
  tasksByType: (companyId: string, type: TaskType) => `${company(companyId)}#TASKS#TYPE#${type}`,
  tasksByStatusAndType: (companyId: string, status: TaskStatus, type: TaskType) =>
    `${company(companyId)}#TASKS#STATUS#${status}#TYPE#${type}`,
  tasksByProperty: (companyId: string, propertyId: string) => `${company(companyId)}#PROPERTY#${propertyId}#TASKS`,

  reservation: (companyId: string, reservationId: string): Key => ({
    pk: company(companyId),
    sk: `RESERVATION#${reservationId}`,
  }),
  reservationPrefix: 'RESERVATION#',
  reservationIndexes: (companyId: string, r: { id: string; propertyId: string; checkinDate: string }) => ({
    gsi1pk: `${company(companyId)}#CHECKINS`,
    gsi1sk: `${r.checkinDate}#${r.id}`,
    gsi4pk: `${company(companyId)}#PROPERTY#${r.propertyId}#RESERVATIONS`,
    gsi4sk: `${r.checkinDate}#${r.id}`,
    ...checkinDayIndex(companyId, r),
  }),
  checkins: (companyId: string) => `${company(companyId)}#CHECKINS`,
  /**
   * gsi3, across companies: every reservation checking in on one UTC day. Only the scheduled
   * check-in reminder job reads it (a few Queries an hour); no request path does, and tenancy is
   * kept by the company id in the sort key and the item's own partition.
   */
  checkinsOnDay: (utcDay: string) => `CHECKINDAY#${utcDay}`,
  reservationsByProperty: (companyId: string, propertyId: string) =>
    `${company(companyId)}#PROPERTY#${propertyId}#RESERVATIONS`,

  invoice: (companyId: string, invoiceId: string): Key => ({ pk: company(companyId), sk: `INVOICE#${invoiceId}` }),
  invoicePrefix: 'INVOICE#',
  /**
   * gsi1: unpaid invoices by due date (sparse: removed when paid), so overdue ones are one Query
   * (`gsi1sk < today`). gsi2: every transaction (invoices and expenses) by date, newest first;
   * gsi3: the same feed per kind.
   */
  invoiceIndexes: (companyId: string, invoice: { id: string; dueDate: string; date: string; unpaid: boolean }) => ({
    ...(invoice.unpaid ? { gsi1pk: `${company(companyId)}#INVOICES#UNPAID`, gsi1sk: `${invoice.dueDate}#${invoice.id}` } : {}),
    gsi2pk: `${company(companyId)}#TXNS`,
    gsi2sk: `${invoice.date}#${invoice.id}`,
    gsi3pk: `${company(companyId)}#TXNS#invoice`,
    gsi3sk: `${invoice.date}#${invoice.id}`,
  }),
  unpaidInvoices: (companyId: string) => `${company(companyId)}#INVOICES#UNPAID`,
  unpaidInvoiceSort: (invoice: { id: string; dueDate: string }) => `${invoice.dueDate}#${invoice.id}`,
  expense: (companyId: string, expenseId: string): Key => ({ pk: company(companyId), sk: `EXPENSE#${expenseId}` }),
  expensePrefix: 'EXPENSE#',
  expenseIndexes: (companyId: string, expense: { id: string; date: string }) => ({
    gsi2pk: `${company(companyId)}#TXNS`,
    gsi2sk: `${expense.date}#${expense.id}`,
    gsi3pk: `${company(companyId)}#TXNS#expense`,
    gsi3sk: `${expense.date}#${expense.id}`,
  }),
  transactions: (companyId: string) => `${company(companyId)}#TXNS`,
  transactionsByKind: (companyId: string, kind: 'invoice' | 'expense') => `${company(companyId)}#TXNS#${kind}`,
  /** Company money counters: unpaid total and count, paid count, invoice and expense totals. */
  companyFinance: (companyId: string): Key => ({ pk: company(companyId), sk: 'FINANCE' }),
  /**
   * Per-day counters (UTC day) for reports: tasks created that day by status, type and property,
   * completions that day (and by whom), invoices paid and expenses incurred that day. A report
   * range is one Query of at most 366 of these small items.
   */
  dayStats: (companyId: string, day: string): Key => ({ pk: company(companyId), sk: `DAYSTATS#${day}` }),
  dayStatsPrefix: 'DAYSTATS#',
  /**
   * An open task (pending or in progress) with a due date, by due instant (ISO, UTC), kept in the
   * task's own transaction: the overdue ones are one Query of the range before now (dashboard).
   */
  openTaskDue: (companyId: string, dueDate: string, taskId: string): Key => ({
    pk: company(companyId),
    sk: `OPENDUE#${new Date(dueDate).toISOString()}#${taskId}`,
  }),
  openTaskDuePrefix: 'OPENDUE#',
  /**
   * An open task whose urgency is urgent (a problem reported as urgent), kept like openTaskDue and
   * under the same prefix, sorted before every date ('!' < '0'): the Query of the overdue range
   * reads the urgent ones with them.
   */
  urgentOpenTask: (companyId: string, taskId: string): Key => ({ pk: company(companyId), sk: `OPENDUE#!URGENT#${taskId}` }),
  /**
   * One in-app notification (the bell) of one member: newest first by its ULID, with a TTL. While
   * unread it is also on gsi1 under the member's unread partition, so the unread count is one
   * short Query, and an expired item leaves the count with it.
   */
  inboxItem: (companyId: string, userId: string, itemId: string): Key => ({ pk: company(companyId), sk: `INBOX#${userId}#${itemId}` }),
  inboxPrefix: (userId: string) => `INBOX#${userId}#`,
  inboxUnread: (companyId: string, userId: string) => `${company(companyId)}#INBOX#${userId}#UNREAD`,

  checklist: (companyId: string, taskId: string, checklistId: string): Key => ({
    pk: company(companyId),
    sk: `CHECKLIST#${taskId}#${checklistId}`,
  }),
  checklistItem: (companyId: string, checklistId: string, itemId: string): Key => ({
    pk: company(companyId),
    sk: `CHECKLISTITEM#${checklistId}#${itemId}`,
  }),
  /** A task's checklist: one item per task holding its items (see repositories/checklists.ts). */
  taskChecklistPrefix: (taskId: string) => `CHECKLIST#${taskId}#`,
  /** A property's default checklist (copied onto turnover tasks and on request). */
  checklistTemplate: (companyId: string, propertyId: string): Key => ({
    pk: company(companyId),
    sk: `CHECKLISTTEMPLATE#${propertyId}`,
  }),

  /**
   * One claim per property and night a reservation occupies (the night of `day` = from that day's
   * check-in to the next day's check-out), written with attribute_not_exists in the reservation's
   * transaction: two reservations can never hold the same night, whatever the concurrency.
   * (Not under `PROPERTY#`, which lists properties.)
   */
  propertyNight: (companyId: string, propertyId: string, day: string): Key => ({
    pk: company(companyId),
    sk: `NIGHT#${propertyId}#${day}`,
  }),
  /**
   * A property's occupancy in one calendar month (YYYY-MM): who holds each night (see
   * repositories/occupancy.ts), changed in the reservation's transaction. Replaces propertyNight,
   * whose one item per night capped a stay at what one transaction can write.
   */
  propertyMonth: (companyId: string, propertyId: string, month: string): Key => ({
    pk: company(companyId),
    sk: `OCC#${propertyId}#${month}`,
  }),
  /** An open double booking (a feed's booking imported over taken nights), until a manager resolves it. */
  reservationConflict: (companyId: string, reservationId: string): Key => ({
    pk: company(companyId),
    sk: `CONFLICT#${reservationId}`,
  }),
  conflictPrefix: 'CONFLICT#',
  /** A stay flagged by its feed (gone from it, or cancelled in it) until a manager keeps or cancels it. */
  flaggedReservation: (companyId: string, propertyId: string, reservationId: string): Key => ({
    pk: company(companyId),
    sk: `FLAGGED#${propertyId}#${reservationId}`,
  }),
  flaggedPrefix: (propertyId: string) => `FLAGGED#${propertyId}#`,
  /**
   * A task's due date on its property's calendar (kept in the task's own transaction), so a month
   * view is a Query on `TASKDUE#<propertyId>#` between two instants.
   */
  taskDue: (companyId: string, propertyId: string, dueDate: string, taskId: string): Key => ({
    pk: company(companyId),
    sk: `TASKDUE#${propertyId}#${dueDate}#${taskId}`,
  }),
  taskDuePrefix: (propertyId: string) => `TASKDUE#${propertyId}#`,
  /** Every due-date entry of the company (any property). */
  taskDueEntriesPrefix: 'TASKDUE#',
  /**
   * gsi2 of a task's due-date entry: every dated task of the company by its due instant (normalised
   * to ISO UTC), so a week of the dispatch board is one Query between two instants.
   */
  tasksDueIndex: (companyId: string, dueDate: string, taskId: string) => ({
    gsi2pk: `${company(companyId)}#TASKSDUE`,
    gsi2sk: `${new Date(dueDate).toISOString()}#${taskId}`,
  }),
  tasksDue: (companyId: string) => `${company(companyId)}#TASKSDUE`,
  /** Marks a company whose due-date entries written before tasksDueIndex existed have been indexed. */
  tasksDueIndexed: (companyId: string): Key => ({ pk: company(companyId), sk: 'MIGRATED#TASKSDUE' }),
  /**
   * One entry of a task's history (who changed what, when), written in the same transaction as the
   * change. `entryId` is a ULID, so a task's history reads newest first as one Query on the prefix.
   */
  taskHistory: (companyId: string, taskId: string, entryId: string): Key => ({ pk: company(companyId), sk: `TASKHIST#${taskId}#${entryId}` }),
  taskHistoryPrefix: (taskId: string) => `TASKHIST#${taskId}#`,
  /**
   * A repair waiting for its owner's approval (issue 41 point 4; repositories/task-approvals.ts):
   * one entry per open task whose approval is pending, kept in the task's own transaction, with a
   * `propertyId` attribute (the property scope filters it). The owner's list is one Query on the prefix.
   */
  approvalPending: (companyId: string, propertyId: string, taskId: string): Key => ({ pk: company(companyId), sk: `APPROVAL#${propertyId}#${taskId}` }),
  approvalPendingPrefix: 'APPROVAL#',
  /**
   * Idempotency records of replayed requests (Powertools Idempotency): a partition of their own in
   * the company (`COMPANY#<id>#IDEMPOTENCY`, the layer's static partition value), then the user, then
   * the hashed key, so a key is scoped to one company and one user. Their own partition lets a
   * company's write-level credentials delete there and nowhere else (a refused request's record is
   * removed; docs/tenant-fence.md). TTL: expiresAt.
   */
  idempotencyPartition: (companyId: string) => `${company(companyId)}#IDEMPOTENCY`,
  idempotencyPrefix: (userId: string) => `IDEMPOTENCY#${userId}`,
  /**
   * A task on its assignee's own list (repositories/assigned-tasks.ts), kept in the task's own
   * transaction: open tasks (pending, in progress) under OPEN, completed ones under DONE, by due
   * instant (ISO, UTC; undated open tasks under `~`, after every date). Cancelled and unassigned
   * tasks have none. So "my tasks" is a few Queries on the company partition, never a Scan.
   */
  assignedTask: (companyId: string, userId: string, state: 'OPEN' | 'DONE', due: string, taskId: string): Key => ({
    pk: company(companyId),
    sk: `MYTASK#${userId}#${state}#${due}#${taskId}`,
  }),
  assignedTaskPrefix: (userId: string, state: 'OPEN' | 'DONE') => `MYTASK#${userId}#${state}#`,
  /**
   * gsi1, across companies: the open assigned tasks due on one UTC day (their list entries carry
   * it). Only the scheduled evening digest job reads it; tenancy is kept by the company id in the
   * sort key and the entry's own partition, as with checkinsOnDay.
   */
  openTasksDueOn: (utcDay: string) => `TASKDUEDAY#${utcDay}`,
  /** Claimed once per member and local day by the evening digest job (one digest a day). */
  taskDigestSent: (companyId: string, userId: string, localDay: string): Key => ({
    pk: company(companyId),
    sk: `TASKDIGEST#${userId}#${localDay}`,
  }),
  /**
   * gsi2, across companies (sparse): a property that has an owner, so the monthly owner-report job
   * reads one partition of owned properties, never every company. Tenancy: the company id in the
   * sort key; the job reads each company's properties under that company's own partition.
   */
  ownedPropertyIndex: (companyId: string, propertyId: string): Record<string, string> => ({
    gsi2pk: 'OWNEDPROPERTIES',
    gsi2sk: `${companyId}#${propertyId}`,
  }),
  ownedProperties: 'OWNEDPROPERTIES',
  /** Claimed once per owner (e-mail) and month by the monthly owner-report job (one send each). */
  ownerReportSent: (companyId: string, month: string, ownerEmail: string): Key => ({
    pk: company(companyId),
    sk: `OWNERREPORT#${month}#${ownerEmail.toLowerCase()}`,
  }),
  /** Turnover and check-in hours of a company (and whether turnovers are created automatically). */
  operationsSettings: (companyId: string): Key => ({ pk: company(companyId), sk: 'SETTINGS#OPERATIONS' }),

  /** An iCal feed of a property. gsi1 lists every feed of every company for the scheduled sync job. */
  calendarFeed: (companyId: string, propertyId: string, feedId: string): Key => ({
    pk: company(companyId),
    sk: `ICALFEED#${propertyId}#${feedId}`,
  }),
  calendarFeedPrefix: (propertyId: string) => `ICALFEED#${propertyId}#`,
  /**
   * gsi1: the feeds due for a sync, across companies, in CALENDAR_SYNC_SHARDS partitions (a feed's
   * shard from its id), sorted by when each is next due: the dispatcher reads only the due ones,
   * and no partition holds every company's feeds. Only the scheduled dispatcher reads it.
   */
  calendarFeedIndex: (companyId: string, feedId: string, nextSyncAt: string) => ({
    gsi1pk: `CALENDARFEEDS#${feedShard(feedId)}`,
    gsi1sk: `${nextSyncAt}#${companyId}#${feedId}`,
  }),
  calendarFeedShard: (shard: number) => `CALENDARFEEDS#${shard}`,
  /** The one partition of the earlier, unsharded index (feeds not synced since): read until they move. */
  allCalendarFeeds: 'CALENDARFEEDS',
  /** The reservation imported for one event (by UID, hashed: UIDs can be long) of one feed. */
  feedEvent: (companyId: string, feedId: string, uidHash: string): Key => ({
    pk: company(companyId),
    sk: `FEEDUID#${feedId}#${uidHash}`,
  }),
  feedEventPrefix: (feedId: string) => `FEEDUID#${feedId}#`,
  /**
   * Calendar export (issue 39 point 5): a property's iCal export or a member's task feed. The
   * company's item holds the current token (its URL is shown again to who may see it); the lookup
   * item, keyed by the token's SHA-256, is what the public feed reads before any tenant is known.
   */
  calendarExport: (companyId: string, subject: 'PROPERTY' | 'MEMBER', subjectId: string): Key => ({
    pk: company(companyId),
    sk: `CALEXPORT#${subject}#${subjectId}`,
  }),
  calendarExportLookup: (tokenDigest: string): Key => ({ pk: `CALEXPORT#${tokenDigest}`, sk: 'CALEXPORT' }),
  /**
   * A stay's guest link (issue 40 point 4), as the calendar exports: the company's item keeps the
   * current token (shown again to the office); the lookup item, keyed by the token's SHA-256, is what
   * the public guest page reads before any tenant is known (and where "we have left" is recorded
   * once). Requests per source (a hash of the client IP) are counted in fixed windows, with a TTL.
   */
  guestLink: (companyId: string, reservationId: string): Key => ({ pk: company(companyId), sk: `GUESTLINK#${reservationId}` }),
  guestLinkLookup: (tokenDigest: string): Key => ({ pk: `GUESTLINK#${tokenDigest}`, sk: 'GUESTLINK' }),
  guestLinkSource: (sourceDigest: string, window: number): Key => ({ pk: `GUESTSOURCE#${sourceDigest}`, sk: `W#${window}` }),

  notificationPreferences: (companyId: string, userId: string): Key => ({
    pk: company(companyId),
    sk: `NOTIFPREFS#${userId}`,
  }),
  notification: (companyId: string, notificationId: string): Key => ({
    pk: company(companyId),
    sk: `NOTIFICATION#${notificationId}`,
  }),
  notificationPrefix: 'NOTIFICATION#',
  /** Claimed once per domain event, recipient and channel, so a redelivered event never sends twice. */
  notificationDelivery: (companyId: string, eventId: string, userId: string, channel: string): Key => ({
    pk: company(companyId),
    sk: `NOTIFDELIVERY#${eventId}#${userId}#${channel}`,
  }),
  /** Claimed once per reservation and check-in date by the reminder job (idempotent reminders). */
  checkinReminder: (companyId: string, reservationId: string, checkinDate: string): Key => ({
    pk: company(companyId),
    sk: `CHECKINREMINDER#${reservationId}#${checkinDate}`,
  }),
  /**
   * The events outbox (functions/data/outbox.ts): one item per transaction that produced domain
   * events, in OUTBOX_SHARDS partitions (shard from the entry id), sorted by time. The table's
   * stream hands each new item to the relay; the local relay reads a shard with a Query.
   */
  outboxEntry: (shard: number, sortKey: string): Key => ({ pk: `OUTBOX#${shard}`, sk: sortKey }),
  outboxPartition: (shard: number) => `OUTBOX#${shard}`,
  /** A consumer's record of one domain event (idempotent consumers: functions/events/event-handler.ts). */
  eventConsumed: (companyId: string, eventId: string, consumer: string): Key => ({ pk: company(companyId), sk: `EVENT#${eventId}#${consumer}` }),
  /** Manual, test and confirmation sends of a company in one UTC hour (YYYY-MM-DDTHH), for the rate limit. */
  notificationQuota: (companyId: string, hour: string): Key => ({ pk: company(companyId), sk: `NOTIFQUOTA#${hour}` }),
  /** Claimed once per domain event that counted against its alert rate limit (a redelivery does not count again). */
  alertCounted: (companyId: string, eventId: string): Key => ({ pk: company(companyId), sk: `ALERTCOUNTED#${eventId}` }),
  /** Event alerts of one category of a company in one UTC hour (YYYY-MM-DDTHH), for their rate limit. */
  alertQuota: (companyId: string, category: string, hour: string): Key => ({ pk: company(companyId), sk: `ALERTQUOTA#${category}#${hour}` }),

  /** Plan-change requests (history) and the pointer to the one pending request of a company. */
  planRequest: (companyId: string, requestId: string): Key => ({ pk: company(companyId), sk: `PLANREQ#${requestId}` }),
  planRequestPrefix: 'PLANREQ#',
  pendingPlanRequest: (companyId: string): Key => ({ pk: company(companyId), sk: 'PLANREQPENDING' }),
  /** Billing history (plan changes, payment states): one item per entry, ULID ids, newest first on the prefix. */
  billingHistory: (companyId: string, entryId: string): Key => ({ pk: company(companyId), sk: `BILLINGHIST#${entryId}` }),
  billingHistoryPrefix: 'BILLINGHIST#',
  /**
   * A downgrade waiting for the end of the paid period. gsi1, across companies, by when it is due:
   * only the scheduled job that applies them reads it (tenancy: the company id in the sort key and
   * the item's own partition).
   */
  scheduledPlanChange: (companyId: string): Key => ({ pk: company(companyId), sk: 'SCHEDULEDPLAN' }),
  scheduledPlanChangeIndex: (companyId: string, dueAt: string) => ({ gsi1pk: 'SCHEDULEDPLANS', gsi1sk: `${dueAt}#${companyId}` }),
  scheduledPlanChanges: 'SCHEDULEDPLANS',
  /** A payment-provider webhook event, claimed once by its id (a redelivered event changes nothing). TTL. */
  paymentEvent: (eventId: string): Key => ({ pk: `PAYMENTEVENT#${eventId}`, sk: 'EVENT' }),
  /** The company of a payment-provider customer (webhooks that carry only the customer). */
  paymentCustomer: (customerId: string): Key => ({ pk: `PAYMENTCUSTOMER#${customerId}`, sk: 'CUSTOMER' }),

  /** One item per company, local date (YYYY-MM-DD, company time zone) and shift. */
  shift: (companyId: string, date: string, shift: string): Key => ({ pk: company(companyId), sk: `SHIFT#${date}#${shift}` }),
  shiftDayPrefix: (date: string) => `SHIFT#${date}#`,

  /**
   * Webhooks (issue 39): a company's endpoints (one Query on the prefix lists them), each message
   * (one event to one endpoint: its body, its webhook-id, its retry state) and each delivery attempt
   * (ULID ids: newest first on the endpoint's prefix). Attempts and messages expire by TTL.
   */
  webhook: (companyId: string, webhookId: string): Key => ({ pk: company(companyId), sk: `WEBHOOK#${webhookId}` }),
  webhookPrefix: 'WEBHOOK#',
  webhookMessage: (companyId: string, messageId: string): Key => ({ pk: company(companyId), sk: `WHMSG#${messageId}` }),
  webhookAttempt: (companyId: string, webhookId: string, attemptId: string): Key => ({ pk: company(companyId), sk: `WHATTEMPT#${webhookId}#${attemptId}` }),
  webhookAttemptPrefix: (webhookId: string) => `WHATTEMPT#${webhookId}#`,
  /**
   * gsi1, across companies (sparse): a message whose next retry is further away than a queue can
   * delay it (15 min), in WEBHOOK_RETRY_SHARDS partitions sorted by when it is due; only the
   * scheduled retry dispatcher reads it (tenancy: the company id in the sort key and the item's own
   * partition).
   */
  webhookRetryIndex: (companyId: string, messageId: string, dueAt: string) => ({
    gsi1pk: `WEBHOOKRETRY#${feedShard(messageId) % WEBHOOK_RETRY_SHARDS}`,
    gsi1sk: `${dueAt}#${companyId}#${messageId}`,
  }),
  webhookRetryShard: (shard: number) => `WEBHOOKRETRY#${shard}`,

  /** Sessions are looked up by their opaque id, before any tenant is known. */
  session: (sid: string): Key => ({ pk: `SESSION#${sid}`, sk: 'SESSION' }),
  userSessions: (userId: string) => ({ gsi1pk: `USER#${userId}#SESSIONS` }),
  /** One-time tokens (e-mail confirmation, password reset, OAuth state), with a TTL. */
  token: (kind: string, token: string): Key => ({ pk: `TOKEN#${kind}#${token}`, sk: 'TOKEN' }),
  /** Failed sign-in attempts per e-mail, for the throttle. */
  loginAttempts: (email: string): Key => ({ pk: `LOGINATTEMPTS#${email.toLowerCase()}`, sk: 'ATTEMPTS' }),
  /** Failed sign-ins of one e-mail from one source (client IP), and a source that signed in to it (functions/auth/throttle.ts). */
  loginAttemptsFrom: (email: string, source: string): Key => ({ pk: `LOGINATTEMPTS#${email.toLowerCase()}`, sk: `SOURCE#${source}` }),
  loginAttemptsSourcePrefix: 'SOURCE#',
  knownLoginSource: (email: string, source: string): Key => ({ pk: `LOGINATTEMPTS#${email.toLowerCase()}`, sk: `KNOWN#${source}` }),
  /** Upload URLs issued per member or the whole company in one window (B<start second> / D<YYYY-MM-DD>), for the upload rate limit; in the company's own partition family. */
  uploadCount: (companyId: string, scope: 'user' | 'company', id: string, window: string): Key => ({ pk: `${company(companyId)}#UPLOADS`, sk: `${scope.toUpperCase()}#${id}#${window}` }),
  /** The last link e-mail of a kind sent to an address, so a form cannot be used to flood a mailbox. */
  mailCooldown: (kind: string, email: string): Key => ({ pk: `MAILCOOLDOWN#${kind}#${email.toLowerCase()}`, sk: 'COOLDOWN' }),
};

/** Attributes that belong to the table, not to the entity; stripped before an item leaves the data layer. */
export const KEY_ATTRIBUTES = [
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  'gsi4pk',
  'gsi4sk',
  'entity',
  'expiresAt',
] as const;

const KEY_ATTRIBUTE_SET: ReadonlySet<string> = new Set(KEY_ATTRIBUTES);

// Copies the other attributes rather than deleting keys from a copy: deleting turns an object into
// a slow dictionary, which every later read and JSON.stringify of it pays for.
export function stripKeys<T>(item: Record<string, unknown>): T {
  const copy: Record<string, unknown> = {};
  for (const attribute in item) if (!KEY_ATTRIBUTE_SET.has(attribute)) copy[attribute] = item[attribute];
  return copy as T;
}
