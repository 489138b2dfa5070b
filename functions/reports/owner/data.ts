// The figures of an owner report, as a pure function of the items (tests recompute them from the
// same items and compare; the PDF renders exactly this). Definitions (README "Owner reports"):
// - a stay is a confirmed booking (not cancelled, not a block) with at least one night in the month;
//   its nights in the month are its nights (check-in day up to the day before check-out) that fall in it;
// - nights booked = distinct nights of the month held by stays (two overlapping bookings of a
//   double booking count a night once); occupancy = nights booked ÷ nights in the month, one decimal;
//   blocked nights (owner or maintenance blocks) are not booked, and are listed apart;
// - cleanings done = cleaning tasks completed, with the completion's day in the month (company zone);
// - problems = maintenance work orders (problem reports from the field included): reported = created
//   in the month, fixed = completed in the month (company zone); each listed once;
// - expenses = the property's expenses dated in the month; invoices = the property's invoices
//   issued (created) in the month, company zone; totals in integer cents (USD, the company's currency).
import type { NotificationLanguage, TaskStatus } from '#shared/enums';
import { monthBounds, stayNights } from '#shared/days';
import { invoiceStatus, zonedTime } from '#shared/rules';
import type { Expense, ExpenseCategory, Invoice, Property, PropertyOwner, Reservation, Task } from '#shared/schemas';

export interface PropertyItems {
  property: Pick<Property, 'id' | 'name' | 'address'>;
  /** Reservations sharing a day with the month (cancelled ones and blocks included: they are filtered here). */
  reservations: ReadonlyArray<Pick<Reservation, 'id' | 'guestName' | 'checkinDate' | 'checkoutDate' | 'checkinDay' | 'checkoutDay' | 'status' | 'kind'>>;
  tasks: ReadonlyArray<Pick<Task, 'id' | 'type' | 'title' | 'status' | 'createdAt' | 'completedAt' | 'urgency' | 'sourceTaskId'>>;
  expenses: ReadonlyArray<Pick<Expense, 'id' | 'date' | 'category' | 'description' | 'amountCents' | 'propertyId'>>;
  invoices: ReadonlyArray<Pick<Invoice, 'id' | 'client' | 'description' | 'dueDate' | 'status' | 'amountCents' | 'amount' | 'createdAt' | 'paidAt' | 'propertyId'>>;
}

export interface OwnerReportInput {
  month: string;
  timeZone: string;
  companyName: string;
  owner: PropertyOwner;
  now: Date;
  properties: readonly PropertyItems[];
}

export interface StayLine {
  reservationId: string;
  guestName: string;
  checkinDay: string;
  checkoutDay: string;
  nightsInMonth: number;
}

export interface CleaningLine {
  taskId: string;
  title: string;
  /** Day it was completed, company zone. */
  day: string;
}

export interface ProblemLine {
  taskId: string;
  title: string;
  urgency: string | null;
  status: TaskStatus;
  reportedDay: string;
  /** Day completed (company zone), or null while open. */
  fixedDay: string | null;
}

export interface ExpenseLine {
  id: string;
  date: string;
  category: ExpenseCategory;
  description: string | null;
  cents: number;
}

export interface InvoiceLine {
  id: string;
  client: string | null;
  description: string | null;
  issuedDay: string;
  dueDate: string;
  status: 'pending' | 'paid' | 'overdue';
  cents: number;
}

export interface Figures {
  stays: number;
  nights: number;
  nightsAvailable: number;
  occupancyPercent: number;
  blockedNights: number;
  cleanings: number;
  problemsReported: number;
  problemsFixed: number;
  expensesCents: number;
  invoicedCents: number;
  paidCents: number;
}

export interface PropertyReport extends Figures {
  id: string;
  name: string;
  address: string;
  daysInMonth: number;
  stayLines: StayLine[];
  cleaningLines: CleaningLine[];
  problemLines: ProblemLine[];
  expenseLines: ExpenseLine[];
  invoiceLines: InvoiceLine[];
}

export interface OwnerReportData {
  month: string;
  timeZone: string;
  companyName: string;
  owner: { name: string; email: string; language: NotificationLanguage };
  generatedAt: string;
  properties: PropertyReport[];
  /** Over every property: sums, and occupancy over all their nights. */
  totals: Figures;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const cents = (item: { amountCents?: number | null; amount?: string }) =>
  typeof item.amountCents === 'number' ? item.amountCents : Math.round(Number(item.amount ?? 0) * 100);

export function daysOfMonth(month: string): string[] {
  const { first, next } = monthBounds(month);
  return stayNights(first, next);
}

export function buildPropertyReport(items: PropertyItems, month: string, timeZone: string, now: Date): PropertyReport {
  const days = daysOfMonth(month);
  const inMonth = new Set(days);
  const local = (iso: string) => zonedTime(new Date(iso), timeZone).date;
  const localMonth = (iso: string | null | undefined) => (iso ? local(iso).slice(0, 7) === month : false);

  const booked = new Set<string>();
  const blocked = new Set<string>();
  const stayLines: StayLine[] = [];
  for (const reservation of items.reservations) {
    if (reservation.status === 'cancelled') continue;
    const checkinDay = reservation.checkinDay ?? reservation.checkinDate.slice(0, 10);
    const checkoutDay = reservation.checkoutDay ?? reservation.checkoutDate.slice(0, 10);
    const nights = stayNights(checkinDay, checkoutDay).filter((night) => inMonth.has(night));
    if (nights.length === 0) continue;
    if (reservation.kind === 'block') {
      nights.forEach((night) => blocked.add(night));
      continue;
    }
    nights.forEach((night) => booked.add(night));
    stayLines.push({ reservationId: reservation.id, guestName: reservation.guestName, checkinDay, checkoutDay, nightsInMonth: nights.length });
  }
  for (const night of booked) blocked.delete(night);
  stayLines.sort((a, b) => a.checkinDay.localeCompare(b.checkinDay) || a.reservationId.localeCompare(b.reservationId));

  const cleaningLines: CleaningLine[] = items.tasks
    .filter((task) => task.type === 'cleaning' && task.status === 'completed' && localMonth(task.completedAt))
    .map((task) => ({ taskId: task.id, title: task.title, day: local(task.completedAt!) }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.taskId.localeCompare(b.taskId));

  const problemLines: ProblemLine[] = items.tasks
    .filter((task) => task.type === 'maintenance')
    .map((task) => ({
      taskId: task.id,
      title: task.title,
      urgency: task.urgency ?? null,
      status: task.status,
      reportedDay: local(task.createdAt),
      fixedDay: task.status === 'completed' && task.completedAt ? local(task.completedAt) : null,
    }))
    .filter((line) => line.reportedDay.slice(0, 7) === month || line.fixedDay?.slice(0, 7) === month)
    .sort((a, b) => a.reportedDay.localeCompare(b.reportedDay) || a.taskId.localeCompare(b.taskId));

  const expenseLines: ExpenseLine[] = items.expenses
    .filter((expense) => expense.propertyId === items.property.id && expense.date.slice(0, 7) === month)
    .map((expense) => ({ id: expense.id, date: expense.date, category: expense.category, description: expense.description ?? null, cents: cents(expense) }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));

  const invoiceLines: InvoiceLine[] = items.invoices
    .filter((invoice) => invoice.propertyId === items.property.id && localMonth(invoice.createdAt))
    .map((invoice) => ({
      id: invoice.id,
      client: invoice.client ?? null,
      description: invoice.description ?? null,
      issuedDay: local(invoice.createdAt),
      dueDate: invoice.dueDate.slice(0, 10),
      status: invoiceStatus(invoice.status ?? 'pending', invoice.dueDate, now),
      cents: cents(invoice),
    }))
    .sort((a, b) => a.issuedDay.localeCompare(b.issuedDay) || a.id.localeCompare(b.id));

  return {
    id: items.property.id,
    name: items.property.name,
    address: items.property.address,
    daysInMonth: days.length,
    stays: stayLines.length,
    nights: booked.size,
    nightsAvailable: days.length,
    occupancyPercent: round1((booked.size / days.length) * 100),
    blockedNights: blocked.size,
    cleanings: cleaningLines.length,
    problemsReported: problemLines.filter((line) => line.reportedDay.slice(0, 7) === month).length,
    problemsFixed: problemLines.filter((line) => line.fixedDay?.slice(0, 7) === month).length,
    expensesCents: expenseLines.reduce((sum, line) => sum + line.cents, 0),
    invoicedCents: invoiceLines.reduce((sum, line) => sum + line.cents, 0),
    paidCents: invoiceLines.filter((line) => line.status === 'paid').reduce((sum, line) => sum + line.cents, 0),
    stayLines,
    cleaningLines,
    problemLines,
    expenseLines,
    invoiceLines,
  };
}

export function buildOwnerReport(input: OwnerReportInput): OwnerReportData {
  const properties = input.properties
    .map((items) => buildPropertyReport(items, input.month, input.timeZone, input.now))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const sum = (pick: (p: PropertyReport) => number) => properties.reduce((total, p) => total + pick(p), 0);
  const nights = sum((p) => p.nights);
  const nightsAvailable = sum((p) => p.nightsAvailable);
  return {
    month: input.month,
    timeZone: input.timeZone,
    companyName: input.companyName,
    owner: { name: input.owner.name, email: input.owner.email, language: input.owner.language },
    generatedAt: input.now.toISOString(),
    properties,
    totals: {
      stays: sum((p) => p.stays),
      nights,
      nightsAvailable,
      occupancyPercent: nightsAvailable ? round1((nights / nightsAvailable) * 100) : 0,
      blockedNights: sum((p) => p.blockedNights),
      cleanings: sum((p) => p.cleanings),
      problemsReported: sum((p) => p.problemsReported),
      problemsFixed: sum((p) => p.problemsFixed),
      expensesCents: sum((p) => p.expensesCents),
      invoicedCents: sum((p) => p.invoicedCents),
      paidCents: sum((p) => p.paidCents),
    },
  };
}
