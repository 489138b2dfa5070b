// A task's history and time on task in a real browser (issue 19 points 5 and 6): the task page lists
// who changed what and when, newest first, in the interface language; the work's start and its
// duration show beside the other fields; the team screen shows each member's time on task to the
// office. Each test works in a company of its own, its data created through the API.
import type { Page } from 'playwright-core';
import type { UiLanguage } from '../shared/enums';
import { updateTask } from '../functions/data/repositories/tasks';
import { createTestCompany, type Member, type TestCompany } from '../tests/support/fixtures';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { api } from './support/api';


let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

interface World {
  company: TestCompany;
  manager: Member;
  staff: Member;
  managerPage: Page;
  taskId: string;
}

/** A manager assigns a cleaning to a cleaner, moves it, and the cleaner works it for 50 minutes. */
async function world(language: UiLanguage): Promise<World> {
  const company = await createTestCompany({ name: `History ${language}` });
  const manager = await company.add('operational_manager');
  const staff = await company.add('staff');
  const managerPage = await app.signedInPage(manager.user.email, { language });
  const property = await api<{ id: string }>(managerPage, 'POST', '/api/properties', { name: 'Casa Azul', address: 'Rua das Flores 12' });
  const body = { title: 'Turnover cleaning', propertyId: property.id, assignedUserId: staff.user.id, dueDate: '2030-03-10T11:00:00.000Z' };
  const task = await api<{ id: string }>(managerPage, 'POST', '/api/tasks', body);
  await api(managerPage, 'PUT', `/api/tasks/${task.id}`, { ...body, dueDate: '2030-03-11T11:00:00.000Z' });
  const start = new Date(Date.now() + 60_000);
  await updateTask(company.companyId, task.id, { status: 'in_progress' }, start, staff.user.id);
  await updateTask(company.companyId, task.id, { status: 'completed' }, new Date(start.getTime() + 50 * 60_000), staff.user.id);
  return { company, manager, staff, managerPage, taskId: task.id };
}

const TEXTS: Record<UiLanguage, { title: string; lines: string[]; time: string; durations: string }> = {
  en: { title: 'History', lines: ['completed the task', 'started the task', 'moved the due date', 'created the task'], time: 'Time on task', durations: 'Time on task' },
  pt: { title: 'Histórico', lines: ['concluiu a tarefa', 'iniciou a tarefa', 'mudou o prazo', 'criou a tarefa'], time: 'Tempo na tarefa', durations: 'Tempo nas tarefas' },
  es: { title: 'Historial', lines: ['completó la tarea', 'inició la tarea', 'cambió la fecha límite', 'creó la tarea'], time: 'Tiempo en la tarea', durations: 'Tiempo en las tareas' },
};

describe.each(['en', 'pt', 'es'] as const)('task history and time on task (%s)', (language) => {
  it('shows who changed what, newest first, the time on task, and each member\'s time to the office', async () => {
    const { managerPage: page, taskId, staff } = await world(language);
    const texts = TEXTS[language];
    await page.goto(`/tasks/${taskId}`);
    const section = page.getByRole('region', { name: texts.title });
    const entries = section.getByTestId('task-history-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(4);
    const lines = await entries.allTextContents();
    texts.lines.forEach((text, index) => expect(lines[index]).toContain(text));
    expect(lines[0]).toContain('Sam Staff');
    expect(lines[3]).toContain('Maria Manager');
    await expect(page.getByTestId('task-time-on-task').textContent()).resolves.toBe('50 min');
    await screenshot(page, `task-history-${language}`);

    await page.goto('/team');
    const card = page.getByTestId('member-durations-card');
    await card.getByTestId('member-duration').first().waitFor();
    expect(await card.getByRole('heading').textContent()).toBe(texts.durations);
    const row = await card.getByTestId('member-duration').first().textContent();
    expect(row).toContain(`${staff.user.firstName} ${staff.user.lastName}`);
    expect(row).toContain('50 min');
  });
});

it('does not show the time on task card to staff', async () => {
  const { staff, taskId } = await world('en');
  const page = await app.signedInPage(staff.user.email, { language: 'en' });
  await page.goto(`/tasks/${taskId}`);
  await page.getByTestId('task-history-entry').first().waitFor();
  await page.goto('/team');
  await page.getByRole('heading', { name: 'Top Performers' }).waitFor();
  expect(await page.getByTestId('member-durations-card').count()).toBe(0);
});
