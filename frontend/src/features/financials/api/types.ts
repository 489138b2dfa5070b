// Shapes of the financial answers (functions/finance/*): money travels as exact integer cents plus
// the decimal(10,2) text.
import type { ExpenseCategory } from '#shared/schemas';

export interface Money {
  cents: number;
  amount: string;
}

export interface FinancialSummary {
  currency: 'USD';
  month: string;
  revenue: Money;
  revenueChange: number | null;
  expenses: Money;
  expensesChange: number | null;
  netProfit: Money;
  netProfitChange: number | null;
  outstanding: Money;
  overdue: { count: number; total: Money };
  paymentStatus: { paid: number; pending: number; overdue: number };
  months: Array<{ month: string; revenue: Money; expenses: Money; netProfit: Money }>;
}

export interface InvoiceTransaction {
  kind: 'invoice';
  id: string;
  amount: string;
  amountCents: number;
  dueDate: string;
  status: 'pending' | 'paid' | 'overdue';
  client?: string | null;
  description?: string | null;
  propertyId?: string | null;
  propertyName?: string | null;
  paidAt?: string | null;
  createdAt: string;
}

export interface ExpenseTransaction {
  kind: 'expense';
  id: string;
  amount: string;
  amountCents: number;
  date: string;
  category: ExpenseCategory;
  description?: string | null;
  createdAt: string;
}

export type Transaction = InvoiceTransaction | ExpenseTransaction;
