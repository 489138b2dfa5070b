// Financials: invoices, expenses, the amounts they are written with, and the transaction list. The
// report's query is shared/report-query.ts.
import * as z from 'zod/mini';
import { PAYMENT_STATUSES } from '../enums';
import { fromCents } from '../rules';
import { recordDate } from '../record-dates';
import { parseAmount } from '../money';
import { transformed, id, timestamp, optionalText, pageQuery } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

export const invoiceSchema = schema(() => z.object({
  id,
  companyId: id,
  /** decimal(10,2) as a string, e.g. "1250.00" */
  amount: z.string(),
  dueDate: timestamp,
  status: z._default(z.enum(PAYMENT_STATUSES), 'pending'),
  /** The amount in integer cents (exact sums); `amount` is its decimal(10,2) text. */
  amountCents: z.optional(z.int()),
  /** Optional client and description, and the property the invoice is for. */
  client: z.nullish(z.string()),
  description: z.nullish(z.string()),
  propertyId: z.nullish(id),
  propertyName: z.nullish(z.string()),
  /** When it was marked paid; revenue counts in that (UTC) month. */
  paidAt: z.nullish(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Invoice = z.infer<typeof invoiceSchema>;

export const EXPENSE_CATEGORIES = [
  'cleaning',
  'maintenance',
  'laundry',
  'supplies',
  'utilities',
  'payroll',
  'marketing',
  'taxes',
  'insurance',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const expenseSchema = schema(() => z.object({
  id,
  companyId: id,
  amount: z.string(),
  amountCents: z.int(),
  /** The day the expense was incurred, YYYY-MM-DD. */
  date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  description: z.nullish(z.string()),
  /** The property the expense is for (its owner report lists it); null = the company's own. */
  propertyId: z.nullish(id),
  propertyName: z.nullish(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Expense = z.infer<typeof expenseSchema>;

/** decimal(10,2): more than 0, at most 8 integer digits and 2 decimals; a JSON number or a string. */
const moneyAmount = schema(() => z.pipe(
  transformed(z.union([z.string(), z.number()], { error: 'finance.amountInvalid' }), (value) => String(value).trim()),
  z.string().check(
    z.regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'finance.amountInvalid' }),
    z.refine((value) => /[1-9]/.test(value), { error: 'finance.amountInvalid' }),
  ),
));

/**
 * An amount as a person types it in a form ("1.250,50", "US$ 12,50": shared/money.ts parseAmount),
 * turned into the API's decimal text and then checked as the API's amount. The forms' amount field
 * (see mappedSchema in frontend/src/lib/forms); the API itself takes only "1250.50" or a number.
 */
export const typedMoneyAmount = schema(() => z.pipe(
  z.pipe(
    z.string({ error: 'finance.amountInvalid' }),
    z.transform((text: string, ctx) => {
      const parsed = parseAmount(text);
      if (parsed.ok) return fromCents(parsed.cents);
      ctx.issues.push({ code: 'custom', message: text.trim() ? parsed.error : 'finance.amountInvalid', input: text });
      return z.NEVER;
    }),
  ),
  // Its input is the transform's text (moneyAmount takes a JSON number too).
  moneyAmount as unknown as z.ZodMiniType<string, string>,
));

/** The stored status of an invoice; overdue is derived from the due date when read. */
export const INVOICE_SETTABLE_STATUSES = ['pending', 'paid'] as const;

export const invoiceBody = schema(() => z.object({
  amount: moneyAmount,
  dueDate: recordDate('invoice.dueDateRequired'),
  client: optionalText(200),
  description: optionalText(500, 'many'),
  propertyId: transformed(z.nullish(z.string().check(z.trim(), z.maxLength(64))), (value) => value || null),
  status: z._default(z.enum(INVOICE_SETTABLE_STATUSES), 'pending'),
}));
export type InvoiceBody = z.infer<typeof invoiceBody>;

export const invoiceStatusBody = schema(() => z.object({
  status: z.enum(INVOICE_SETTABLE_STATUSES, { error: 'validation.invalid' }),
}));
export type InvoiceStatusBody = z.infer<typeof invoiceStatusBody>;

export const expenseBody = schema(() => z.object({
  amount: moneyAmount,
  date: recordDate('expense.dateRequired'),
  category: z.enum(EXPENSE_CATEGORIES, { error: 'expense.categoryRequired' }),
  description: optionalText(500, 'many'),
  propertyId: transformed(z.nullish(z.string().check(z.trim(), z.maxLength(64))), (value) => value || null),
}));
export type ExpenseBody = z.infer<typeof expenseBody>;

export const TRANSACTION_KINDS = ['invoice', 'expense'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const transactionListQuery = schema(() => z.extend(pageQuery, {
  /** Case- and accent-insensitive text search over client, description, category, property and amount. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  kind: z.optional(z.enum(TRANSACTION_KINDS)),
}));
export type TransactionListQuery = z.infer<typeof transactionListQuery>;
