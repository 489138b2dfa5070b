// Financials through the route table against the local stand-ins: invoices, expenses, counters,
// overdue derivation, the transaction feed and its search, roles and tenancy.
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { utcDay, utcMonth, previousMonth } from '../../shared/rules';
import { createInvoice, getStoredInvoice } from '../data/repositories/invoices';
import { createExpense } from '../data/repositories/expenses';
import { getFinanceCounters, queryMonths } from '../data/repositories/report-stats';

const PT = { 'accept-language': 'pt-BR' };
const DAY_MS = 86_400_000;
const today = () => utcDay(new Date());
const daysFromToday = (days: number) => utcDay(new Date(Date.now() + days * DAY_MS));

async function newInvoice(company: TestCompany, body: Record<string, unknown>, cookie = company.ceo.cookie) {
  return invoke('POST', '/api/invoices', { cookies: [cookie], body: { dueDate: daysFromToday(10), ...body } });
}

async function summary(company: TestCompany, cookie = company.ceo.cookie) {
  const response = await invoke('GET', '/api/financials/summary', { cookies: [cookie] });
  expect(response.status).toBe(200);
  return response.body;
}

async function pay(company: TestCompany, id: string, status: 'paid' | 'pending' = 'paid') {
  return invoke('PUT', `/api/invoices/${id}/status`, { cookies: [company.ceo.cookie], body: { status } });
}

describe('invoices', () => {
  it('creates a pending invoice with the amount as decimal(10,2) and integer cents', async () => {
    const company = await createTestCompany();
    const response = await newInvoice(company, { amount: '1250.5', client: 'Emma Johnson', description: 'March stay' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ amount: '1250.50', amountCents: 125050, status: 'pending', client: 'Emma Johnson', kind: 'invoice' });
    expect(response.body).not.toHaveProperty('search');
    const figures = await summary(company);
    expect(figures.outstanding).toEqual({ cents: 125050, amount: '1250.50' });
    expect(figures.paymentStatus).toEqual({ paid: 0, pending: 1, overdue: 0 });
  });

  it('adds 0.10 + 0.20 to exactly 0.30 of revenue, and 250 small amounts to the cent', async () => {
    const company = await createTestCompany();
    for (const amount of ['0.10', '0.20']) {
      const created = await newInvoice(company, { amount });
      expect((await pay(company, created.body.id)).status).toBe(200);
    }
    expect((await summary(company)).revenue).toEqual({ cents: 30, amount: '0.30' });
    const metrics = await invoke('GET', '/api/dashboard/metrics', { cookies: [company.ceo.cookie] });
    expect(metrics.body.monthlyRevenue).toBe(0.3);

    const many = await createTestCompany();
    // 0.01, 0.03, …: a float sum of these drifts; the cents do not.
    const amounts = Array.from({ length: 250 }, (_, i) => `${Math.floor(i / 7)}.${String((i * 3 + 1) % 100).padStart(2, '0')}`);
    const expectedCents = amounts.reduce((total, a) => total + Math.round(Number(a) * 100), 0);
    for (let i = 0; i < amounts.length; i += 25) {
      await Promise.all(amounts.slice(i, i + 25).map((amount) => createInvoice(many.companyId, { amount, status: 'paid', dueDate: today() })));
    }
    const figures = await summary(many);
    expect(figures.revenue.cents).toBe(expectedCents);
    expect(figures.revenue.amount).toBe(`${Math.floor(expectedCents / 100)}.${String(expectedCents % 100).padStart(2, '0')}`);
    expect(figures.paymentStatus.paid).toBe(250);
  });

  it('counts an invoice paid twice (and by two concurrent clicks) once', async () => {
    const company = await createTestCompany();
    const invoice = (await newInvoice(company, { amount: '99.99' })).body;
    const [first, second] = await Promise.all([pay(company, invoice.id), pay(company, invoice.id)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await pay(company, invoice.id);
    expect(third.body).toMatchObject({ status: 'paid', paidAt: first.body.paidAt });
    const figures = await summary(company);
    expect(figures.revenue.cents).toBe(9999);
    expect(figures.outstanding.cents).toBe(0);
    expect(figures.paymentStatus).toEqual({ paid: 1, pending: 0, overdue: 0 });
  });

  it('takes the revenue back when an invoice is marked unpaid or deleted', async () => {
    const company = await createTestCompany();
    const a = (await newInvoice(company, { amount: '100.00' })).body;
    const b = (await newInvoice(company, { amount: '40.25' })).body;
    await pay(company, a.id);
    await pay(company, b.id);
    expect((await summary(company)).revenue.cents).toBe(14025);

    const unpaid = await pay(company, a.id, 'pending');
    expect(unpaid.body).toMatchObject({ status: 'pending' });
    expect(unpaid.body.paidAt).toBeUndefined();
    let figures = await summary(company);
    expect(figures.revenue.cents).toBe(4025);
    expect(figures.outstanding.cents).toBe(10000);

    expect((await invoke('DELETE', `/api/invoices/${b.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);
    expect((await invoke('DELETE', `/api/invoices/${a.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);
    expect((await invoke('DELETE', `/api/invoices/${a.id}`, { cookies: [company.ceo.cookie] })).status).toBe(404);
    figures = await summary(company);
    expect(figures.revenue.cents).toBe(0);
    expect(figures.outstanding.cents).toBe(0);
    expect(await getFinanceCounters(company.companyId)).toMatchObject({ invoiceCount: 0, paidCount: 0, unpaidCount: 0, paidCents: 0, unpaidCents: 0 });
  });

  it('derives overdue from the due date: due yesterday is overdue, due today is not', async () => {
    const company = await createTestCompany();
    const yesterday = (await newInvoice(company, { amount: '10.00', dueDate: daysFromToday(-1) })).body;
    const dueToday = (await newInvoice(company, { amount: '20.00', dueDate: today() })).body;
    const paidLate = (await newInvoice(company, { amount: '5.00', dueDate: daysFromToday(-30) })).body;
    await pay(company, paidLate.id);
    expect(yesterday.status).toBe('overdue');
    expect(dueToday.status).toBe('pending');
    const figures = await summary(company);
    expect(figures.paymentStatus).toEqual({ paid: 1, pending: 1, overdue: 1 });
    expect(figures.overdue).toEqual({ count: 1, total: { cents: 1000, amount: '10.00' } });
    expect(figures.outstanding.cents).toBe(3000);
    const list = await invoke('GET', '/api/financials/transactions?kind=invoice', { cookies: [company.ceo.cookie] });
    const statuses = Object.fromEntries(list.body.map((t: { id: string; status: string }) => [t.id, t.status]));
    expect(statuses).toEqual({ [yesterday.id]: 'overdue', [dueToday.id]: 'pending', [paidLate.id]: 'paid' });
  });

  it('rejects bad amounts and dates with field errors and writes nothing', async () => {
    const company = await createTestCompany();
    for (const amount of ['0', '0.00', '-5', '1.234', 'abc', '123456789.00', '', 1e21, null]) {
      const response = await newInvoice(company, { amount }, company.ceo.cookie);
      expect(response.status).toBe(400);
      expect(response.body.errors).toHaveProperty('amount');
    }
    const badDate = await invoke('POST', '/api/invoices', { cookies: [company.ceo.cookie], headers: PT, body: { amount: '10', dueDate: '31/12/2026' } });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors).toEqual({ dueDate: 'A data de vencimento é obrigatória' });
    expect(await getFinanceCounters(company.companyId)).toMatchObject({ invoiceCount: 0, unpaidCents: 0 });
    const accepted = await newInvoice(company, { amount: 99999999.99 });
    expect(accepted.body.amount).toBe('99999999.99');
  });

  it('takes only its own decimal text: an amount as a person types it is refused, never read another way', async () => {
    const company = await createTestCompany();
    for (const amount of ['12,50', '1e9', '1,250.00', '1.250,00', '1 250,00', '$12.50', 'US$ 12,50', '12,5,0', '12.345,678', 1e9, -12.5, '0x10', 'Infinity']) {
      const invoice = await invoke('POST', '/api/invoices', { cookies: [company.ceo.cookie], headers: PT, body: { amount, dueDate: daysFromToday(10) } });
      expect(invoice.status).toBe(400);
      expect(invoice.body.errors).toEqual({ amount: 'Informe um valor maior que 0 com no máximo 2 casas decimais (até 99.999.999,99)' });
      const expense = await invoke('POST', '/api/expenses', { cookies: [company.ceo.cookie], body: { amount, date: today(), category: 'supplies' } });
      expect(expense.status).toBe(400);
      expect(Object.keys(expense.body.errors)).toEqual(['amount']);
    }
    expect(await getFinanceCounters(company.companyId)).toMatchObject({ invoiceCount: 0, expenseCount: 0, unpaidCents: 0 });
    const transactions = await invoke('GET', '/api/financials/transactions', { cookies: [company.ceo.cookie] });
    expect(transactions.body).toEqual([]);
  });

  it('keeps a property\'s name on its invoice and refuses another company\'s property', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const property = (await invoke('POST', '/api/properties', { cookies: [mine.ceo.cookie], body: { name: 'Casa Azul', address: 'Rua 1' } })).body;
    const foreign = (await invoke('POST', '/api/properties', { cookies: [theirs.ceo.cookie], body: { name: 'Theirs', address: 'Rua 2' } })).body;
    const ok = await newInvoice(mine, { amount: '10', propertyId: property.id });
    expect(ok.body).toMatchObject({ propertyId: property.id, propertyName: 'Casa Azul' });
    const refused = await newInvoice(mine, { amount: '10', propertyId: foreign.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty('propertyId');
  });
});

describe('expenses and the month figures', () => {
  it('records expenses into this month\'s expenses and net profit, with real changes against last month', async () => {
    const company = await createTestCompany();
    const thisMonth = utcMonth(new Date());
    const lastMonthDay = `${previousMonth(thisMonth)}-15`;
    // Last month: 200.00 revenue, 50.00 expenses. This month: 300.00 revenue, 75.50 expenses.
    await createInvoice(company.companyId, { amount: '200.00', status: 'paid', dueDate: lastMonthDay, paidAt: `${lastMonthDay}T12:00:00.000Z` });
    await createExpense(company.companyId, { amount: '50.00', date: lastMonthDay, category: 'supplies', description: null });
    const invoice = (await newInvoice(company, { amount: '300' })).body;
    await pay(company, invoice.id);
    const expense = await invoke('POST', '/api/expenses', {
      cookies: [company.ceo.cookie],
      body: { amount: '75.50', date: today(), category: 'maintenance', description: 'Boiler repair' },
    });
    expect(expense.status).toBe(201);
    expect(expense.body).toMatchObject({ amount: '75.50', amountCents: 7550, category: 'maintenance', kind: 'expense' });

    const figures = await summary(company);
    expect(figures.revenue.amount).toBe('300.00');
    expect(figures.revenueChange).toBe(50);
    expect(figures.expenses.amount).toBe('75.50');
    expect(figures.expensesChange).toBe(51);
    expect(figures.netProfit.amount).toBe('224.50');
    expect(figures.netProfitChange).toBe(49.7);
    expect(figures.months).toHaveLength(6);
    expect(figures.months[4]).toMatchObject({ month: previousMonth(thisMonth), revenue: { cents: 20000 }, expenses: { cents: 5000 } });

    expect((await invoke('DELETE', `/api/expenses/${expense.body.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);
    expect((await summary(company)).expenses.cents).toBe(0);
    const [month] = await queryMonths(company.companyId, [thisMonth]);
    expect(month).toMatchObject({ expenseCents: 0, expenseCount: 0, paidCents: 30000 });
  });

  it('hides the change when last month was 0', async () => {
    const company = await createTestCompany();
    await createInvoice(company.companyId, { amount: '10.00', status: 'paid', dueDate: today() });
    const figures = await summary(company);
    expect(figures.revenueChange).toBeNull();
    expect(figures.expensesChange).toBeNull();
    expect(figures.netProfitChange).toBeNull();
  });

  it('refuses an unknown category and a missing date, in the caller\'s language', async () => {
    const company = await createTestCompany();
    const response = await invoke('POST', '/api/expenses', { cookies: [company.ceo.cookie], headers: PT, body: { amount: '10', category: 'yachts' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ date: 'A data é obrigatória', category: 'A categoria é obrigatória' });
    expect((await getFinanceCounters(company.companyId)).expenseCount).toBe(0);
  });
});

describe('the transaction feed', () => {
  it('lists invoices and expenses newest first by date, paginated with a cursor', async () => {
    const company = await createTestCompany();
    await createExpense(company.companyId, { amount: '1.00', date: daysFromToday(-3), category: 'other', description: 'three days ago' });
    await createInvoice(company.companyId, { amount: '2.00', dueDate: today(), description: 'issued two days ago' }, new Date(Date.now() - 2 * DAY_MS));
    await createExpense(company.companyId, { amount: '3.00', date: today(), category: 'other', description: 'today' });
    const first = await invoke('GET', '/api/financials/transactions?limit=2', { cookies: [company.ceo.cookie] });
    expect(first.body.map((t: { description: string }) => t.description)).toEqual(['today', 'issued two days ago']);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await invoke('GET', `/api/financials/transactions?limit=2&cursor=${cursor}`, { cookies: [company.ceo.cookie] });
    expect(second.body.map((t: { description: string }) => t.description)).toEqual(['three days ago']);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const expenses = await invoke('GET', '/api/financials/transactions?kind=expense', { cookies: [company.ceo.cookie] });
    expect(expenses.body.map((t: { kind: string }) => t.kind)).toEqual(['expense', 'expense']);
  });

  it('searches the whole history on the server, ignoring case and accents, page by page', async () => {
    const company = await createTestCompany();
    await createInvoice(company.companyId, { amount: '1250.00', dueDate: today(), client: 'João Pereira', description: 'Estadia Março' });
    for (let i = 0; i < 30; i++) await createExpense(company.companyId, { amount: `${i + 1}.00`, date: today(), category: 'supplies', description: `Detergent ${i}` });
    await createExpense(company.companyId, { amount: '80.00', date: today(), category: 'maintenance', description: 'Reparação da caldeira' });
    const search = (q: string, extra = '') => invoke('GET', `/api/financials/transactions?q=${encodeURIComponent(q)}${extra}`, { cookies: [company.ceo.cookie] });

    expect((await search('JOAO')).body.map((t: { client: string }) => t.client)).toEqual(['João Pereira']);
    expect((await search('marco')).body).toHaveLength(1);
    expect((await search('reparacao')).body.map((t: { amount: string }) => t.amount)).toEqual(['80.00']);
    expect((await search('1,250')).body).toHaveLength(1);
    expect((await search('$1250.00')).body).toHaveLength(1);
    expect((await search('nothing like this')).body).toEqual([]);

    const firstPage = await search('detergent', '&limit=20');
    expect(firstPage.body).toHaveLength(20);
    const rest = await search('detergent', `&limit=20&cursor=${firstPage.headers['x-next-cursor']}`);
    expect(rest.body).toHaveLength(10);
    const seen = new Set([...firstPage.body, ...rest.body].map((t: { id: string }) => t.id));
    expect(seen.size).toBe(30);
  });
});

describe('who may use financials', () => {
  it('lets the CEO and managers create invoices and expenses, and keeps staff out', async () => {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    const staff = await company.add('staff');
    expect((await newInvoice(company, { amount: '10' }, manager.cookie)).status).toBe(201);
    const expense = { amount: '5', date: today(), category: 'other' };
    expect((await invoke('POST', '/api/expenses', { cookies: [manager.cookie], body: expense })).status).toBe(201);
    expect((await newInvoice(company, { amount: '10' }, staff.cookie)).status).toBe(403);
    expect((await invoke('POST', '/api/expenses', { cookies: [staff.cookie], body: expense })).status).toBe(403);
    expect((await invoke('GET', '/api/financials/summary', { cookies: [staff.cookie] })).status).toBe(403);
    expect((await invoke('GET', '/api/financials/transactions', { cookies: [staff.cookie] })).status).toBe(403);
    expect((await getFinanceCounters(company.companyId)).invoiceCount).toBe(1);
  });

  it('shows the month\'s revenue on the dashboard to the CEO and managers, and to staff not at all', async () => {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    const staff = await company.add('staff');
    await createInvoice(company.companyId, { amount: '120.50', status: 'paid', dueDate: today(), paidAt: new Date().toISOString() });
    const metrics = async (cookie: string) => (await invoke('GET', '/api/dashboard/metrics', { cookies: [cookie] })).body;
    expect((await metrics(company.ceo.cookie)).monthlyRevenue).toBe(120.5);
    expect((await metrics(manager.cookie)).monthlyRevenue).toBe(120.5);
    const seenByStaff = await metrics(staff.cookie);
    expect(seenByStaff.monthlyRevenue).toBeNull();
    // Nothing completed this week: no efficiency to show (null, the card shows "—").
    expect(seenByStaff).toMatchObject({ activeProperties: 0, pendingTasks: 0, teamEfficiency: null, monthlyRevenueChange: null });
  });

  it('answers 404 for another company\'s invoice or expense and changes nothing', async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const invoice = await createInvoice(theirs.companyId, { amount: '10.00', dueDate: today() });
    const expense = await createExpense(theirs.companyId, { amount: '5.00', date: today(), category: 'other', description: null });
    expect((await pay(mine, invoice.id)).status).toBe(404);
    expect((await invoke('DELETE', `/api/invoices/${invoice.id}`, { cookies: [mine.ceo.cookie] })).status).toBe(404);
    expect((await invoke('DELETE', `/api/expenses/${expense.id}`, { cookies: [mine.ceo.cookie] })).status).toBe(404);
    expect((await getStoredInvoice(theirs.companyId, invoice.id))?.status).toBe('pending');
    expect(await getFinanceCounters(theirs.companyId)).toMatchObject({ invoiceCount: 1, expenseCount: 1 });
    expect((await invoke('GET', '/api/financials/transactions', { cookies: [mine.ceo.cookie] })).body).toEqual([]);
    const theirCursor = (await invoke('GET', '/api/financials/transactions?limit=1', { cookies: [theirs.ceo.cookie] })).headers['x-next-cursor'];
    expect((await invoke('GET', `/api/financials/transactions?cursor=${theirCursor}`, { cookies: [mine.ceo.cookie] })).status).toBe(400);
  });
});
