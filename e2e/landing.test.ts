import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

describe('the landing screen', () => {
  it('greets a visitor in English with the sign-in button and the four capabilities', async () => {
    const page = await app.newPage({ language: 'en' });
    await page.goto('/');
    await page.getByRole('link', { name: /sign in/i }).first().waitFor();
    await screenshot(page, 'landing-en');
    const text = await page.locator('body').innerText();
    expect(text).toMatch(/properties and reservations/i);
    expect(text).toMatch(/coordinate teams/i);
    expect(text).toMatch(/cleaning, maintenance/i);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
  });

  it('shows the landing screen in Portuguese for unknown paths too', async () => {
    const page = await app.newPage({ language: 'pt' });
    await page.goto('/some/unknown/path');
    await page.getByRole('link', { name: /entrar/i }).first().waitFor();
    await screenshot(page, 'landing-pt');
    const text = await page.locator('body').innerText();
    expect(text).toMatch(/propriedades e reservas/i);
    expect(await page.getAttribute('html', 'lang')).toMatch(/^pt/);
  });

  it('answers the health check on the same origin', async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', runtime: process.env.API_RUNTIME === 'bundles' ? 'bundles' : 'modules' });
  });
});
