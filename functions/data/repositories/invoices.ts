// Invoices. Amounts are kept in integer cents (`amountCents`) beside their decimal(10,2) text
// (`amount`), so every total is an exact integer sum. The stored status is pending or paid; overdue
// is derived from the due date when read (shared/rules.ts `invoiceStatus`). Every write changes its
// counters in the same transaction, conditioned on the status it read, so a double click or two
// concurrent requests can never count an invoice twice.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { PaymentStatus } from '#shared/enums';
import { fromCents, invoiceStatus, toCents, utcDay, utcMonth } from '#shared/rules';
import type { Invoice } from '#shared/schemas';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { getItem, type TransactItem } from '../db';
import { keys } from '../keys';
import { scopedPropertyIds } from '../property-scope';
import { DAY, FINANCE, MONTH, dayStatsUpdate, financeUpdate, monthUpdate, present, transactCounted } from './report-stats';
import { figuresRevisionBump } from './stats';

export interface NewInvoice {
  amount: string;
  /** YYYY-MM-DD (a timestamp is cut to its date). */
  dueDate: string;
  /** `overdue` is not stored: an unpaid invoice is overdue when its due date has passed. */
  status?: PaymentStatus;
  /** When the invoice was paid; revenue is counted in that month. */
  paidAt?: string | null;
  client?: string | null;
  description?: string | null;
  propertyId?: string | null;
  propertyName?: string | null;
}

/** What is stored: the SPEC entity plus the cents, the kind (for the transaction feed) and search text. */
export interface StoredInvoice extends Invoice {
  kind: 'invoice';
  amountCents: number;
  paidAt: string | null;
  search: string;
}

/** What the API answers: the stored invoice with its status derived for `now`, without search text. */
export type InvoiceView = Omit<StoredInvoice, 'search'>;

/** Lower case, accents removed: the form both the stored search text and the query take. */
export function normaliseSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Search text of a transaction: its words, plus the amount as typed both ways (1250.5 / 1,250.50). */
export function searchText(parts: Array<string | null | undefined>, amount: string): string {
  const [whole, cents] = amount.split('.');
  const grouped = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
  return normaliseSearch([...parts.filter(Boolean), amount, grouped].join(' | '));
}

export function toInvoiceView(stored: StoredInvoice, now = new Date()): InvoiceView {
  const { search: _search, ...invoice } = stored;
  return { ...invoice, status: invoiceStatus(stored.status, stored.dueDate, now) };
}

function invoiceItem(companyId: string, invoice: StoredInvoice): Record<string, unknown> {
  return {
    ...keys.invoice(companyId, invoice.id),
    ...keys.invoiceIndexes(companyId, { id: invoice.id, dueDate: invoice.dueDate, date: utcDay(invoice.createdAt), unpaid: invoice.status !== 'paid' }),
    entity: 'invoice',
    ...invoice,
  };
}

/** Counter changes when an invoice of `cents` is paid at `paidAt` (sign -1 undoes them). */
function paidCounters(companyId: string, cents: number, paidAt: string, sign: 1 | -1): TransactItem[] {
  return present(
    monthUpdate(companyId, utcMonth(paidAt), { [MONTH.paidCents]: sign * cents, [MONTH.paidCount]: sign }),
    dayStatsUpdate(companyId, utcDay(paidAt), { [DAY.paidCents]: sign * cents, [DAY.paidCount]: sign }),
    // A month's paid revenue is a dashboard figure: its revision moves with it (stats.ts).
    figuresRevisionBump(companyId),
  );
}

/** Writes an invoice; a paid one adds its amount to its month's revenue counter in the same transaction. */
export async function createInvoice(companyId: string, input: NewInvoice, now = new Date()): Promise<InvoiceView> {
  const createdAt = now.toISOString();
  const cents = toCents(input.amount);
  const paid = input.status === 'paid';
  const paidAt = paid ? (input.paidAt ?? createdAt) : null;
  const amount = fromCents(cents);
  const invoice: StoredInvoice = {
    id: ulid(now.getTime()),
    companyId,
    kind: 'invoice',
    amount,
    amountCents: cents,
    dueDate: input.dueDate.slice(0, 10),
    status: paid ? 'paid' : 'pending',
    paidAt,
    client: input.client ?? null,
    description: input.description ?? null,
    propertyId: input.propertyId ?? null,
    propertyName: input.propertyName ?? null,
    search: searchText([input.client, input.description, input.propertyName], amount),
    createdAt,
    updatedAt: createdAt,
  };
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: invoiceItem(companyId, invoice), ConditionExpression: 'attribute_not_exists(pk)' } },
    ...present(
      financeUpdate(
        companyId,
        paid
          ? { [FINANCE.invoiceCount]: 1, [FINANCE.paidCents]: cents, [FINANCE.paidCount]: 1 }
          : { [FINANCE.invoiceCount]: 1, [FINANCE.unpaidCents]: cents, [FINANCE.unpaidCount]: 1 },
      ),
    ),
    ...(paidAt ? paidCounters(companyId, cents, paidAt, 1) : []),
  ];
  await transactCounted(items, () => new ConflictError());
  return toInvoiceView(invoice, now);
}

/**
 * The invoice, or undefined. A member scoped to property groups sees the money of their properties
 * only: an invoice of another property is filtered by the data layer, and one naming no property
 * (the company's own) is left out here (docs/property-scope.md "Money").
 */
export async function getStoredInvoice(companyId: string, invoiceId: string): Promise<StoredInvoice | undefined> {
  const invoice = await getItem<StoredInvoice>(keys.invoice(companyId, invoiceId));
  return invoice && (invoice.propertyId || !scopedPropertyIds()) ? invoice : undefined;
}

async function requireStoredInvoice(companyId: string, invoiceId: string): Promise<StoredInvoice> {
  const invoice = await getStoredInvoice(companyId, invoiceId);
  if (!invoice) throw new NotFoundError();
  return invoice;
}

const nextVersion = (previous: string, now: Date) =>
  now.toISOString() > previous ? now.toISOString() : new Date(Date.parse(previous) + 1).toISOString();

/**
 * Marks an invoice paid (revenue counted in the current month) or back to unpaid (the revenue of
 * the month it was paid in is reduced). The write is conditioned on the status read: when another
 * request changed it first, the status is read again, so a double click answers the paid invoice
 * twice and counts it once.
 */
export async function setInvoiceStatus(
  companyId: string,
  invoiceId: string,
  target: 'paid' | 'pending',
  now = new Date(),
): Promise<InvoiceView> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await requireStoredInvoice(companyId, invoiceId);
    if ((target === 'paid') === (current.status === 'paid')) return toInvoiceView(current, now);
    try {
      await transactCounted(statusChange(companyId, current, target, now), () => new ConflictError());
    } catch (error) {
      if (error instanceof ConflictError) continue; // changed meanwhile: read it again
      throw error;
    }
    return toInvoiceView(await requireStoredInvoice(companyId, invoiceId), now);
  }
  throw new ConflictError();
}

function statusChange(companyId: string, current: StoredInvoice, target: 'paid' | 'pending', now: Date): TransactItem[] {
  const cents = current.amountCents;
  const updatedAt = nextVersion(current.updatedAt, now);
  const names = { '#status': 'status' };
  if (target === 'paid') {
    const paidAt = now.toISOString();
    return [
      {
        Update: {
          TableName: tableName(),
          Key: keys.invoice(companyId, current.id),
          UpdateExpression: 'SET #status = :paid, paidAt = :paidAt, updatedAt = :updatedAt REMOVE gsi1pk, gsi1sk',
          ConditionExpression: 'attribute_exists(pk) AND #status <> :paid AND updatedAt = :version',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':paid': 'paid', ':paidAt': paidAt, ':updatedAt': updatedAt, ':version': current.updatedAt },
        },
      },
      ...present(financeUpdate(companyId, { [FINANCE.unpaidCents]: -cents, [FINANCE.unpaidCount]: -1, [FINANCE.paidCents]: cents, [FINANCE.paidCount]: 1 })),
      ...paidCounters(companyId, cents, paidAt, 1),
    ];
  }
  const paidAt = current.paidAt ?? current.updatedAt;
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.invoice(companyId, current.id),
        UpdateExpression: 'SET #status = :pending, updatedAt = :updatedAt, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk REMOVE paidAt',
        ConditionExpression: 'attribute_exists(pk) AND #status = :paid AND updatedAt = :version',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':paid': 'paid',
          ':version': current.updatedAt,
          ':updatedAt': updatedAt,
          ':gsi1pk': keys.unpaidInvoices(companyId),
          ':gsi1sk': keys.unpaidInvoiceSort(current),
        },
      },
    },
    ...present(financeUpdate(companyId, { [FINANCE.unpaidCents]: cents, [FINANCE.unpaidCount]: 1, [FINANCE.paidCents]: -cents, [FINANCE.paidCount]: -1 })),
    ...paidCounters(companyId, cents, paidAt, -1),
  ];
}

/** Deletes an invoice and takes it out of every counter, conditioned on the version read. */
export async function deleteInvoice(companyId: string, invoiceId: string): Promise<void> {
  const current = await requireStoredInvoice(companyId, invoiceId);
  const cents = current.amountCents;
  const paid = current.status === 'paid';
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.invoice(companyId, invoiceId),
        ConditionExpression: 'attribute_exists(pk) AND updatedAt = :version',
        ExpressionAttributeValues: { ':version': current.updatedAt },
      },
    },
    ...present(
      financeUpdate(
        companyId,
        paid
          ? { [FINANCE.invoiceCount]: -1, [FINANCE.paidCents]: -cents, [FINANCE.paidCount]: -1 }
          : { [FINANCE.invoiceCount]: -1, [FINANCE.unpaidCents]: -cents, [FINANCE.unpaidCount]: -1 },
      ),
    ),
    ...(paid ? paidCounters(companyId, cents, current.paidAt ?? current.updatedAt, -1) : []),
  ];
  try {
    await transactCounted(items, () => new ConflictError());
  } catch (error) {
    if (error instanceof ConflictError && !(await getStoredInvoice(companyId, invoiceId))) throw new NotFoundError();
    throw error;
  }
}

/**
 * Unpaid invoices whose due date is before `today`: one Query on the sparse unpaid-by-due-date
 * index, reading only the overdue ones (and only their amounts).
 */
export async function overdueTotals(companyId: string, today: string): Promise<{ count: number; cents: number }> {
  let count = 0;
  let cents = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :today',
        ExpressionAttributeValues: { ':pk': keys.unpaidInvoices(companyId), ':today': today },
        ProjectionExpression: 'amountCents',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of result.Items ?? []) {
      count += 1;
      cents += Number(item.amountCents ?? 0);
    }
    start = result.LastEvaluatedKey;
  } while (start);
  return { count, cents };
}
