// Money under the property scope (issue 41 point 2; docs/property-scope.md "Money"): a manager scoped
// to a group sees the Financials figures and transactions of their properties only, summed from
// those invoices and expenses (the company's counters hold everyone's money), not the company's own
// (no property) nor another property's; they record money for one of their properties only, and the
// company's own invoices answer 404 to them as another company's would. The CEO's figures hold all.
import { utcDay, utcMonth } from '#shared/rules';
import { invoke } from '../local/invoke';
import { createTestCompany, type Member, type TestCompany } from './support/fixtures';

let company: TestCompany;
let scoped: Member;
let casaA: string;
let casaB: string;
let companyInvoice: string;
let companyExpense: string;

const ceo = () => ({ cookies: [company.ceo.cookie] });
const asScoped = () => ({ cookies: [scoped.cookie] });
const today = utcDay(new Date());
const longAgo = '2020-01-10';

async function invoice(body: Record<string, unknown>): Promise<string> {
  const created = await invoke('POST', '/api/invoices', { ...ceo(), body: { dueDate: today, client: 'Guest', ...body } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

async function expense(body: Record<string, unknown>): Promise<string> {
  const created = await invoke('POST', '/api/expenses', { ...ceo(), body: { date: today, category: 'supplies', description: 'Soap', ...body } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

beforeAll(async () => {
  company = await createTestCompany();
  scoped = await company.add('operational_manager');
  casaA = (await invoke('POST', '/api/properties', { ...ceo(), body: { name: 'Casa A', address: 'Rua A' } })).body.id;
  casaB = (await invoke('POST', '/api/properties', { ...ceo(), body: { name: 'Casa B', address: 'Rua B' } })).body.id;
  const group = await invoke('POST', '/api/property-groups', { ...ceo(), body: { name: 'Só A', propertyIds: [casaA] } });
  expect((await invoke('PUT', `/api/team/${scoped.user.id}/access`, { ...ceo(), body: { propertyGroupIds: [group.body.id] } })).status).toBe(200);

  await invoice({ amount: '100.00', status: 'paid', propertyId: casaA });
  await invoice({ amount: '30.00', dueDate: longAgo, propertyId: casaA }); // unpaid, overdue
  await invoice({ amount: '200.00', status: 'paid', propertyId: casaB });
  await invoice({ amount: '70.00', propertyId: casaB }); // unpaid
  companyInvoice = await invoice({ amount: '50.00', status: 'paid' });
  await expense({ amount: '20.00', propertyId: casaA });
  await expense({ amount: '40.00', propertyId: casaB });
  companyExpense = await expense({ amount: '10.00' });
});

describe("a scoped manager's Financials", () => {
  it('sums only their properties\' invoices and expenses; the CEO sees everything', async () => {
    const mine = await invoke('GET', '/api/financials/summary', asScoped());
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      month: utcMonth(new Date()),
      revenue: expect.objectContaining({ cents: 10_000 }),
      expenses: expect.objectContaining({ cents: 2_000 }),
      netProfit: expect.objectContaining({ cents: 8_000 }),
      outstanding: expect.objectContaining({ cents: 3_000 }),
      overdue: { count: 1, total: expect.objectContaining({ cents: 3_000 }) },
      paymentStatus: { paid: 1, pending: 0, overdue: 1 },
    });
    expect(mine.body.months.at(-1)).toMatchObject({ revenue: expect.objectContaining({ cents: 10_000 }), expenses: expect.objectContaining({ cents: 2_000 }) });

    const all = await invoke('GET', '/api/financials/summary', ceo());
    expect(all.body).toMatchObject({
      revenue: expect.objectContaining({ cents: 35_000 }),
      expenses: expect.objectContaining({ cents: 7_000 }),
      outstanding: expect.objectContaining({ cents: 10_000 }),
      paymentStatus: { paid: 3, pending: 1, overdue: 1 },
    });
  });

  it("shows their properties' revenue on the dashboard too", async () => {
    expect((await invoke('GET', '/api/dashboard/metrics', asScoped())).body.monthlyRevenue).toBe(100);
    expect((await invoke('GET', '/api/dashboard/metrics', ceo())).body.monthlyRevenue).toBe(350);
  });

  it('lists only their properties\' transactions', async () => {
    const listed = await invoke('GET', '/api/financials/transactions?limit=50', asScoped());
    expect(listed.status).toBe(200);
    const items = (listed.body.items ?? listed.body) as Array<{ propertyId: string | null; amount: string }>;
    expect(items.map((item) => item.amount).sort()).toEqual(['100.00', '20.00', '30.00']);
    expect(items.every((item) => item.propertyId === casaA)).toBe(true);
    const everything = await invoke('GET', '/api/financials/transactions?limit=50', ceo());
    expect((everything.body.items ?? everything.body).length).toBe(8);
  });

  it("records money for one of their properties only, and cannot touch the company's own", async () => {
    const none = await invoke('POST', '/api/invoices', { ...asScoped(), headers: { 'accept-language': 'en' }, body: { amount: '5.00', dueDate: today } });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('Choose one of your properties');
    const other = await invoke('POST', '/api/expenses', { ...asScoped(), body: { amount: '5.00', date: today, category: 'supplies', propertyId: casaB } });
    expect(other.status).toBe(400);
    expect((await invoke('POST', '/api/expenses', { ...asScoped(), body: { amount: '5.00', date: today, category: 'supplies', propertyId: casaA } })).status).toBe(201);

    expect((await invoke('PUT', `/api/invoices/${companyInvoice}/status`, { ...asScoped(), body: { status: 'pending' } })).status).toBe(404);
    expect((await invoke('DELETE', `/api/invoices/${companyInvoice}`, asScoped())).status).toBe(404);
    expect((await invoke('DELETE', `/api/expenses/${companyExpense}`, asScoped())).status).toBe(404);
    const after = await invoke('GET', '/api/financials/summary', ceo());
    expect(after.body).toMatchObject({ revenue: expect.objectContaining({ cents: 35_000 }), expenses: expect.objectContaining({ cents: 7_500 }) });
  });
});
