// Inspections after cleanings (issue 40 point 2) in a real browser: an inspector fails an inspection
// from their day on a phone (Spanish), the cleaning shows the fail on a desktop (Portuguese), and the
// next round is passed from the inspection's page (Portuguese), which makes the home ready.
import type { Page } from 'playwright-core';
import { createTestCompany } from '../tests/support/fixtures';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { api } from './support/api';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const CHECKLIST = [
  { description: 'Limpiar el espejo del baño', required: true },
  { description: 'Hacer las camas', required: true },
];

interface TaskView {
  id: string;
  title: string;
  type: string;
  status: string;
  propertyId: string;
  assignedUserId: string | null;
  description: string | null;
  dueDate: string | null;
  inspectsTaskId?: string | null;
  inspectionRound?: number | null;
  inspection?: { status: string; round: number; note?: string | null; failedItems?: string[] } | null;
}

/** The office ticks every item of the cleaning and completes it (what the cleaner does on their phone). */
async function cleanAndComplete(office: Page, cleaningId: string): Promise<TaskView> {
  const checklist = await api<{ items: Array<{ id: string; isCompleted: boolean }> }>(office, 'GET', `/api/tasks/${cleaningId}/checklist`);
  for (const item of checklist.items) if (!item.isCompleted) await api(office, 'PUT', `/api/tasks/${cleaningId}/checklist/items/${item.id}`, { isCompleted: true });
  const task = await api<TaskView>(office, 'GET', `/api/tasks/${cleaningId}`);
  const { type, title, description, propertyId, assignedUserId, dueDate } = task;
  return api<TaskView>(office, 'PUT', `/api/tasks/${cleaningId}`, { type, title, description, propertyId, assignedUserId, dueDate, status: 'completed' });
}

async function openInspection(office: Page, propertyId: string): Promise<TaskView> {
  const list = await api<TaskView[]>(office, 'GET', `/api/tasks?propertyId=${propertyId}&type=inspection&status=pending`);
  expect(list).toHaveLength(1);
  return list[0];
}

describe('inspections', () => {
  it('fails an inspection from the inspector’s day on a phone, then passes the next round on a desktop', async () => {
    const company = await createTestCompany({ name: 'Inspection Stays' });
    const cleaner = await company.add('staff');
    const inspector = await company.add('staff');
    const office = await app.signedInPage(company.ceo.user.email, { language: 'pt', viewport: DESKTOP });
    const property = await api<{ id: string }>(office, 'POST', '/api/properties', { name: 'Casa do Farol', address: 'Rua do Farol 1, Cascais' });
    await api(office, 'PUT', `/api/properties/${property.id}/checklist-template`, { items: CHECKLIST });
    await api(office, 'PUT', `/api/properties/${property.id}`, { name: 'Casa do Farol', address: 'Rua do Farol 1, Cascais', inspectionRequired: true, inspectorId: inspector.user.id });
    const cleaning = await api<TaskView>(office, 'POST', '/api/tasks', { type: 'cleaning', title: 'Limpeza de saída', propertyId: property.id, assignedUserId: cleaner.user.id });
    await api(office, 'POST', `/api/tasks/${cleaning.id}/checklist`, {});
    const completed = await cleanAndComplete(office, cleaning.id);
    expect(completed.inspection).toMatchObject({ status: 'pending', round: 1 });

    // The inspector's day, on a phone in Spanish: the inspection is a task like any other, with Pass / Fail.
    const phone = await app.signedInPage(inspector.user.email, { language: 'es', viewport: PHONE, serviceWorkers: 'allow' });
    await phone.goto('/my-day');
    await phone.getByRole('heading', { level: 1, name: 'Mi día' }).waitFor();
    const card = phone.getByRole('article').filter({ hasText: 'Limpeza de saída' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Inspección');
    await card.getByRole('button', { name: 'Suspender' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Inspección suspendida: ¿qué estaba mal?' });
    await dialog.waitFor();
    await dialog.getByRole('checkbox', { name: 'Limpiar el espejo del baño' }).check();
    await dialog.getByLabel('Nota para quien limpió').fill('El espejo sigue manchado.');
    await screenshot(phone, 'inspection-fail-phone-es', { fullPage: false });
    await dialog.getByRole('button', { name: 'Registrar el suspenso' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Sent (the queue is empty again) and the cleaning is open again with the mirror unticked.
    let reopened: TaskView | undefined;
    for (let attempt = 0; attempt < 80; attempt++) {
      reopened = await api<TaskView>(office, 'GET', `/api/tasks/${cleaning.id}`);
      if (reopened.status === 'pending') break;
      await phone.waitForTimeout(250);
    }
    expect(reopened).toMatchObject({ status: 'pending', inspection: { status: 'failed', round: 1, note: 'El espejo sigue manchado.', failedItems: ['Limpiar el espejo del baño'] } });
    const checklist = await api<{ items: Array<{ description: string; isCompleted: boolean }> }>(office, 'GET', `/api/tasks/${cleaning.id}/checklist`);
    expect(checklist.items.map((item) => [item.description, item.isCompleted])).toEqual([
      ['Limpiar el espejo del baño', false],
      ['Hacer las camas', true],
    ]);

    // The cleaning's page (desktop, Portuguese) says what failed.
    await office.goto(`/tasks/${cleaning.id}`);
    const summary = office.getByTestId('inspection-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(/Inspeção da rodada 1 reprovada[\s\S]*Limpiar el espejo del baño[\s\S]*El espejo sigue manchado\./);
    await screenshot(office, 'inspection-failed-cleaning-pt');

    // Round 2: cleaned again; the inspector passes it from the inspection's page on a desktop.
    await cleanAndComplete(office, cleaning.id);
    const second = await openInspection(office, property.id);
    expect(second.inspectionRound).toBe(2);
    const desk = await app.signedInPage(inspector.user.email, { language: 'pt', viewport: DESKTOP });
    await desk.goto(`/tasks/${second.id}`);
    await desk.getByTestId('inspection-actions').waitFor();
    expect(await desk.getByTestId('inspection-summary').innerText()).toMatch(/rodada 2/);
    await desk.getByRole('button', { name: 'Aprovar' }).click();
    await desk.getByText('Inspeção aprovada').first().waitFor();
    const passed = await api<TaskView>(office, 'GET', `/api/tasks/${cleaning.id}`);
    expect(passed).toMatchObject({ status: 'completed', inspection: { status: 'passed', round: 2 } });

    // The home is ready: its chip on the property page (Portuguese).
    await office.goto(`/properties/${property.id}`);
    const chip = office.getByTestId('readiness-chip');
    await chip.first().waitFor();
    expect(await chip.first().getAttribute('data-readiness')).toBe('ready');
    expect(await chip.first().innerText()).toBe('Pronta');
  });
});
