// The company logo ("Alterar Logotipo") in a real browser against the local product: the CEO picks
// an image, it is PUT to the S3 stand-in through a URL our API signs, recorded, and the sidebar's
// company widget shows it (a presigned GET) instead of the initials; then it is removed.
//
// Every test works on a company of its own, so the demo company (and the other browser tests'
// screenshots of its sidebar) never change.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { UiLanguage } from '../shared/enums';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { addMember } from '../functions/data/repositories/users';
import { expectImageLoaded, logoPng } from './support/images';
import { STARTUP_TIMEOUT_MS, SCREENSHOT_DIR, screenshot, startTestApp, type TestApp } from './support/app';


let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const TEXTS = {
  en: {
    options: 'Company options',
    changeLogo: 'Change Logo',
    none: 'No logo yet: the sidebar shows your initials',
    selected: 'New logo (not saved yet)',
    current: 'Current logo',
    save: 'Save logo',
    remove: 'Remove logo',
    cancel: 'Cancel',
    updated: 'Logo updated',
    removed: 'Logo removed',
    logoAlt: (name: string) => `${name} logo`,
  },
  pt: {
    options: 'Opções da empresa',
    changeLogo: 'Alterar Logotipo',
    none: 'Ainda sem logotipo: a barra lateral mostra suas iniciais',
    selected: 'Novo logotipo (ainda não salvo)',
    current: 'Logotipo atual',
    save: 'Salvar logotipo',
    remove: 'Remover logotipo',
    cancel: 'Cancelar',
    updated: 'Logotipo atualizado',
    removed: 'Logotipo removido',
    logoAlt: (name: string) => `Logotipo de ${name}`,
  },
  es: {
    options: 'Opciones de la empresa',
    changeLogo: 'Cambiar Logotipo',
    none: 'Aún sin logotipo: la barra lateral muestra tus iniciales',
    selected: 'Nuevo logotipo (aún sin guardar)',
    current: 'Logotipo actual',
    save: 'Guardar logotipo',
    remove: 'Quitar logotipo',
    cancel: 'Cancelar',
    updated: 'Logotipo actualizado',
    removed: 'Logotipo quitado',
    logoAlt: (name: string) => `Logotipo de ${name}`,
  },
} as const;

let sequence = 0;
/** A company of our own with its CEO (and, when asked, a manager), the CEO signed in. */
async function ownCompany(language: UiLanguage, options: { viewport?: { width: number; height: number } } = {}) {
  const tag = `${Date.now().toString(36)}${++sequence}`;
  const email = `ceo.${tag}@logo.rentalops.test`;
  const name = `Costa Azul ${tag}`;
  const { company } = await createCompanyWithOwner({
    company: { name, plan: 'professional' },
    owner: { email, firstName: 'Rita', lastName: 'Moura', role: 'ceo' },
  });
  const page = await signedIn(email, language, options.viewport);
  return { company, name, page, tag };
}

async function signedIn(email: string, language: UiLanguage, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await app.signedInPage(email, { language, viewport });
  return page;
}

async function viewportShot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: false });
}

/** The sidebar's company widget (the button that opens the company menu). */
const widget = (page: Page, language: UiLanguage) => page.getByRole('button', { name: TEXTS[language].options });

const expectLoaded = expectImageLoaded;

async function openLogoDialog(page: Page, language: UiLanguage): Promise<Locator> {
  await widget(page, language).click();
  await page.getByRole('menuitem', { name: TEXTS[language].changeLogo }).click();
  const dialog = page.getByRole('dialog', { name: TEXTS[language].changeLogo });
  await dialog.waitFor();
  return dialog;
}

const LOGO = logoPng(480, 240, [16, 122, 130]);

/** The CEO uploads the logo through the dialog; the widget then shows it. */
async function uploadLogo(page: Page, language: UiLanguage, name: string, shot?: string): Promise<void> {
  const texts = TEXTS[language];
  const dialog = await openLogoDialog(page, language);
  await dialog.getByRole('status').filter({ hasText: texts.none }).waitFor();
  expect(await dialog.getByRole('button', { name: texts.save }).isDisabled()).toBe(true);
  expect(await dialog.getByRole('button', { name: texts.remove }).count()).toBe(0);
  if (shot) await viewportShot(page, `${shot}-empty`);

  await dialog.locator('input[type=file]').setInputFiles({ name: 'costa-azul.png', mimeType: 'image/png', buffer: LOGO });
  await dialog.getByRole('status').filter({ hasText: texts.selected }).waitFor();
  await dialog.getByText(/costa-azul\.png · .+ · 480\s×\s240\spx/).waitFor();
  if (shot) await viewportShot(page, `${shot}-selected`);

  await dialog.getByRole('button', { name: texts.save }).click();
  await page.locator('.MuiSnackbar-root').filter({ hasText: texts.updated }).waitFor();
  await dialog.waitFor({ state: 'detached' });
  const logo = widget(page, language).getByRole('img', { name: texts.logoAlt(name) });
  await expectLoaded(logo, 480);
  expect(await logo.getAttribute('src')).toMatch(/\/logo\/[0-9a-f-]+\.png\?.*X-Amz-Signature=/);
}

describe('company logo', () => {
  it('lets the CEO upload a logo that replaces the initials in the sidebar, keeps it, and removes it (en)', async () => {
    const { company, name, page } = await ownCompany('en');
    await page.goto('/team');
    const texts = TEXTS.en;
    // Before: the initials.
    await widget(page, 'en').getByText('CA', { exact: true }).waitFor();

    // Refused in the browser before anything is sent: not an accepted image, too large, not an image at all.
    const dialog = await openLogoDialog(page, 'en');
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await dialog.getByRole('alert').filter({ hasText: 'The logo must be a PNG, JPEG or WebP image' }).waitFor();
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([LOGO, Buffer.alloc(2 * 1024 * 1024)]) });
    await dialog.getByRole('alert').filter({ hasText: 'The logo can be at most 2 MB' }).waitFor();
    await input.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await dialog.getByRole('alert').filter({ hasText: 'This file could not be read as an image' }).waitFor();
    await viewportShot(page, 'company-logo-refused-en');
    expect(await dialog.getByRole('button', { name: texts.save }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: texts.cancel }).click();
    await dialog.waitFor({ state: 'detached' });

    await uploadLogo(page, 'en', name, 'company-logo-dialog-en');
    await viewportShot(page, 'company-logo-widget-en');
    await widget(page, 'en').screenshot({ path: path.join(SCREENSHOT_DIR, 'company-logo-widget-closeup-en.png') });

    // GET /api/companies answers it for every screen, and it is still there after a reload.
    const [listed] = (await (await page.request.get('/api/companies')).json()) as Array<{ id: string; logoUrl: string | null }>;
    expect(listed).toMatchObject({ id: company.id, logoUrl: expect.stringContaining('X-Amz-Signature=') });
    await page.reload();
    await expectLoaded(widget(page, 'en').getByRole('img', { name: texts.logoAlt(name) }), 480);

    // Reopened: the current logo, with Remove.
    const again = await openLogoDialog(page, 'en');
    await again.getByRole('status').filter({ hasText: texts.current }).waitFor();
    await expectLoaded(again.getByRole('img', { name: texts.logoAlt(name) }), 480);
    await viewportShot(page, 'company-logo-current-en');
    await again.getByRole('button', { name: texts.remove }).click();
    await page.locator('.MuiSnackbar-root').filter({ hasText: texts.removed }).waitFor();
    await again.waitFor({ state: 'detached' });
    await widget(page, 'en').getByText('CA', { exact: true }).waitFor();
    expect(await widget(page, 'en').getByRole('img').count()).toBe(0);
    const [after] = (await (await page.request.get('/api/companies')).json()) as Array<{ logoUrl: string | null }>;
    expect(after.logoUrl).toBeNull();
  });

  it.each(['pt', 'es'] as const)('uploads the logo in %s too, with the dialog and the widget in that language', async (language) => {
    const { name, page } = await ownCompany(language);
    await page.goto('/team');
    await uploadLogo(page, language, name, `company-logo-dialog-${language}`);
    await viewportShot(page, `company-logo-widget-${language}`);
    const dialog = await openLogoDialog(page, language);
    await dialog.getByRole('status').filter({ hasText: TEXTS[language].current }).waitFor();
    await viewportShot(page, `company-logo-current-${language}`);
  });

  it('shows the logo to a manager, whose menu says only the CEO can change it', async () => {
    const { company, name, page: ceoPage } = await ownCompany('en');
    await ceoPage.goto('/team');
    await uploadLogo(ceoPage, 'en', name);

    const now = new Date().toISOString();
    const email = `manager.${company.id.toLowerCase()}@logo.rentalops.test`;
    await addMember(
      { companyId: company.id, plan: company.plan, unlimited: true },
      { id: crypto.randomUUID(), email, firstName: 'Paulo', lastName: 'Reis', role: 'operational_manager', companyId: company.id, authProvider: 'cognito', completedTasks: 0, createdAt: now, updatedAt: now },
    );
    const page = await signedIn(email, 'en');
    await page.goto('/team');
    await expectLoaded(widget(page, 'en').getByRole('img', { name: TEXTS.en.logoAlt(name) }), 480);
    await widget(page, 'en').click();
    const item = page.getByRole('menuitem', { name: /Change Logo/ });
    await item.getByText('Only the CEO can change it').waitFor();
    expect(await item.getAttribute('aria-disabled')).toBe('true');
    await viewportShot(page, 'company-logo-manager-menu-en');
    // The server agrees.
    expect((await page.request.delete(`/api/companies/${company.id}/logo`)).status()).toBe(403);
  });

  it('reads the company again when the logo URL no longer loads (an expired presigned GET)', async () => {
    const { name, page } = await ownCompany('en');
    await page.goto('/team');
    await uploadLogo(page, 'en', name);

    // The next page load gets a logo URL that storage refuses, as it would once expired.
    let companyReads = 0;
    await page.route('**/api/companies', async (route) => {
      companyReads += 1;
      const response = await route.fetch();
      const companies = (await response.json()) as Array<{ logoUrl: string | null }>;
      if (companyReads === 1) companies[0].logoUrl = `${companies[0].logoUrl}&expired=1`;
      await route.fulfill({ response, json: companies });
    });
    await page.route(/expired=1/, (route) => route.fulfill({ status: 403, contentType: 'application/xml', body: '<Error><Code>AccessDenied</Code></Error>' }));
    await page.reload();
    await expectLoaded(widget(page, 'en').getByRole('img', { name: TEXTS.en.logoAlt(name) }), 480);
    expect(companyReads).toBe(2);
  });

  it('fits the dialog on a phone', async () => {
    const { name, page } = await ownCompany('en', { viewport: { width: 390, height: 844 } });
    await page.goto('/team');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await uploadLogo(page, 'en', name, 'company-logo-dialog-en-phone');
    const dialog = await openLogoDialog(page, 'en');
    await dialog.getByRole('status').filter({ hasText: TEXTS.en.current }).waitFor();
    await viewportShot(page, 'company-logo-current-en-phone');
    // Every control is inside the dialog, none cut off.
    const box = (await dialog.boundingBox())!;
    for (const name of ['Choose another image', 'Remove logo', 'Cancel', 'Save logo']) {
      const button = (await dialog.getByRole('button', { name }).boundingBox())!;
      expect(button.x >= box.x && button.x + button.width <= box.x + box.width).toBe(true);
    }
  });
});
