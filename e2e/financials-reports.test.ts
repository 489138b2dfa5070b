// Financials and Reports in Chromium against the whole local product: an invoice created and paid
// moves Monthly Revenue; an Excel export downloads and reads back; both screens in en, pt and es.
// Writes go to a company of their own, so the demo data other browser tests read stays as seeded.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import type { UiLanguage } from '../shared/enums';
import { createTestCompany } from '../tests/support/fixtures';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const DEMO_CEO = 'ceo@demo.rentalops.test';
const DEMO_STAFF = 'staff@demo.rentalops.test';

const statValue = (page: Page, card: string) => page.getByTestId(card).getByTestId('stat-value');

describe('financials', () => {
  it('creates an invoice, marks it paid, and Monthly Revenue follows', async () => {
    const company = await createTestCompany({ name: 'Browser Stays' });
    const page = await app.signedInPage(company.ceo.user.email, { language: 'en' });
    await page.goto('/financials');
    await page.getByRole('heading', { name: 'Financials', level: 1 }).waitFor();
    await expect(statValue(page, 'monthly-revenue').textContent()).resolves.toBe('$0.00');
    await page.getByTestId('transactions-empty').waitFor();

    await page.getByRole('button', { name: 'New Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Invoice' });
    await dialog.getByTestId('invoice-amount').fill('1234.56');
    await dialog.getByLabel('Client').fill('Emma Johnson');
    await dialog.getByLabel('Description').fill('Spring stay');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Invoice created').waitFor();

    const row = page.getByTestId('recent-transactions').getByTestId('transaction').filter({ hasText: 'Spring stay' });
    await expect(row.getByTestId('transaction-status').textContent()).resolves.toBe('Pending');
    await expect(statValue(page, 'outstanding-invoices').textContent()).resolves.toBe('$1,234.56');
    await expect(statValue(page, 'monthly-revenue').textContent()).resolves.toBe('$0.00');

    await row.getByRole('button', { name: 'Mark as paid' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="monthly-revenue"] [data-testid="stat-value"]')?.textContent === '$1,234.56',
    );
    // The summary and the list are read again together; either may answer first.
    await row.getByTestId('transaction-status').filter({ hasText: /^Paid$/ }).waitFor();
    await expect(statValue(page, 'outstanding-invoices').textContent()).resolves.toBe('$0.00');
    await expect(page.getByTestId('payment-paid').textContent()).resolves.toContain('1');
    await expect(page.getByTestId('this-month-revenue').textContent()).resolves.toContain('$1,234.56');

    // Net profit follows a recorded expense.
    await page.getByRole('button', { name: 'Record Expense' }).click();
    const expense = page.getByRole('dialog', { name: 'Record Expense' });
    await expense.getByTestId('expense-amount').fill('234.50');
    await expense.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Supplies' }).click();
    await expense.getByLabel('Description').fill('Towels');
    await expense.getByRole('button', { name: 'Record Expense' }).click();
    await expense.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.querySelector('[data-testid="net-profit"] [data-testid="stat-value"]')?.textContent === '$1,000.06');

    // Search runs on the server and finds the invoice by its client, accents and case aside.
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill('EMMA');
    await page.getByRole('heading', { name: 'Search results' }).waitFor();
    // The heading changes with the text; the matches follow when the server answers.
    const results = page.getByTestId('recent-transactions').getByTestId('transaction');
    await results.filter({ hasText: 'Spring stay' }).waitFor();
    await expect(results.count()).resolves.toBe(1);
  });

  it('reads an amount typed the Portuguese way, refuses one it cannot read, and shows any allowed amount whole (pt, desktop and phone)', async () => {
    const company = await createTestCompany({ name: 'Pousada Vírgula' });
    const page = await app.signedInPage(company.ceo.user.email, { language: 'pt' });
    const transactions = async () => (await (await page.request.get('/api/financials/transactions')).json()) as { amountCents: number; description: string }[];
    await page.goto('/financials');
    await page.getByTestId('transactions-empty').waitFor();

    await page.getByRole('button', { name: 'Nova fatura' }).click();
    let dialog = page.getByRole('dialog', { name: 'Nova fatura' });
    expect(await dialog.getByTestId('invoice-amount').getAttribute('placeholder')).toBe('0,00');
    await dialog.getByTestId('invoice-amount').fill('12,50');
    await dialog.getByLabel('Descrição').fill('Diária curta');
    await dialog.getByRole('button', { name: 'Criar fatura' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('recent-transactions').getByTestId('transaction').filter({ hasText: 'Diária curta' });
    await expect(row.getByTestId('transaction-amount').textContent()).resolves.toBe('+US$\u00a012,50');
    await expect(statValue(page, 'outstanding-invoices').textContent()).resolves.toBe('US$\u00a012,50');
    expect((await transactions()).map((tx) => tx.amountCents)).toEqual([1250]);

    // Three separators in a row of one kind, each after fewer than 3 digits: no amount, a field error.
    await page.getByRole('button', { name: 'Nova fatura' }).click();
    dialog = page.getByRole('dialog', { name: 'Nova fatura' });
    await dialog.getByTestId('invoice-amount').fill('12,5,0');
    await dialog.getByRole('button', { name: 'Criar fatura' }).click();
    await dialog.getByText('Digite o valor em algarismos, como 1.250,50 ou 1250,50').waitFor();
    expect(await dialog.getByTestId('invoice-amount').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByTestId('invoice-amount').fill('12.345,678');
    await dialog.getByRole('button', { name: 'Criar fatura' }).click();
    await dialog.getByText('Informe um valor maior que 0 com no máximo 2 casas decimais (até 99.999.999,99)').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await transactions()).toHaveLength(1);

    // The largest allowed amount, and a total beyond it: every digit on the card, on a laptop and a phone.
    await page.getByRole('button', { name: 'Nova fatura' }).click();
    dialog = page.getByRole('dialog', { name: 'Nova fatura' });
    await dialog.getByTestId('invoice-amount').fill('US$ 99.999.999,99');
    await dialog.getByLabel('Descrição').fill('Temporada inteira');
    await dialog.getByRole('button', { name: 'Criar fatura' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const outstanding = 'US$\u00a0100.000.012,49';
    await page.waitForFunction((text) => document.querySelector('[data-testid="outstanding-invoices"] [data-testid="stat-value"]')?.textContent === text, outstanding);
    const phone = await app.signedInPage(company.ceo.user.email, { language: 'pt', viewport: { width: 390, height: 844 } });
    await phone.goto('/financials');
    await phone.getByTestId('recent-transactions').getByTestId('transaction').filter({ hasText: 'Temporada inteira' }).waitFor();
    for (const screen of [page, phone]) {
      const clipped = await screen.evaluate(() =>
        [...document.querySelectorAll('[data-testid="stat-value"], [data-testid="transaction-amount"], [data-testid="transaction-details"]')]
          .filter((element) => {
            const box = element.getBoundingClientRect();
            const card = (element.closest('section, li') ?? document.body).getBoundingClientRect();
            return element.scrollWidth > element.clientWidth + 1 || box.right > card.right + 1 || box.left < card.left - 1;
          })
          .map((element) => element.textContent),
      );
      expect(clipped).toEqual([]);
      await expect(statValue(screen, 'outstanding-invoices').textContent()).resolves.toBe(outstanding);
    }
    // On a phone the due date is the row's key fact: shown whole, on a line of its own if need be.
    const due = phone.getByTestId('transaction').filter({ hasText: 'Temporada inteira' }).getByTestId('transaction-details').locator('span');
    expect(await due.textContent()).toMatch(/^Vence em \d{1,2} de \S+ de \d{4}$/);
    const [dueBox, rowBox] = await Promise.all([due.boundingBox(), phone.getByTestId('transaction').filter({ hasText: 'Temporada inteira' }).boundingBox()]);
    expect(dueBox!.x + dueBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width);
    await screenshot(phone, 'financials-big-amount-phone-pt');
    await screenshot(page, 'financials-big-amount-pt');
    await phone.close();
  });

  it('shows staff the restricted card instead of the money, without asking for it', async () => {
    const page = await app.signedInPage(DEMO_STAFF, { language: 'en' });
    const moneyCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/financials\//.test(request.url())) moneyCalls.push(request.url());
    });
    await page.goto('/financials');
    await page.getByTestId('financials-restricted').waitFor();
    await expect(page.getByRole('button', { name: 'New Invoice' }).count()).resolves.toBe(0);
    expect(moneyCalls).toEqual([]);
  });

  it('keeps the month\'s revenue away from staff, in every language: they land on their own day (issue 19)', async () => {
    for (const [language, title, myDay] of [
      ['en', 'Monthly Revenue', 'My day'],
      ['pt', 'Receita Mensal', 'Meu dia'],
      ['es', 'Ingresos mensuales', 'Mi día'],
    ] as const) {
      const page = await app.signedInPage(DEMO_STAFF, { language });
      await page.goto('/');
      await page.waitForURL('**/my-day');
      await page.getByRole('heading', { level: 1, name: myDay }).waitFor();
      expect(await page.getByRole('region', { name: title }).count()).toBe(0);
      expect(await page.locator('main').innerText()).not.toMatch(/\$\s?\d|\d\s?US\$/);
      if (language === 'en') await screenshot(page, 'dashboard-staff-en');
      await page.close();
    }
    const ceo = await app.signedInPage(DEMO_CEO, { language: 'en' });
    await ceo.goto('/');
    await ceo.getByRole('region', { name: 'Monthly Revenue' }).getByTestId('metric-value').filter({ hasText: /^\$[\d,]+\.\d\d$/ }).waitFor();
  });
});

describe('reports', () => {
  it('exports an Excel report that downloads and reads back with the figures on screen', async () => {
    const page = await app.signedInPage(DEMO_CEO, { language: 'en' });
    await page.goto('/reports?range=this_year');
    await page.getByTestId('task-performance').waitFor();
    const totalOnScreen = Number(await statValue(page, 'tasks-total').first().textContent());
    expect(totalOnScreen).toBeGreaterThan(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
    await page.getByText('Export Started').or(page.getByText('Report downloaded')).first().waitFor();
    expect(download.suggestedFilename()).toMatch(/^rentalops-report-all-\d{4}-01-01_\d{4}-12-31\.xlsx$/);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rentalops-')), download.suggestedFilename());
    await download.saveAs(file);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Tasks', 'Properties', 'Team', 'Financial', 'Daily']);
    let total: unknown;
    workbook.getWorksheet('Tasks')!.eachRow((row) => {
      if (row.getCell(1).value === 'Total Tasks') total = row.getCell(2).value;
    });
    expect(total).toBe(totalOnScreen);
    const daily = workbook.getWorksheet('Daily')!;
    const last = daily.getRow(daily.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect((last.getCell(2).value as { result: number }).result).toBe(totalOnScreen);
  });

  it('changes the figures with the report type and date range', async () => {
    const page = await app.signedInPage(DEMO_CEO, { language: 'en' });
    await page.goto('/reports');
    await page.getByTestId('task-performance').waitFor();
    await page.getByTestId('financial-summary').waitFor();

    await page.getByLabel('Report Type').click();
    await page.getByRole('option', { name: 'Team' }).click();
    await page.getByTestId('task-performance').waitFor({ state: 'detached' });
    await page.getByTestId('team-performance').waitFor();
    await expect(page.getByTestId('financial-summary').count()).resolves.toBe(0);
    expect(page.url()).toContain('type=team');

    await page.getByLabel('Date Range').click();
    await page.getByRole('option', { name: 'Custom Range' }).click();
    await page.getByText('Choose the start and end dates of the custom range.').waitFor();
    await page.getByLabel('From').fill('2020-01-01');
    await page.getByLabel('To').fill('2020-01-31');
    await page.waitForFunction(() => document.querySelector('[data-testid="team-tasks-per-member"] [data-testid="stat-value"]')?.textContent === '0');

    // A date typed from the keyboard passes through dates nobody meant (each digit of the year is a
    // whole date to the browser: 0002, 0020, 0201, 2019): the report is read once, for the date typed.
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/reports') reads.push(new URL(request.url()).search);
    });
    await page.getByLabel('From').focus();
    await page.keyboard.type('06012019', { delay: 60 });
    await page.getByTestId('report-period').getByText('Jun 1, 2019').waitFor();
    await page.waitForTimeout(1000);
    expect(reads).toEqual(['?range=custom&type=team&from=2019-06-01&to=2020-01-31']);
    expect(await page.getByText('The report could not be loaded').count()).toBe(0);

    // A range the server would refuse is explained on the field and not read: a year of five digits
    // (the browser's date field takes them), then a range longer than a year.
    await page.getByLabel('From').focus();
    await page.keyboard.type('20180', { delay: 60 });
    await page.getByText('Invalid date').waitFor();
    await page.getByLabel('From').fill('2018-01-01');
    await page.getByText('A custom range can cover at most 366 days').waitFor();
    await page.waitForTimeout(1000);
    expect(reads).toHaveLength(1);
    expect(await page.getByText('The report could not be loaded').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export PDF' }).isDisabled()).toBe(true);
  });
});

describe('screenshots', () => {
  it.each(['en', 'pt', 'es'] as UiLanguage[])('financials and reports in %s', async (language) => {
    const page = await app.signedInPage(DEMO_CEO, { language });
    await page.goto('/financials');
    await page.getByTestId('recent-transactions').getByTestId('transaction').first().waitFor();
    await page.getByTestId('revenue-chart').locator('svg rect').first().waitFor();
    // Every amount in the interface language: $7,430.50, US$ 7.430,50, 7430,50 US$ (7.430,50 from 10,000 on).
    const money = { en: /^-?\$\d{1,3}(,\d{3})*\.\d\d$/, pt: /^-?US\$\u00a0\d{1,3}(\.\d{3})*,\d\d$/, es: /^-?(\d{4}|\d{1,3}(\.\d{3})*),\d\d\u00a0US\$$/ }[language];
    for (const text of await page.getByTestId('stat-value').allTextContents()) expect(text).toMatch(money);
    for (const text of await page.getByTestId('transaction-amount').allTextContents()) expect(text.slice(1)).toMatch(money);
    await screenshot(page, `financials-${language}`);
    await page.goto('/reports');
    await page.getByTestId('task-performance').waitFor();
    await page.getByTestId('financial-summary').waitFor();
    for (const text of await page.getByTestId('financial-summary').getByTestId('stat-value').allTextContents()) expect(text).toMatch(money);
    await screenshot(page, `reports-${language}`);
  });

  it('dialogs and a phone-width screen', async () => {
    const page = await app.signedInPage(DEMO_CEO, { language: 'pt' });
    await page.goto('/financials');
    await page.getByTestId('recent-transactions').getByTestId('transaction').first().waitFor();
    await page.getByRole('button', { name: 'Ver todas' }).click();
    await page.getByRole('dialog').getByTestId('transaction').nth(10).waitFor();
    await screenshot(page, 'financials-all-transactions-pt');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Nova fatura' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Criar fatura' }).click();
    await page.getByRole('dialog').getByText('Informe um valor maior que 0').waitFor();
    await screenshot(page, 'financials-new-invoice-pt');

    const phone = await app.signedInPage(DEMO_CEO, { language: 'es', viewport: { width: 390, height: 844 } });
    await phone.goto('/financials');
    await phone.getByTestId('recent-transactions').getByTestId('transaction').first().waitFor();
    await screenshot(phone, 'financials-phone-es');
    await phone.goto('/reports');
    await phone.getByTestId('task-performance').waitFor();
    await screenshot(phone, 'reports-phone-es');
  });
});
