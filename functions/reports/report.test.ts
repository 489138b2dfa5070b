// Report figures under each date range with a fixed `now`, from the per-day counters the task,
// invoice and expense writes keep; the export files read back (exceljs, pdf-parse); and the routes.
import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import type { TaskStatus, TaskType } from '../../shared/enums';
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { createProperty } from '../data/repositories/properties';
import { createTask, updateTask } from '../data/repositories/tasks';
import { createInvoice } from '../data/repositories/invoices';
import { createExpense } from '../data/repositories/expenses';
import { buildReport, type Report, type ReportRequest } from './report';
import { exportReport } from './export';

/** Thursday 14 May 2026, noon UTC: this week is 11–17 May, this quarter April–June. */
const NOW = new Date('2026-05-14T12:00:00.000Z');

/**
 * The text of a PDF, read back with pdf-parse. pdfjs (inside pdf-parse) loads its worker with a
 * dynamic import, which Jest's CommonJS sandbox refuses, so it runs in a plain Node process.
 */
function pdfText(pdf: Buffer): string {
  const script = `import { PDFParse } from 'pdf-parse';
    const chunks = []; for await (const chunk of process.stdin) chunks.push(chunk);
    const result = await new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) }).getText();
    process.stdout.write(result.text);`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: pdf, cwd: process.cwd(), encoding: 'utf8' });
}
const at = (iso: string) => new Date(iso);

interface Fixture {
  company: TestCompany;
  staffId: string;
  ids: { p1: string; p2: string; p3: string };
}

async function seedCompany(): Promise<Fixture> {
  const company = await createTestCompany({ name: 'Report Stays' });
  const staff = await company.add('staff');
  const ctx = { companyId: company.companyId, plan: 'professional' as const, unlimited: false };
  const p1 = await createProperty(ctx, { name: 'Casa Um', address: 'Rua 1' });
  const p2 = await createProperty(ctx, { name: 'Casa Dois', address: 'Rua 2' });
  const p3 = await createProperty(ctx, { name: 'Casa Três', address: 'Rua 3' });
  const task = (type: TaskType, propertyId: string, created: string, extra: { status?: TaskStatus; dueDate?: string; assignedUserId?: string } = {}) =>
    createTask(
      company.companyId,
      { type, title: `${type} task`, description: null, propertyId, assignedUserId: extra.assignedUserId ?? null, status: extra.status ?? 'pending', dueDate: extra.dueDate ?? null },
      at(created),
    );
  // A: this week, completed on time by the staff member the next day.
  const a = await task('cleaning', p1.id, '2026-05-12T09:00:00.000Z', { dueDate: '2026-05-14T00:00:00.000Z', assignedUserId: staff.user.id });
  await updateTask(company.companyId, a.id, { status: 'completed' }, at('2026-05-13T10:00:00.000Z'));
  // B: this week, in progress. C: this month (not this week), pending.
  await task('maintenance', p1.id, '2026-05-12T15:00:00.000Z', { status: 'in_progress' });
  await task('laundry', p2.id, '2026-05-03T08:00:00.000Z');
  // D: last month, completed late by the CEO. H: last month, pending.
  const d = await task('cleaning', p2.id, '2026-04-20T08:00:00.000Z', { dueDate: '2026-04-19T00:00:00.000Z', assignedUserId: company.ceo.user.id });
  await updateTask(company.companyId, d.id, { status: 'completed' }, at('2026-04-21T08:00:00.000Z'));
  await task('laundry', p2.id, '2026-04-22T08:00:00.000Z');
  // E: February, cancelled. F: last year.
  await task('maintenance', p3.id, '2026-02-10T08:00:00.000Z', { status: 'cancelled' });
  await task('cleaning', p1.id, '2025-12-30T08:00:00.000Z');

  // Money: paid 13 May and 15 April; expenses 2 May and 10 April; one unpaid invoice due 1 May.
  await createInvoice(company.companyId, { amount: '100.10', status: 'paid', dueDate: '2026-05-20', paidAt: '2026-05-13T10:00:00.000Z' }, at('2026-05-10T10:00:00.000Z'));
  await createInvoice(company.companyId, { amount: '200.20', status: 'paid', dueDate: '2026-04-30', paidAt: '2026-04-15T10:00:00.000Z' }, at('2026-04-01T10:00:00.000Z'));
  await createInvoice(company.companyId, { amount: '50.00', dueDate: '2026-05-01' }, at('2026-04-20T10:00:00.000Z'));
  await createExpense(company.companyId, { amount: '30.03', date: '2026-05-02', category: 'supplies', description: 'Detergent' });
  await createExpense(company.companyId, { amount: '10.01', date: '2026-04-10', category: 'utilities', description: 'Water' });
  return { company, staffId: staff.user.id, ids: { p1: p1.id, p2: p2.id, p3: p3.id } };
}

let fixture: Fixture;
beforeAll(async () => {
  fixture = await seedCompany();
});

const report = (request: Partial<ReportRequest>, includeFinancial = true): Promise<Report> =>
  buildReport(fixture.company.companyId, { range: 'this_month', type: 'all', ...request }, { includeFinancial, now: NOW });

describe('report figures under each date range', () => {
  it.each([
    ['this_week', undefined, { from: '2026-05-11', to: '2026-05-17', total: 2, completed: 1, inProgress: 1, pending: 0, rate: 50, byType: [1, 1, 0], mostActive: 'Casa Um', avg: 1, perMember: 1, efficiency: 100 }],
    ['this_month', undefined, { from: '2026-05-01', to: '2026-05-31', total: 3, completed: 1, inProgress: 1, pending: 1, rate: 33, byType: [1, 1, 1], mostActive: 'Casa Um', avg: 1, perMember: 2, efficiency: 100 }],
    ['last_month', undefined, { from: '2026-04-01', to: '2026-04-30', total: 2, completed: 1, inProgress: 0, pending: 1, rate: 50, byType: [1, 0, 1], mostActive: 'Casa Dois', avg: 1, perMember: 1, efficiency: 0 }],
    ['this_quarter', undefined, { from: '2026-04-01', to: '2026-06-30', total: 5, completed: 2, inProgress: 1, pending: 2, rate: 40, byType: [2, 1, 2], mostActive: 'Casa Dois', avg: 2, perMember: 3, efficiency: 50 }],
    ['this_year', undefined, { from: '2026-01-01', to: '2026-12-31', total: 6, completed: 2, inProgress: 1, pending: 2, rate: 33, byType: [2, 2, 2], mostActive: 'Casa Dois', avg: 2, perMember: 3, efficiency: 50 }],
    ['custom', { from: '2026-02-01', to: '2026-02-28' }, { from: '2026-02-01', to: '2026-02-28', total: 1, completed: 0, inProgress: 0, pending: 0, rate: 0, byType: [0, 1, 0], mostActive: 'Casa Três', avg: 0, perMember: 1, efficiency: 0 }],
    ['custom', { from: '2025-12-01', to: '2025-12-31' }, { from: '2025-12-01', to: '2025-12-31', total: 1, completed: 0, inProgress: 0, pending: 1, rate: 0, byType: [1, 0, 0], mostActive: 'Casa Um', avg: 0, perMember: 1, efficiency: 0 }],
  ] as const)('%s %j', async (range, custom, expected) => {
    const r = await report({ range, ...(custom ?? {}) });
    expect(r.range).toMatchObject({ key: range, from: expected.from, to: expected.to });
    expect(r.tasks).toMatchObject({
      total: expected.total,
      completed: expected.completed,
      inProgress: expected.inProgress,
      pending: expected.pending,
      completionRate: expected.rate,
      byType: { cleaning: expected.byType[0], maintenance: expected.byType[1], laundry: expected.byType[2] },
    });
    expect(r.properties).toMatchObject({ active: 3, averageTasksPerProperty: expected.avg, mostActive: { name: expected.mostActive } });
    expect(r.team).toMatchObject({ members: 2, tasksPerMember: expected.perMember, efficiency: expected.efficiency });
  });

  it('answers zeros and N/A for a range without tasks', async () => {
    const r = await report({ range: 'custom', from: '2024-01-01', to: '2024-01-31' });
    expect(r.tasks).toMatchObject({ total: 0, completed: 0, completionRate: 0, byType: { cleaning: 0, maintenance: 0, laundry: 0 } });
    expect(r.properties?.mostActive).toBeNull();
    expect(r.team).toMatchObject({ efficiency: 0, tasksPerMember: 0 });
    expect(r.financial).toMatchObject({ revenue: { cents: 0 }, expenses: { cents: 0 }, netProfit: { cents: 0 } });
  });

  it('sums money to the cent per range, with outstanding and overdue as of today', async () => {
    expect((await report({ range: 'this_month' })).financial).toEqual({
      revenue: { cents: 10010, amount: '100.10' },
      paidInvoices: 1,
      expenses: { cents: 3003, amount: '30.03' },
      expenseCount: 1,
      netProfit: { cents: 7007, amount: '70.07' },
      outstanding: { cents: 5000, amount: '50.00' },
      overdueCount: 1,
      overdueTotal: { cents: 5000, amount: '50.00' },
    });
    expect((await report({ range: 'last_month' })).financial).toMatchObject({ revenue: { amount: '200.20' }, expenses: { amount: '10.01' }, netProfit: { amount: '190.19' } });
    expect((await report({ range: 'this_quarter' })).financial).toMatchObject({ revenue: { amount: '300.30' }, expenses: { amount: '40.04' }, netProfit: { amount: '260.26' } });
  });

  it('credits completions to the day they happened and to the assignee', async () => {
    const week = await report({ range: 'this_week', type: 'team' });
    expect(week.team?.people[0]).toMatchObject({ id: fixture.staffId, completedInRange: 1 });
    const april = await report({ range: 'last_month', type: 'tasks' });
    expect(april.tasks?.completedInRange).toBe(1);
    expect(april.tasks?.timeline).toHaveLength(30);
    const year = await report({ range: 'this_year', type: 'tasks' });
    expect(year.tasks?.timeline.map((p) => p.period)).toHaveLength(12);
    expect(year.tasks?.timeline.find((p) => p.period === '2026-05')).toEqual({ period: '2026-05', created: 3, completed: 1 });
  });

  it('returns only the sections of the report type, and no money for staff', async () => {
    const tasksOnly = await report({ type: 'tasks' });
    expect([tasksOnly.tasks, tasksOnly.properties, tasksOnly.team, tasksOnly.financial].map(Boolean)).toEqual([true, false, false, false]);
    const financialOnly = await report({ type: 'financial' });
    expect([financialOnly.tasks, financialOnly.properties, financialOnly.team, financialOnly.financial].map(Boolean)).toEqual([false, false, false, true]);
    const forStaff = await report({ type: 'all' }, false);
    expect(forStaff.financial).toBeNull();
    expect(forStaff.tasks).not.toBeNull();
  });

  it('moves a task between status counters of its creation day when it changes', async () => {
    const company = await createTestCompany();
    const property = await createProperty({ companyId: company.companyId, plan: 'professional', unlimited: false }, { name: 'Casa', address: 'Rua' });
    const task = await createTask(company.companyId, { type: 'cleaning', title: 't', description: null, propertyId: property.id, assignedUserId: null, status: 'pending', dueDate: null }, at('2026-05-12T08:00:00.000Z'));
    await updateTask(company.companyId, task.id, { status: 'in_progress', type: 'laundry' }, at('2026-05-13T08:00:00.000Z'));
    const r = await buildReport(company.companyId, { range: 'this_week', type: 'tasks' }, { includeFinancial: false, now: NOW });
    expect(r.tasks).toMatchObject({ total: 1, pending: 0, inProgress: 1, byType: { cleaning: 0, laundry: 1 } });
  });
});

describe('export files', () => {
  it('writes an Excel workbook whose sheets, rows and totals read back right', async () => {
    const file = await exportReport(fixture.company.companyId, { format: 'xlsx', range: 'this_quarter', type: 'all' }, { language: 'en', includeFinancial: true, now: NOW });
    expect(file.filename).toBe('rentalops-report-all-2026-04-01_2026-06-30.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Summary', 'Tasks', 'Properties', 'Team', 'Financial', 'Daily']);

    const valueOf = (sheetName: string, label: string) => {
      let found: unknown;
      workbook.getWorksheet(sheetName)!.eachRow((row) => {
        if (row.getCell(1).value === label && found === undefined) found = row.getCell(2).value;
      });
      return found;
    };
    expect(valueOf('Summary', 'Company')).toBe('Report Stays');
    expect(valueOf('Tasks', 'Total Tasks')).toBe(5);
    expect(valueOf('Tasks', 'Completion Rate')).toBe(40);
    expect(valueOf('Properties', 'Most Active Property')).toBe('Casa Dois');
    expect(valueOf('Financial', 'Revenue')).toBe(300.3);
    expect(valueOf('Financial', 'Net Profit')).toBe(260.26);

    const daily = workbook.getWorksheet('Daily')!;
    const rows = daily.getSheetValues().filter(Boolean) as unknown[][];
    const header = rows.findIndex((row) => row[1] === 'Date');
    expect(rows[header].slice(1)).toEqual(['Date', 'Tasks created', 'Tasks completed', 'Revenue', 'Expenses']);
    const days = rows.slice(header + 1, -1);
    expect(days).toHaveLength(91);
    expect(days.find((row) => row[1] === '2026-05-12')?.slice(2)).toEqual([2, 0, 0, 0]);
    const total = rows[rows.length - 1];
    expect(total[1]).toBe('Total');
    const results = total.slice(2).map((cell) => (cell as { result: number }).result);
    expect(results).toEqual([5, 2, 300.3, 40.04]);
    expect((total[2] as { formula: string }).formula).toMatch(/^SUM\(B\d+:B\d+\)$/);

    const byType = workbook.getWorksheet('Tasks')!.getSheetValues().filter(Boolean) as unknown[][];
    const typeTotal = byType.find((row) => row[1] === 'Total');
    expect((typeTotal?.[2] as { result: number }).result).toBe(5);
  });

  it('writes a PDF whose text has the sections and figures, in the caller\'s language', async () => {
    const en = await exportReport(fixture.company.companyId, { format: 'pdf', range: 'this_quarter', type: 'all' }, { language: 'en', includeFinancial: true, now: NOW });
    expect(en.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(en.body);
    for (const expected of ['Task Performance', 'Total Tasks', 'Completion Rate', '40%', 'Tasks by Type', 'Property Overview', 'Casa Dois (3)', 'Team Performance', 'Financial Summary', '$300.30', '$40.04', '$260.26', 'Report Stays']) {
      expect(text).toContain(expected);
    }
    const pt = await exportReport(fixture.company.companyId, { format: 'pdf', range: 'this_quarter', type: 'financial' }, { language: 'pt', includeFinancial: true, now: NOW });
    const ptText = pdfText(pt.body);
    expect(ptText).toContain('Resumo financeiro');
    expect(ptText).toContain('Lucro líquido');
    expect(ptText).not.toContain('Desempenho das tarefas');
  });
});

describe('report routes', () => {
  it('answers the report for the default range and type, and refuses bad filters', async () => {
    const company = await createTestCompany();
    const property = (await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } })).body;
    await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Clean', propertyId: property.id, status: 'completed' } });
    await invoke('POST', '/api/tasks', { cookies: [company.ceo.cookie], body: { title: 'Fix', type: 'maintenance', propertyId: property.id } });
    const response = await invoke('GET', '/api/reports', { cookies: [company.ceo.cookie] });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      range: { key: 'this_month' },
      type: 'all',
      tasks: { total: 2, completed: 1, pending: 1, completionRate: 50, byType: { cleaning: 1, maintenance: 1, laundry: 0 } },
      properties: { active: 1, averageTasksPerProperty: 2, mostActive: { name: 'Casa', tasks: 2 } },
      team: { members: 1, efficiency: 100, tasksPerMember: 2 },
      financial: { revenue: { cents: 0 } },
    });
    expect(response.body).not.toHaveProperty('days');
    const bad = await invoke('GET', '/api/reports?range=custom&from=2026-03-10&to=2026-03-01', { cookies: [company.ceo.cookie], headers: { 'accept-language': 'pt' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ to: 'A data final deve ser igual ou posterior à inicial' });
    expect((await invoke('GET', '/api/reports?range=custom&from=2025-01-01&to=2026-03-01', { cookies: [company.ceo.cookie] })).body.errors).toHaveProperty('to');
    expect((await invoke('GET', '/api/reports?range=custom', { cookies: [company.ceo.cookie] })).body.errors).toEqual({
      from: 'Choose the start and end dates of the custom range',
      to: 'Choose the start and end dates of the custom range',
    });
    expect((await invoke('GET', '/api/reports?type=everything', { cookies: [company.ceo.cookie] })).status).toBe(400);
  });

  it('leaves money out for staff and refuses them the financial report', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const all = await invoke('GET', '/api/reports', { cookies: [staff.cookie] });
    expect(all.status).toBe(200);
    expect(all.body.financial).toBeNull();
    expect(all.body.includesFinancial).toBe(false);
    expect((await invoke('GET', '/api/reports?type=financial', { cookies: [staff.cookie] })).status).toBe(403);
    expect((await invoke('GET', '/api/reports/export?format=pdf&type=financial', { cookies: [staff.cookie] })).status).toBe(403);
  });

  it('writes names that look like spreadsheet formulas (= + - @) as text cells: the only formulas are its own totals', async () => {
    const company = await createTestCompany({ name: 'Formula Stays' });
    const cookies = [company.ceo.cookie];
    const hostile = ['=HYPERLINK("http://evil.test","Click")', '+SUM(1,1)', '-2+3', '@SUM(A1)'];
    for (const name of hostile) expect((await invoke('POST', '/api/properties', { cookies, body: { name, address: 'Rua 1' } })).status).toBe(201);
    const xlsx = await invoke('GET', '/api/reports/export?format=xlsx&range=this_month&type=all', { cookies });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(xlsx.text, 'base64') as unknown as ArrayBuffer);
    const names: string[] = [];
    const formulas: string[] = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (cell.type === ExcelJS.ValueType.Formula) formulas.push(cell.formula);
          else if (typeof cell.value === 'string' && hostile.includes(cell.value)) {
            expect(cell.type).toBe(ExcelJS.ValueType.String);
            names.push(cell.value);
          }
        }),
      ),
    );
    expect(names.sort()).toEqual([...hostile].sort());
    expect(formulas.length).toBeGreaterThan(0);
    for (const formula of formulas) expect(formula).toMatch(/^SUM\([A-Z]+\d+:[A-Z]+\d+\)$/);
  });

  it('downloads the export as a base64 body with its content type and file name', async () => {
    const company = await createTestCompany({ name: 'Export Stays' });
    const xlsx = await invoke('GET', '/api/reports/export?format=xlsx&range=this_month&type=team', { cookies: [company.ceo.cookie] });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="rentalops-report-team-\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(xlsx.text, 'base64') as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Summary', 'Team']);
    const pdf = await invoke('GET', '/api/reports/export?format=pdf', { cookies: [company.ceo.cookie] });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(pdf.text, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await invoke('GET', '/api/reports/export?format=docx', { cookies: [company.ceo.cookie] })).status).toBe(400);
  });
});
