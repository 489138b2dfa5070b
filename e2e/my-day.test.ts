// My day (issue 19) for the demo staff member: staff who open the app land on their own day (never
// the office dashboard), on a phone and on a desktop, in English, Portuguese and Spanish; the CEO
// still gets the dashboard. Read-only: the demo company's data stays as other tests expect it.
import type { Page } from 'playwright-core';
import type { UiLanguage } from '../shared/enums';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, switchPage, type TestApp } from './support/app';


const STAFF = 'staff@demo.rentalops.test';
const CEO = 'ceo@demo.rentalops.test';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

let app: TestApp;
beforeAll(async () => {
  // The CEO's page is lent again to the manifest test (a staff member's page, with its service
  // worker, never is: e2e/support/app.ts).
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const TEXTS: Record<UiLanguage, { title: string; start: string; openMap: string; nav: string }> = {
  en: { title: 'My day', start: 'Start', openMap: 'Open in Maps', nav: 'My day' },
  pt: { title: 'Meu dia', start: 'Iniciar', openMap: 'Abrir no Maps', nav: 'Meu dia' },
  es: { title: 'Mi día', start: 'Empezar', openMap: 'Abrir en Maps', nav: 'Mi día' },
};

/**
 * The staff member's day, opened at / (which sends staff to /my-day): in a new page, or in `reuse`
 * (the same staff member's page) switched to `language` at `viewport` (switchPage).
 */
async function staffDay(language: UiLanguage, viewport: { width: number; height: number }, reuse?: Page): Promise<Page> {
  const page = reuse ? await switchPage(reuse, { language, viewport }) : await app.signedInPage(STAFF, { language, viewport, serviceWorkers: 'allow' });
  await page.goto('/');
  await page.waitForURL('**/my-day');
  await page.getByRole('heading', { level: 1, name: TEXTS[language].title }).waitFor();
  await page.getByRole('article').first().waitFor();
  return page;
}

/** Every visible button and link of the page's main content is at least 44 px tall (one-hand use). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main a, main input[type=checkbox]')]
      .map((element) => {
        const target = element.tagName === 'INPUT' ? (element.parentElement as HTMLElement) : element;
        const box = target.getBoundingClientRect();
        return { name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(), height: box.height, visible: box.width > 0 };
      })
      .filter((entry) => entry.visible && entry.height < 44)
      .map((entry) => `${entry.name} (${entry.height}px)`),
  );
}

describe('my day', () => {
  it('sends staff from / to their day on a phone: tasks in time order with property, map link, checklist and actions (en)', async () => {
    const page = await staffDay('en', PHONE);
    const cards = page.getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    // No office metrics on the way.
    expect(await page.getByText('Monthly Revenue').count()).toBe(0);
    const map = page.getByRole('link', { name: /^Open in Maps: / }).first();
    expect(await map.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    // Day headings: overdue first, then today / the next days.
    const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings.length).toBeGreaterThan(0);
    if (headings.includes('Overdue')) expect(headings[0]).toBe('Overdue');
    expect(await page.getByRole('button', { name: /^(Start|Complete)$/ }).count()).toBeGreaterThan(0);
    expect(await smallTargets(page)).toEqual([]);
    // The demo's day: today a same-day turnover made by a channel's booking, with the door code,
    // the access notes and the property's checklist (local/seed.ts seedStaffDay).
    const turnover = cards.filter({ hasText: 'Same-day turnover: guest arrives 3:00' });
    await turnover.waitFor();
    expect(await turnover.innerText()).toContain('Door code');
    expect(await turnover.getByRole('checkbox').count()).toBe(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'my-day-phone-en', { fullPage: false });
    // Today's turnover is for today's check-out: no warning. Penthouse Baixa's, two days ahead (still
    // ahead if the company's midnight passed since the seed), opened today, says the guest is still
    // there (a warning next to Start, not a refusal).
    expect(await turnover.getByTestId('turnover-before-checkout').count()).toBe(0);
    await page.getByRole('button', { name: /Penthouse Baixa/ }).first().click();
    const early = page.getByTestId('turnover-before-checkout');
    await early.first().waitFor();
    expect(await early.first().innerText()).toMatch(/^The guest checks out .+: this cleaning is for after they leave\.$/);
    // Its actions stay (Start, or Complete once someone started it: the task list's staff test may
    // have started this very demo task earlier in the same run).
    await cards.filter({ has: early }).first().getByRole('button', { name: /^(Start|Complete)$/ }).first().waitFor();

    // The menu offers My day, not the dashboard.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'My day' }).first().waitFor();
    expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  });

  it('shows the day in Portuguese and Spanish, on a phone and a desktop', async () => {
    // One page opens the day again for each language and size: a new browser context each time ran
    // the app for the first time five times (about 1.5 CPU-s more each, docs/test-time.md).
    let page: Page | undefined;
    for (const language of ['pt', 'es', 'en'] as const) {
      for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
        if (language === 'en' && name === 'phone') continue;
        page = await staffDay(language, viewport, page);
        await page.getByRole('link', { name: new RegExp(`^${TEXTS[language].openMap}`) }).first().waitFor();
        // Nothing runs past the screen: long titles (a channel's guest names) wrap or are cut.
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        await screenshot(page, `my-day-${name}-${language}`, { fullPage: false });
      }
    }
  });

  it('lays the problem report out from the top of a phone screen, not spread over it (es)', async () => {
    const page = await staffDay('es', PHONE);
    await page.getByRole('button', { name: 'Informar un problema' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Informar un problema' });
    await dialog.waitFor();
    const description = (await dialog.getByRole('textbox', { name: '¿Qué está mal?' }).boundingBox())!;
    const urgency = (await dialog.getByRole('combobox', { name: 'Urgencia' }).boundingBox())!;
    const addPhotos = (await dialog.getByRole('button', { name: 'Añadir fotos' }).boundingBox())!;
    await screenshot(page, 'my-day-problem-phone-es', { fullPage: false });
    // One field under the other (the grid's gap and the fields' own padding), not a third of the screen apart.
    expect(urgency.y - (description.y + description.height)).toBeLessThan(60);
    expect(addPhotos.y - (urgency.y + urgency.height)).toBeLessThan(120);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('keeps the dashboard for the CEO, who can open My day from the menu', async () => {
    const page = await app.signedInPage(CEO, { language: 'en' });
    await page.goto('/');
    await page.getByRole('region', { name: 'Monthly Revenue' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('navigation').getByRole('link', { name: 'My day' }).click();
    await page.getByRole('heading', { level: 1, name: 'My day' }).waitFor();
  });

  it('is an installable app: a manifest with the icons, starting on My day, and a service worker', async () => {
    const page = await app.newPage({ language: 'en' });
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'RentalOps', start_url: '/my-day', display: 'standalone', theme_color: '#1e4fd8' });
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    const sw = await page.request.get('/sw.js');
    expect(sw.ok()).toBe(true);
    expect(await sw.text()).toContain('/index.html');
  });
});
