// The turnover flow of issue 10 end to end in a real browser, as a manager does it: add a reservation
// on the property page, see its turnover cleaning appear, open it, tick its checklist (the copy of
// the property's default checklist) with a photo as proof, and complete it.
import type { Locator } from 'playwright-core';
import { createTestCompany } from '../tests/support/fixtures';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { pngPicture } from './support/images';
import { api } from './support/api';


let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const CHECKLIST = [
  { description: 'Change bed linen and towels', required: true },
  { description: 'Restock coffee', required: false },
];

/** A day `offset` days from now (YYYY-MM-DD), far enough from midnight in any zone for this test. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Ticks an item and waits until the server's answer is in (the box is checked and enabled). */
async function tick(scope: Locator, description: string): Promise<void> {
  const box = scope.getByRole('checkbox', { name: new RegExp(`^${description}`) });
  await box.check();
  for (let attempt = 0; attempt < 80 && !((await box.isChecked()) && (await box.isEnabled())); attempt++) await scope.page().waitForTimeout(250);
  expect(await box.isChecked()).toBe(true);
}

describe('automatic turnover, from reservation to completed cleaning', () => {
  it('adds a reservation, sees its turnover task, ticks its checklist with a photo and completes it', async () => {
    const company = await createTestCompany({ name: 'Turnover Flow Stays' });
    const manager = await company.add('operational_manager');
    // The product's own loop, with the motion most users see (the other browser tests ask for less).
    const page = await app.signedInPage(manager.user.email, { language: 'en', reducedMotion: 'no-preference' });
    const property = await api<{ id: string; name: string }>(page, 'POST', '/api/properties', { name: 'Casa do Mar', address: 'Rua do Mar 3, Cascais' });
    await api(page, 'PUT', `/api/properties/${property.id}/checklist-template`, { items: CHECKLIST });

    // The reservation, through the property page's dialog.
    await page.goto(`/properties/${property.id}`);
    await page.getByRole('heading', { level: 1, name: 'Casa do Mar' }).waitFor();
    await page.getByRole('button', { name: 'Add reservation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add reservation' });
    await dialog.getByLabel('Guest name').fill('Inês Moreira');
    await dialog.getByLabel('Check-in').fill(day(2));
    await dialog.getByLabel('Check-out').fill(day(5));
    await dialog.getByRole('button', { name: 'Add reservation' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Its turnover cleaning appears on the property, without a reload, and opens.
    const turnover = page.getByTestId('property-tasks').getByRole('link').filter({ hasText: 'Inês Moreira' });
    await turnover.waitFor();
    expect(await turnover.innerText()).toMatch(/Cleaning[\s\S]*Pending/);
    await screenshot(page, 'turnover-flow-property-en');
    await turnover.click();
    await page.waitForURL(/\/tasks\/[^/]+$/);
    const taskId = new URL(page.url()).pathname.split('/').pop()!;
    // The task names its stay (the guest, the dates, the nights), linked to the property, not an id.
    const stay = page.getByTestId('task-reservation');
    await stay.waitFor();
    // The guest's name is isolated (U+2068 … U+2069) so a right-to-left name cannot reorder the dates.
    expect(await stay.innerText()).toMatch(/^\u2068Inês Moreira\u2069, \w{3} \d{1,2}, \d{4} to \w{3} \d{1,2}, \d{4} \(3 nights\)$/);
    expect(await stay.getAttribute('href')).toBe(`/properties/${property.id}`);

    // The task carries the property's checklist: tick it, with an after photo on the bed linen.
    const checklist = page.getByRole('region', { name: 'Checklist' });
    await checklist.getByText('0/2 done').waitFor();
    const linen = checklist.getByRole('group', { name: 'Before and after photos: Change bed linen and towels' });
    const chooser = page.waitForEvent('filechooser');
    await linen.getByRole('button', { name: 'Add after photo: Change bed linen and towels' }).click();
    await (await chooser).setFiles({ name: 'made-bed.png', mimeType: 'image/png', buffer: pngPicture(320, 240, [90, 140, 210]) });
    await linen.getByRole('button', { name: 'Open after photo: Change bed linen and towels' }).waitFor();
    await tick(checklist, 'Change bed linen and towels');
    await tick(checklist, 'Restock coffee');
    await checklist.getByText('2/2 done').waitFor();

    // Complete it.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Task' });
    await edit.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await screenshot(page, 'turnover-flow-completed-en');

    const task = await api<{ status: string; type: string; propertyId: string }>(page, 'GET', `/api/tasks/${taskId}`);
    expect(task).toMatchObject({ status: 'completed', type: 'cleaning', propertyId: property.id });
    const saved = await api<{ items: Array<{ description: string; isCompleted: boolean; photoAfterUrl: string | null }> }>(page, 'GET', `/api/tasks/${taskId}/checklist`);
    expect(saved.items.map((item) => [item.description, item.isCompleted])).toEqual([
      ['Change bed linen and towels', true],
      ['Restock coffee', true],
    ]);
    expect(saved.items[0].photoAfterUrl).toMatch(/X-Amz-Signature=/);

    // The guest stays two nights longer: the new check-out gets a cleaning of its own, and the done
    // one says so and leads to it; reopening the done one is refused with words, not an id.
    const { reservationId } = await api<{ reservationId: string }>(page, 'GET', `/api/tasks/${taskId}`);
    const moved = await api<{ turnoverOutcome: string; turnoverTaskId: string }>(page, 'PUT', `/api/reservations/${reservationId}`, { checkoutDate: day(7) });
    expect(moved.turnoverOutcome).toBe('replaced');
    await page.reload();
    const replaced = page.getByTestId('task-replaced-turnover');
    await replaced.waitFor();
    await screenshot(page, 'turnover-flow-replaced-en');
    expect(await replaced.innerText()).toBe('The stay now ends on another day; its cleaning is another task. Open that cleaning');
    await page.getByRole('button', { name: 'Edit' }).click();
    const reopen = page.getByRole('dialog', { name: 'Edit Task' });
    await reopen.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await reopen.getByRole('button', { name: 'Save Changes' }).click();
    await reopen.getByText(/now ends on another day, which has a cleaning of its own/).waitFor();
    await page.keyboard.press('Escape');
    await reopen.waitFor({ state: 'detached' });
    await replaced.getByRole('link', { name: 'Open that cleaning' }).click();
    await page.waitForURL(`**/tasks/${moved.turnoverTaskId}`);
    // The same screen with another task: the done one's notice goes once the new task has loaded
    // (until then the screen may still show the task it came from).
    await page.getByTestId('task-replaced-turnover').waitFor({ state: 'detached' });
    await page.getByTestId('task-reservation').waitFor();
    expect(await page.getByTestId('task-replaced-turnover').count()).toBe(0);
  });
});
