// Checklists with before/after photo proof on tasks (issue 10), in a real browser against the local
// product: a cleaner ticks items (saved at once, put back with a message when refused), attaches a
// before and an after photo to an item (presigned PUT to the S3 stand-in, recorded on the item),
// cannot complete the task while a required item is open (the server says so, the dialog shows which
// items), then completes it; a manager reviews the before | after pairs side by side.
//
// Each test works in a company of its own (fixtures), with its data created through the API, so the
// demo company's counts that other browser tests check stay as they are.
import type { Locator, Page } from 'playwright-core';
import type { UiLanguage } from '../shared/enums';
import { createTestCompany, type Member, type TestCompany } from '../tests/support/fixtures';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { expectImageLoaded, pngPicture } from './support/images';
import { eventually } from './support/eventually';
import { api } from './support/api';

// Every test uploads photos and walks several screens as two people; leave room for a busy machine.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const PHONE = { width: 390, height: 844 };

/** The property's default checklist, in each language (three required items, two optional). */
const TEMPLATES: Record<UiLanguage, Array<{ description: string; required: boolean }>> = {
  en: [
    { description: 'Change bed linen and towels', required: true },
    { description: 'Clean bathroom and kitchen', required: true },
    { description: 'Check for damage', required: true },
    { description: 'Restock coffee and toiletries', required: false },
    { description: 'Take out the trash', required: false },
  ],
  pt: [
    { description: 'Trocar roupa de cama e toalhas', required: true },
    { description: 'Limpar banheiro e cozinha', required: true },
    { description: 'Verificar danos', required: true },
    { description: 'Repor café e amenidades', required: false },
    { description: 'Levar o lixo', required: false },
  ],
  es: [
    { description: 'Cambiar ropa de cama y toallas', required: true },
    { description: 'Limpiar baño y cocina', required: true },
    { description: 'Revisar daños', required: true },
    { description: 'Reponer café y amenities', required: false },
    { description: 'Sacar la basura', required: false },
  ],
};

interface TaskJson {
  id: string;
  type: string;
  title: string;
  description: string | null;
  propertyId: string;
  assignedUserId: string | null;
  status: string;
  dueDate: string | null;
}

interface World {
  company: TestCompany;
  manager: Member;
  staff: Member;
  /** The manager, signed in: the API calls that prepare the data go through this page. */
  managerPage: Page;
  propertyId: string;
}

async function signedIn(email: string, options: Parameters<TestApp['signedInPage']>[1]): Promise<Page> {
  const page = await app.signedInPage(email, options);
  return page;
}

/** A company with a manager and a cleaner, and a property with its default checklist in `language`. */
async function world(language: UiLanguage, name: string): Promise<World> {
  const company = await createTestCompany({ name: `${name} Stays` });
  const manager = await company.add('operational_manager');
  const staff = await company.add('staff');
  const managerPage = await signedIn(manager.user.email, { language });
  const property = await api<{ id: string }>(managerPage, 'POST', '/api/properties', { name, address: 'Rua das Flores 12, Lisboa' });
  await api(managerPage, 'PUT', `/api/properties/${property.id}/checklist-template`, { items: TEMPLATES[language] });
  return { company, manager, staff, managerPage, propertyId: property.id };
}

/** Gives the task to the cleaner (the whole task body, as the task dialog sends it). */
async function assign(page: Page, taskId: string, userId: string): Promise<TaskJson> {
  const task = await api<TaskJson>(page, 'GET', `/api/tasks/${taskId}`);
  const { type, title, description, propertyId, status, dueDate } = task;
  return api<TaskJson>(page, 'PUT', `/api/tasks/${taskId}`, { type, title, description, propertyId, status, dueDate, assignedUserId: userId });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function viewportShot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: false });
}

/** The text that describes a control (its helper text, through aria-describedby). */
async function describedText(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

/** A full-page screenshot from the top (a fixed app bar is drawn where the page is scrolled to). */
async function pageShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await screenshot(page, name);
}

const toast = (page: Page, text: string) => page.locator('.MuiSnackbar-root').filter({ hasText: text });

const checkbox = (scope: Locator, description: string) => scope.getByRole('checkbox', { name: new RegExp(`^${description}`) });

/** Ticks an item and waits until the server's answer is in (the checkbox is enabled again). */
async function tick(scope: Locator, description: string): Promise<void> {
  const box = checkbox(scope, description);
  await box.check();
  await scope.page().waitForFunction(
    ([name]) =>
      [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].some(
        (input) => input.checked && !input.disabled && document.getElementById(input.getAttribute('aria-labelledby') ?? '')?.textContent?.startsWith(name),
      ),
    [description],
  );
}

/** Picks a photo for one tile the way a person would: the tile opens the file chooser. */
async function attachPhoto(page: Page, tile: Locator, name: string, tint: [number, number, number]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await tile.click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: pngPicture(320, 240, tint) });
}

const expectLoaded = (image: Locator) => expectImageLoaded(image, 320);

/** The before and after tiles of an item sit side by side: same row, before on the left. */
async function expectSideBySide(pair: Locator, before: string, after: string): Promise<void> {
  const left = (await pair.getByRole('button', { name: before }).boundingBox())!;
  const right = (await pair.getByRole('button', { name: after }).boundingBox())!;
  expect(Math.abs(left.y - right.y)).toBeLessThan(2);
  expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
}

describe('checklists on tasks', () => {
  it('lets a cleaner work through the checklist on a phone, with before/after photos, and completes only when the required items are done (en)', async () => {
    const { manager, staff, managerPage, propertyId } = await world('en', 'Ocean View Flat');
    const created = await api<TaskJson>(managerPage, 'POST', '/api/tasks', {
      type: 'cleaning',
      title: 'Turnover cleaning — Flat 2B',
      propertyId,
      assignedUserId: staff.user.id,
      dueDate: `${day(1)}T11:00:00.000Z`,
    });
    await api(managerPage, 'POST', `/api/tasks/${created.id}/checklist`, {});

    // The cleaner, on a 390 px phone, opens the task from the list.
    const page = await signedIn(staff.user.email, { language: 'en', viewport: PHONE });
    await page.goto('/tasks');
    await page.getByRole('link', { name: `View ${created.title}` }).click();
    const checklist = page.getByRole('region', { name: 'Checklist' });
    await checklist.getByText('0/5 done').waitFor();
    expect(await checklist.innerText()).toContain('3 required items still open');
    expect(await checklist.getByText('Required', { exact: true }).count()).toBe(3);
    expect(await page.getByRole('region', { name: 'Checklist' }).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await pageShot(page, 'checklist-phone-start-en');

    // Ticks are saved at once (and survive a reload).
    await tick(checklist, 'Change bed linen and towels');
    await tick(checklist, 'Take out the trash');
    await checklist.getByText('2/5 done').waitFor();
    await page.reload();
    await checklist.getByText('2/5 done').waitFor();
    expect(await checkbox(checklist, 'Change bed linen and towels').isChecked()).toBe(true);
    expect(await checkbox(checklist, 'Clean bathroom and kitchen').isChecked()).toBe(false);

    // A before and an after photo on "Check for damage", side by side; a tap opens one large.
    const damage = checklist.getByRole('group', { name: 'Before and after photos: Check for damage' });
    await attachPhoto(page, damage.getByRole('button', { name: 'Add before photo: Check for damage' }), 'before.png', [200, 90, 70]);
    // The photo is recorded on the item: its tile opens it now, and screen readers hear it.
    await damage.getByRole('button', { name: 'Open before photo: Check for damage' }).waitFor();
    await checklist.getByRole('status').filter({ hasText: 'Before photo saved: Check for damage' }).waitFor({ state: 'attached' });
    await attachPhoto(page, damage.getByRole('button', { name: 'Add after photo: Check for damage' }), 'after.png', [70, 170, 110]);
    await expectLoaded(damage.getByRole('img', { name: 'Before: Check for damage' }));
    await expectLoaded(damage.getByRole('img', { name: 'After: Check for damage' }));
    await expectSideBySide(damage, 'Open before photo: Check for damage', 'Open after photo: Check for damage');
    await pageShot(page, 'checklist-phone-photos-en');
    await damage.getByRole('button', { name: 'Open after photo: Check for damage' }).click();
    const large = page.getByRole('dialog', { name: 'After · Photo 2 of 2' });
    await expectLoaded(large.getByRole('img'));
    await large.getByRole('button', { name: 'Previous photo' }).click();
    await page.getByRole('dialog', { name: 'Before · Photo 1 of 2' }).waitFor();
    await viewportShot(page, 'checklist-phone-lightbox-en');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Completing with required items open: the dialog names them beside the status, and the
    // server's refusal is said in the dialog (and in a toast).
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Task' });
    await dialog.waitFor();
    const status = dialog.getByRole('combobox', { name: 'Status' });
    expect(await describedText(status)).toBe('2 required items still open');
    await status.click();
    await page.getByRole('option', { name: 'Completed' }).click();
    const open = dialog.getByRole('list', { name: 'Required items still open' });
    await open.waitFor();
    expect((await open.innerText()).split('\n')).toEqual(['Clean bathroom and kitchen', 'Check for damage']);
    await viewportShot(page, 'checklist-phone-complete-warning-en');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const refusal = 'This task cannot be completed yet: 2 required checklist items are still open';
    await dialog.getByRole('alert').filter({ hasText: `Failed to update task: ${refusal}` }).waitFor();
    await toast(page, refusal).waitFor();
    await viewportShot(page, 'checklist-phone-complete-refused-en');

    // The rest is ticked in the dialog itself; then the task completes.
    const inDialog = dialog.getByRole('region', { name: 'Checklist' });
    await tick(inDialog, 'Clean bathroom and kitchen');
    await tick(inDialog, 'Check for damage');
    await open.waitFor({ state: 'detached' });
    await inDialog.getByText('All required items done').waitFor();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Task updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: created.title }).waitFor();
    await checklist.getByText('The task is closed: reopen it to change its checklist.').waitFor();
    expect(await checkbox(checklist, 'Restock coffee and toiletries').isDisabled()).toBe(true);
    await pageShot(page, 'checklist-phone-completed-en');

    // The manager reviews the proof: before | after, side by side, for every item.
    const review = await signedIn(manager.user.email, { language: 'en' });
    await review.goto(`/tasks/${created.id}`);
    const reviewed = review.getByRole('region', { name: 'Checklist' });
    await reviewed.getByText('4/5 done').waitFor();
    const pair = reviewed.getByRole('group', { name: 'Before and after photos: Check for damage' });
    await expectLoaded(pair.getByRole('img', { name: 'Before: Check for damage' }));
    await expectLoaded(pair.getByRole('img', { name: 'After: Check for damage' }));
    await expectSideBySide(pair, 'Open before photo: Check for damage', 'Open after photo: Check for damage');
    expect(await reviewed.getByRole('group', { name: /^Before and after photos:/ }).count()).toBe(5);
    expect(await reviewed.getByRole('img', { name: 'No after photo: Take out the trash' }).count()).toBe(1);
    await pageShot(review, 'checklist-review-en');
  });

  it('puts a tick back and says why when the server refuses it (en)', async () => {
    const { staff, managerPage, propertyId } = await world('en', 'Harbour Loft');
    const created = await api<TaskJson>(managerPage, 'POST', '/api/tasks', { type: 'cleaning', title: 'Deep clean — Harbour Loft', propertyId, assignedUserId: staff.user.id });
    await api(managerPage, 'POST', `/api/tasks/${created.id}/checklist`, {});
    const page = await signedIn(staff.user.email, { language: 'en' });
    await page.goto(`/tasks/${created.id}`);
    const checklist = page.getByRole('region', { name: 'Checklist' });
    await checklist.getByText('0/5 done').waitFor();

    // The answer waits until the optimistic tick has been seen, then refuses.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/tasks/*/checklist/items/*', async (route) => {
      await answered;
      await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'checklist.taskClosed' }) });
    });
    const box = checkbox(checklist, 'Clean bathroom and kitchen');
    await box.click();
    expect(await box.isChecked()).toBe(true);
    await checklist.getByText('1/5 done').waitFor();
    answer();
    await toast(page, 'Could not save “Clean bathroom and kitchen”')
      .filter({ hasText: 'The checklist of a completed or cancelled task cannot be changed; reopen the task first' })
      .filter({ hasText: 'The item is back as it was.' })
      .waitFor();
    await checklist.getByText('0/5 done').waitFor();
    expect(await box.isChecked()).toBe(false);
    await viewportShot(page, 'checklist-tick-refused-en');
    await page.unroute('**/api/tasks/*/checklist/items/*');

    // A photo that cannot be uploaded: not an image (refused before any request), then no upload URL.
    const trash = checklist.getByRole('group', { name: 'Before and after photos: Take out the trash' });
    const add = trash.getByRole('button', { name: 'Add before photo: Take out the trash' });
    const chooser = page.waitForEvent('filechooser');
    await add.click();
    await (await chooser).setFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await toast(page, 'The photo could not be uploaded').filter({ hasText: 'You can only upload: image/jpeg' }).waitFor();
    await page.route('**/api/objects/upload', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'photos.notImage' }) }),
    );
    await attachPhoto(page, add, 'trash.png', [90, 90, 90]);
    await toast(page, 'Failed to get upload URL').filter({ hasText: 'Only images can be uploaded' }).waitFor();
    await page.unroute('**/api/objects/upload');
    expect(await add.isEnabled()).toBe(true);
    expect(await trash.getByRole('img').count()).toBe(0);
  });

  it('runs the turnover checklist in the task dialog and shows the photos to the manager (pt)', async () => {
    const { manager, staff, managerPage, propertyId } = await world('pt', 'Casa do Rio');
    // The check-out of a reservation creates the turnover cleaning task, with the property's checklist.
    const reservation = await api<{ turnoverTaskId: string }>(managerPage, 'POST', '/api/reservations', {
      propertyId,
      guestName: 'Ana Souza',
      checkinDate: day(2),
      checkoutDate: day(5),
    });
    const task = await assign(managerPage, reservation.turnoverTaskId, staff.user.id);
    expect(task.title).toBe('Limpeza de check-out — Ana Souza');

    const page = await signedIn(staff.user.email, { language: 'pt' });
    await page.goto('/tasks');
    await page.getByRole('button', { name: `Editar ${task.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Tarefa' });
    const checklist = dialog.getByRole('region', { name: 'Checklist' });
    await checklist.getByText('0/5 feitos').waitFor();
    expect(await checklist.innerText()).toContain('3 itens obrigatórios em aberto');

    await tick(checklist, 'Trocar roupa de cama e toalhas');
    await tick(checklist, 'Limpar banheiro e cozinha');
    const damage = checklist.getByRole('group', { name: 'Fotos de antes e depois: Verificar danos' });
    await attachPhoto(page, damage.getByRole('button', { name: 'Adicionar foto de antes: Verificar danos' }), 'antes.png', [210, 120, 60]);
    await attachPhoto(page, damage.getByRole('button', { name: 'Adicionar foto de depois: Verificar danos' }), 'depois.png', [60, 140, 220]);
    await expectLoaded(damage.getByRole('img', { name: 'Depois: Verificar danos' }));
    await expectSideBySide(damage, 'Abrir foto de antes: Verificar danos', 'Abrir foto de depois: Verificar danos');
    const status = dialog.getByRole('combobox', { name: 'Status' });
    expect(await describedText(status)).toBe('1 item obrigatório em aberto');

    // Concluída with "Verificar danos" open: named beside the status, refused by the server.
    await status.click();
    await page.getByRole('option', { name: 'Concluída' }).click();
    const open = dialog.getByRole('list', { name: 'Itens obrigatórios em aberto' });
    expect((await open.innerText()).split('\n')).toEqual(['Verificar danos']);
    await dialog.getByText('Para concluir esta tarefa, marque antes o item obrigatório:').waitFor();
    await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
    const refusal = 'Esta tarefa ainda não pode ser concluída: 1 item obrigatório da checklist ainda em aberto';
    await dialog.getByRole('alert').filter({ hasText: refusal }).waitFor();
    await viewportShot(page, 'checklist-dialog-refused-pt');

    await tick(checklist, 'Verificar danos');
    await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
    await toast(page, 'Tarefa atualizada com sucesso').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The manager opens the task: the proof, before | after, in Portuguese.
    const review = await signedIn(manager.user.email, { language: 'pt' });
    await review.goto(`/tasks/${task.id}`);
    const reviewed = review.getByRole('region', { name: 'Checklist' });
    await reviewed.getByText('3/5 feitos').waitFor();
    const pair = reviewed.getByRole('group', { name: 'Fotos de antes e depois: Verificar danos' });
    await expectLoaded(pair.getByRole('img', { name: 'Antes: Verificar danos' }));
    await expectLoaded(pair.getByRole('img', { name: 'Depois: Verificar danos' }));
    await expectSideBySide(pair, 'Abrir foto de antes: Verificar danos', 'Abrir foto de depois: Verificar danos');
    await pageShot(review, 'checklist-review-pt');
  });

  it('shows on the task list how urgent a problem reported from the field is (es)', async () => {
    const { staff, managerPage: page, propertyId } = await world('es', 'Casa Urgente');
    const cleaning = await api<TaskJson>(page, 'POST', '/api/tasks', { title: 'Limpieza del sábado', propertyId, assignedUserId: staff.user.id, dueDate: `${day(1)}T15:00:00.000Z` });
    const cleaner = await signedIn(staff.user.email, { language: 'es' });
    await api(cleaner, 'POST', `/api/tasks/${cleaning.id}/problems`, { description: 'Cristal roto en la terraza', urgency: 'high' });
    await page.goto('/tasks?type=maintenance');
    const card = page.locator('article').filter({ hasText: 'Cristal roto en la terraza' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Mantenimiento · urgencia alta');
    await viewportShot(page, 'tasks-work-order-urgency-es');
  });

  it('creates a task reporting a problem, then a manager adds the property\'s checklist to it (es)', async () => {
    const { company, staff, managerPage } = await world('es', 'Villa del Mar');
    const page = managerPage;
    await page.goto('/tasks');
    await page.getByRole('button', { name: 'Nueva tarea' }).click();
    const create = page.getByRole('dialog', { name: 'Crear nueva tarea' });
    await create.getByLabel('Título').fill('Fuga en el baño');
    await create.getByRole('combobox', { name: 'Propiedad' }).click();
    await page.getByRole('option', { name: 'Villa del Mar' }).click();
    await create.getByRole('combobox', { name: 'Responsable' }).click();
    await page.getByRole('option', { name: 'Sam Staff' }).click();
    await create.getByRole('switch', { name: 'Informar de un problema en esta propiedad' }).check();
    await viewportShot(page, 'checklist-create-issue-es');
    const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/tasks');
    await create.getByRole('button', { name: 'Crear tarea' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ title: 'Fuga en el baño', issue: true });
    await create.waitFor({ state: 'detached' });

    // The CEO is told about the problem (property.issue_reported → notification history).
    const ceo = await signedIn(company.ceo.user.email, { language: 'es' });
    await eventually(async () => {
      const history = await api<Array<{ category: string; message: string }>>(ceo, 'GET', `/api/notifications/history?companyId=${company.companyId}&limit=50`);
      return history.some((entry) => entry.category === 'property_issue' && entry.message.includes('Fuga en el baño'));
    });

    // No checklist yet: the manager adds the property's default one.
    await page.getByRole('link', { name: 'Ver Fuga en el baño' }).click();
    const checklist = page.getByRole('region', { name: 'Checklist' });
    await checklist.getByText('Esta propiedad tiene una checklist predeterminada de 5 elementos (3 obligatorios).').waitFor();
    await pageShot(page, 'checklist-attach-es');
    await checklist.getByRole('button', { name: 'Añadir checklist' }).click();
    await toast(page, 'Checklist añadida').waitFor();
    await checklist.getByText('0/5 hechos').waitFor();
    expect(await checkbox(checklist, 'Revisar daños').isChecked()).toBe(false);

    // The cleaner, on a phone, in Spanish: the photos of one item side by side.
    const cleaner = await signedIn(staff.user.email, { language: 'es', viewport: PHONE });
    await cleaner.goto(page.url().replace(/^https?:\/\/[^/]+/, ''));
    const own = cleaner.getByRole('region', { name: 'Checklist' });
    await own.getByText('0/5 hechos').waitFor();
    await tick(own, 'Cambiar ropa de cama y toallas');
    const damage = own.getByRole('group', { name: 'Fotos de antes y después: Revisar daños' });
    await attachPhoto(cleaner, damage.getByRole('button', { name: 'Añadir foto de antes: Revisar daños' }), 'antes.png', [180, 80, 160]);
    await expectLoaded(damage.getByRole('img', { name: 'Antes: Revisar daños' }));
    await pageShot(cleaner, 'checklist-phone-es');
  });
});
