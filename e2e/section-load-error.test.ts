// Issue 43 point 8: a part of a screen whose code fails to load fails alone. The property page's
// sections below the calendar load after its first screen (lib/use-deferred-module.ts); when their
// chunk's request fails (blocked here with page.route), that place shows the error and "Try again",
// the calendar and the edit dialog keep working, and once the network is back "Try again" draws them.
import type { Page } from 'playwright-core';
import type { UiLanguage } from '../shared/enums';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';
import { api } from './support/api';

const CEO = 'ceo@demo.rentalops.test';
const PHONE = { width: 390, height: 844 };
const SECTIONS_CHUNK = /\/assets\/PropertySections-[\w-]+\.js(\?.*)?$/;
const WORDS: Record<UiLanguage, { title: string; retry: string; edit: string; calendar: string }> = {
  en: { title: 'This part could not be loaded', retry: 'Try again', edit: 'Edit', calendar: 'Calendar' },
  pt: { title: 'Não foi possível carregar esta parte', retry: 'Tentar novamente', edit: 'Editar', calendar: 'Calendário' },
  es: { title: 'No se pudo cargar esta parte', retry: 'Reintentar', edit: 'Editar', calendar: 'Calendario' },
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

/** Blocks the sections' chunk until `unblock` is called; counts the requests that reached it. */
async function blockSections(page: Page) {
  let blocked = true;
  let requests = 0;
  await page.route(SECTIONS_CHUNK, async (route) => {
    requests += 1;
    if (blocked) await route.abort('internetdisconnected');
    else await route.fallback();
  });
  return { unblock: () => (blocked = false), requests: () => requests };
}

describe('a property page section whose code fails to load', () => {
  it.each(['en', 'pt', 'es'] as const)('shows the error with a retry in its place, keeps the rest working, and loads on retry (%s)', async (language) => {
    const words = WORDS[language];
    for (const viewport of language === 'pt' ? [undefined, PHONE] : [undefined]) {
      const page = await app.signedInPage(CEO, { language, viewport });
      const property = (await api<Array<{ id: string; name: string }>>(page, 'GET', '/api/properties'))[0];
      const chunk = await blockSections(page);
      const crashes: string[] = [];
      page.on('pageerror', (error) => crashes.push(error.message));
      await page.goto(`/properties/${property.id}`);

      const failure = page.getByTestId('section-load-error');
      await failure.waitFor();
      expect(chunk.requests()).toBeGreaterThan(0);
      expect(await failure.innerText()).toContain(words.title);
      // The page is still there: its title, its calendar, no error screen, no uncaught error.
      await page.getByRole('heading', { level: 1, name: property.name }).waitFor();
      await page.locator('#calendar').getByText(words.calendar).waitFor();
      expect(await page.locator('#tasks, #checklist').count()).toBe(0);
      expect(crashes).toEqual([]);
      await screenshot(page, `property-section-failed-${language}${viewport ? '-phone' : ''}`);

      // The rest keeps working: the edit dialog (its own chunk) opens and closes.
      await page.getByRole('button', { name: words.edit, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Still offline: "Try again" asks again and fails again, in place.
      const before = chunk.requests();
      await failure.getByRole('button', { name: words.retry }).click();
      await failure.waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="section-load-error"] button:not([disabled])'));
      expect(chunk.requests()).toBeGreaterThan(before);

      // Back online: "Try again" draws the sections, and the error is gone.
      chunk.unblock();
      await failure.getByRole('button', { name: words.retry }).click();
      await page.locator('#checklist').waitFor();
      expect(await page.getByTestId('section-load-error').count()).toBe(0);
      expect(crashes).toEqual([]);
      await page.context().close();
    }
  });
});

describe('a dialog whose code fails to load', () => {
  const TASK_DIALOG_CHUNK = /\/assets\/TaskDialog-[\w-]+\.js(\?.*)?$/;
  const NEW_TASK: Record<UiLanguage, RegExp> = { en: /new task/i, pt: /nova tarefa/i, es: /nueva tarea/i };

  it.each(['en', 'es'] as const)('says so in a small dialog, leaves the screen working, and opens on retry (%s)', async (language) => {
    const words = WORDS[language];
    const page = await app.signedInPage(CEO, { language, viewport: language === 'es' ? PHONE : undefined });
    let blocked = true;
    let requests = 0;
    await page.route(TASK_DIALOG_CHUNK, async (route) => {
      requests += 1;
      if (blocked) await route.abort('internetdisconnected');
      else await route.fallback();
    });
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await page.goto('/tasks');
    await page.getByRole('button', { name: NEW_TASK[language] }).first().click();

    const failure = page.getByRole('dialog', { name: words.title });
    await failure.waitFor();
    expect(requests).toBeGreaterThan(0);
    await screenshot(page, `dialog-load-failed-${language}`, { fullPage: false });
    // Closed: the screen is still there (its heading, its list), no error screen, no uncaught error.
    await failure.getByRole('button', { name: language === 'en' ? 'Close' : 'Cerrar' }).click();
    await failure.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(crashes).toEqual([]);

    // Opened again while still offline: the same small dialog; back online, "Try again" opens the form.
    await page.getByRole('button', { name: NEW_TASK[language] }).first().click();
    await failure.waitFor();
    blocked = false;
    await failure.getByRole('button', { name: words.retry }).click();
    await page.getByRole('dialog', { name: NEW_TASK[language] }).waitFor();
    expect(await page.getByRole('dialog', { name: words.title }).count()).toBe(0);
    expect(crashes).toEqual([]);
    await page.context().close();
  });
});
