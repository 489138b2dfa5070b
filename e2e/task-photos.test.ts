// Task photos in a real browser against the local product: the task dialog's photo step (Uppy),
// each picture PUT to the S3 stand-in through a URL our API signs, recorded against the task, then
// shown on the task card and the task page from presigned GETs, and opened large.
//
// Other browser tests share the demo company and run at the same time, so these tests leave its
// counts alone: they add photos to cancelled laundry tasks (unassigned; nobody else edits them),
// and the task created here belongs to the second demo company (Serra Retreats).
import type { Locator, Page } from 'playwright-core';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { expectImageLoaded, pngPicture } from './support/images';

const CEO = 'ceo@demo.rentalops.test';
const SERRA_CEO = 'ceo@serra.rentalops.test';
/** Cancelled laundry tasks of the demo company, newest first: en takes the first, pt the second. */
const UNTOUCHED_TASKS = '/tasks?status=cancelled&type=laundry';

// Each test uploads and walks two screens; leave room for a busy machine.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

async function signedIn(email: string, options: Parameters<TestApp['signedInPage']>[1]): Promise<Page> {
  const page = await app.signedInPage(email, options);
  return page;
}

async function viewportShot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: false });
}

/**
 * The success toast (SPEC point 8), and the same words inside the dialog: while a dialog is open
 * the page behind it, the toast included, is hidden from screen readers, so the step repeats it.
 */
async function uploaded(page: Page, step: Locator, title: string, line: string): Promise<void> {
  await page.locator('.MuiSnackbar-root').filter({ hasText: title }).filter({ hasText: line }).waitFor();
  await step.getByRole('status').filter({ hasText: title }).filter({ hasText: line }).waitFor({ state: 'attached' });
}

/** Picks files in Uppy's Dashboard the way its "browse files" would. */
async function attach(step: Locator, files: Array<{ name: string; mimeType: string; buffer: Buffer }>): Promise<void> {
  await step.locator('.uppy-Dashboard').waitFor();
  await step.locator('input.uppy-Dashboard-input[type=file]').first().setInputFiles(files);
}

const expectLoaded = (image: Locator) => expectImageLoaded(image, 320);

describe('task photos', () => {
  it('uploads a picture from the edit dialog and shows it on the card and the task page (en)', async () => {
    const page = await signedIn(CEO, { language: 'en' });
    await page.goto(UNTOUCHED_TASKS);
    const card = page.locator('article').first();
    await card.waitFor();
    const title = await card.locator('h2').innerText();

    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Task' });
    await edit.waitFor();
    expect(await edit.getByRole('region', { name: 'Photos' }).innerText()).toContain('No photos yet');
    await edit.getByRole('button', { name: 'Add photos' }).click();

    const step = page.getByRole('dialog', { name: 'Add photos' });
    await step.getByText('Images only (JPEG, PNG, WebP, GIF, HEIC) · up to 5 files, 10 MB each').waitFor();
    await viewportShot(page, 'task-photos-empty-en');
    await attach(step, [{ name: 'bathroom.png', mimeType: 'image/png', buffer: pngPicture(320, 240, [60, 140, 230]) }]);
    const upload = step.getByRole('button', { name: 'Upload 1 file' });
    await upload.waitFor();
    await viewportShot(page, 'task-photos-dialog-en');
    // The widget takes the whole inner width of the dialog (750 px) on a laptop screen.
    expect(Math.round((await step.locator('.uppy-Dashboard-inner').boundingBox())!.width)).toBe(750);

    await upload.click();
    await uploaded(page, step, 'Files uploaded successfully', '1 file uploaded successfully');
    await step.getByText('Complete', { exact: true }).waitFor();
    await viewportShot(page, 'task-photos-uploaded-en');

    // Back on the details the new photo is there; the dialog's Cancel leaves the task as it was.
    await step.getByRole('button', { name: 'Back to details' }).click();
    await edit.getByRole('button', { name: 'Open photo 1 of 1' }).waitFor();
    await viewportShot(page, 'task-dialog-photos-en');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    // The card shows the thumbnail; a click opens it large.
    await card.getByRole('button', { name: 'Open photo 1 of 1' }).click();
    const large = page.getByRole('dialog', { name: 'Photo 1 of 1' });
    await expectLoaded(large.getByRole('img', { name: `Photo 1 of 1: ${title}` }));
    await viewportShot(page, 'task-photo-large-en');
    await large.getByRole('button', { name: 'Close' }).click();
    await large.waitFor({ state: 'detached' });

    // So does the task page.
    await card.getByRole('link', { name: `View ${title}` }).click();
    const photos = page.getByRole('region', { name: /^Photos/ });
    await photos.getByRole('button', { name: 'Open photo 1 of 1' }).waitFor();
    expect(await photos.innerText()).toContain('1 photo');
    await screenshot(page, 'task-detail-photos-en');
    await photos.getByRole('button', { name: 'Open photo 1 of 1' }).click();
    await expectLoaded(page.getByRole('dialog', { name: 'Photo 1 of 1' }).getByRole('img'));
  });

  it('refuses a PDF in Portuguese, uploads two pictures and shows them on the task page (pt)', async () => {
    const page = await signedIn(CEO, { language: 'pt' });
    await page.goto(UNTOUCHED_TASKS);
    const card = page.locator('article').nth(1);
    await card.waitFor();
    const title = await card.locator('h2').innerText();

    await card.getByRole('link', { name: `Ver ${title}` }).click();
    const photos = page.getByRole('region', { name: /^Fotos/ });
    await photos.getByText('Nenhuma foto ainda').waitFor();
    await photos.getByRole('button', { name: 'Adicionar fotos' }).click();

    const step = page.getByRole('dialog', { name: 'Adicionar fotos' });
    await step.waitFor();
    await attach(step, [{ name: 'recibo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    await step.getByText('Você só pode enviar: image/jpeg, image/png, image/webp, image/gif, image/heic, image/heif').first().waitFor();

    await attach(step, [
      { name: 'quarto.png', mimeType: 'image/png', buffer: pngPicture(320, 240, [230, 120, 60]) },
      { name: 'varanda.png', mimeType: 'image/png', buffer: pngPicture(320, 240, [70, 180, 110]) },
    ]);
    const upload = step.getByRole('button', { name: 'Enviar 2 arquivos' });
    await upload.waitFor();
    await viewportShot(page, 'task-photos-dialog-pt');
    await upload.click();
    await uploaded(page, step, 'Arquivos enviados com sucesso', '2 arquivos enviados com sucesso');
    await step.getByRole('button', { name: 'Concluir' }).click();
    await step.waitFor({ state: 'detached' });

    await photos.getByRole('button', { name: 'Abrir foto 2 de 2' }).waitFor();
    expect(await photos.innerText()).toContain('2 fotos');
    await screenshot(page, 'task-detail-photos-pt');
    await photos.getByRole('button', { name: 'Abrir foto 1 de 2' }).click();
    const large = page.getByRole('dialog', { name: 'Foto 1 de 2' });
    await expectLoaded(large.getByRole('img'));
    await large.getByRole('button', { name: 'Próxima foto' }).click();
    await page.getByRole('dialog', { name: 'Foto 2 de 2' }).waitFor();
    await expectLoaded(page.getByRole('dialog', { name: 'Foto 2 de 2' }).getByRole('img'));
    await viewportShot(page, 'task-photo-large-pt');
  });

  it('creates a task and goes straight to its photos with "Create and add photos" (es)', async () => {
    const page = await signedIn(SERRA_CEO, { language: 'es' });
    await page.goto('/tasks');
    await page.getByRole('button', { name: 'Nueva tarea' }).click();
    const create = page.getByRole('dialog', { name: 'Crear nueva tarea' });
    await create.waitFor();
    await create.getByLabel('Título').fill('Fotos de la llegada');
    await create.getByRole('combobox', { name: 'Propiedad' }).click();
    await page.getByRole('option', { name: 'Chalé da Serra' }).click();
    await viewportShot(page, 'task-dialog-create-es');
    await create.getByRole('button', { name: 'Crear y añadir fotos' }).click();

    const step = page.getByRole('dialog', { name: 'Añadir fotos' });
    await step.getByText('Tarea «Fotos de la llegada» creada.', { exact: false }).waitFor();
    await attach(step, [{ name: 'salon.png', mimeType: 'image/png', buffer: pngPicture(320, 240, [150, 90, 200]) }]);
    const upload = step.getByRole('button', { name: 'Subir 1 archivo' });
    await upload.waitFor();
    await viewportShot(page, 'task-photos-dialog-es');
    await upload.click();
    await uploaded(page, step, 'Archivos subidos correctamente', '1 archivo subido correctamente');
    await step.getByRole('button', { name: 'Listo' }).click();
    await step.waitFor({ state: 'detached' });

    const card = page.locator('article').filter({ hasText: 'Fotos de la llegada' });
    await card.getByRole('button', { name: 'Abrir foto 1 de 1' }).waitFor();
    await viewportShot(page, 'tasks-with-photo-es');
  });

  it("keeps a phone's toasts off a full-screen dialog's title bar and its actions", async () => {
    const page = await signedIn(SERRA_CEO, { language: 'en', viewport: { width: 390, height: 844 } });
    await page.goto('/tasks');
    await page.getByRole('button', { name: 'New Task' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Task' });
    await create.getByLabel('Title').fill('Arrival photos on a phone');
    await create.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option', { name: 'Chalé da Serra' }).click();
    await create.getByRole('button', { name: 'Create and add photos' }).click();

    // "Task created" shows while the photo step fills the screen.
    const step = page.getByRole('dialog', { name: 'Add photos' });
    const toast = page.locator('.MuiSnackbar-root').filter({ hasText: 'Task created' });
    await toast.waitFor();
    await step.locator('.uppy-Dashboard').waitFor();
    const title = (await step.locator('.MuiDialogTitle-root').boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(title.y).toBeLessThan(5);
    expect(box.y).toBeGreaterThanOrEqual(title.y + title.height);
    const done = (await step.getByRole('button', { name: 'Done' }).boundingBox())!;
    expect(box.y + box.height).toBeLessThan(done.y);
    await viewportShot(page, 'task-photos-toast-phone-en');
  });

  it('does not drop a picked photo unseen when Done is pressed before Upload (es)', async () => {
    const page = await signedIn(SERRA_CEO, { language: 'es' });
    await page.goto('/tasks');
    await page.getByRole('button', { name: 'Nueva tarea' }).click();
    const create = page.getByRole('dialog', { name: 'Crear nueva tarea' });
    await create.getByLabel('Título').fill('Fotos sin subir');
    await create.getByRole('combobox', { name: 'Propiedad' }).click();
    await page.getByRole('option', { name: 'Chalé da Serra' }).click();
    await create.getByRole('button', { name: 'Crear y añadir fotos' }).click();
    const step = page.getByRole('dialog', { name: 'Añadir fotos' });
    await step.getByText('Tarea «Fotos sin subir» creada.', { exact: false }).waitFor();
    await attach(step, [{ name: 'entrada.png', mimeType: 'image/png', buffer: pngPicture(320, 240, [90, 160, 90]) }]);
    await step.getByRole('button', { name: 'Subir 1 archivo' }).waitFor();

    // Done before Upload: the step says the photo is not on the task yet and stays open.
    await step.getByRole('button', { name: 'Listo' }).click();
    const warning = step.getByRole('alert').filter({ hasText: '1 foto elegida aún no se ha subido' });
    await warning.waitFor();
    expect(await warning.innerText()).toContain('«Listo» otra vez');
    expect(await step.isVisible()).toBe(true);
    await viewportShot(page, 'task-photos-not-uploaded-es');

    // Pressed again, it leaves without the photo, as the warning said.
    await step.getByRole('button', { name: 'Listo' }).click();
    await step.waitFor({ state: 'detached' });
    const card = page.locator('article').filter({ hasText: 'Fotos sin subir' });
    await card.waitFor();
    expect(await card.getByRole('button', { name: /^Abrir foto/ }).count()).toBe(0);
  });

  it('says when the upload URL cannot be had, and when an uploaded photo cannot be recorded', async () => {
    const page = await signedIn(CEO, { language: 'en' });
    await page.goto(UNTOUCHED_TASKS);
    const card = page.locator('article').nth(2);
    const title = await card.locator('h2').innerText();
    await card.getByRole('link', { name: `View ${title}` }).click();
    await page.getByRole('region', { name: 'Photos' }).getByRole('button', { name: 'Add photos' }).click();
    const step = page.getByRole('dialog', { name: 'Add photos' });
    await attach(step, [{ name: 'kitchen.png', mimeType: 'image/png', buffer: pngPicture(320, 240, [200, 200, 80]) }]);

    // The API refuses to sign (a 400 is not asked again): the error toast, and Uppy marks the file.
    await page.route('**/api/objects/upload', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'photos.notImage' }) }),
    );
    await step.getByRole('button', { name: 'Upload 1 file' }).click();
    const urlFailed = page.locator('.MuiSnackbar-root').filter({ hasText: 'Failed to get upload URL' });
    await urlFailed.filter({ hasText: 'Only images can be uploaded' }).waitFor();
    await step.getByText('Upload failed').first().waitFor();
    await page.unroute('**/api/objects/upload');

    // The photo reaches storage but recording it fails.
    await page.route('**/api/task-photos', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'photos.notRecorded' }) }),
    );
    await step.getByRole('button', { name: 'Retry' }).first().click();
    await page.locator('.MuiSnackbar-root').filter({ hasText: 'Failed to process uploaded files' }).waitFor();
    await step.getByRole('status').filter({ hasText: 'Failed to process uploaded files' }).waitFor({ state: 'attached' });
    await step.getByText('Upload failed').first().waitFor();
    await viewportShot(page, 'task-photos-failed-en');
    await page.unroute('**/api/task-photos');
    await step.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByRole('region', { name: 'Photos' }).innerText()).toContain('No photos yet');
  });

  it('fills a phone screen with the photo step', async () => {
    const page = await signedIn(CEO, { language: 'pt', viewport: { width: 390, height: 844 } });
    await page.goto(UNTOUCHED_TASKS);
    const card = page.locator('article').nth(2);
    const title = await card.locator('h2').innerText();
    await card.getByRole('link', { name: `Ver ${title}` }).click();
    await page.getByRole('region', { name: 'Fotos' }).getByRole('button', { name: 'Adicionar fotos' }).click();
    const step = page.getByRole('dialog', { name: 'Adicionar fotos' });
    await step.locator('.uppy-Dashboard').waitFor();
    const widget = (await step.locator('.uppy-Dashboard-inner').boundingBox())!;
    expect(widget.width).toBeGreaterThan(320);
    expect(widget.y + widget.height).toBeLessThan(844);
    await viewportShot(page, 'task-photos-dialog-phone-pt');
  });
});
