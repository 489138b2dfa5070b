// The hosted sign-in (Cognito managed login in AWS; its local stand-in here) speaks the app's
// language: the landing page's sign-in button carries it (/api/login?lang=…), the server forwards
// managed login's `lang`, and the stand-in's page (and its answer to a wrong password) is in it.
// The flow ends at the app's registered callback (localhost:3000, not this file's server), so this
// file stops at the sign-in pages: functions/auth/hosted-ui.test.ts follows the flow to the session.
import type { Page } from 'playwright-core';
import type { UiLanguage } from '../shared/enums';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';

const PHONE = { width: 390, height: 844 };
const WORDS: Record<UiLanguage, { lang: string; heading: string; email: string; password: string; submit: string; wrong: string }> = {
  en: { lang: 'en', heading: 'Sign in to RentalOps', email: 'Email address', password: 'Password', submit: 'Sign in', wrong: 'Incorrect username or password.' },
  pt: { lang: 'pt-BR', heading: 'Entrar no RentalOps', email: 'Endereço de e-mail', password: 'Senha', submit: 'Entrar', wrong: 'Nome de usuário ou senha incorretos.' },
  es: { lang: 'es', heading: 'Iniciar sesión en RentalOps', email: 'Dirección de correo electrónico', password: 'Contraseña', submit: 'Iniciar sesión', wrong: 'Nombre de usuario o contraseña incorrectos.' },
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

/** From the landing page's sign-in button to the hosted sign-in page. */
async function toHostedSignIn(page: Page, language: UiLanguage) {
  await page.goto('/login');
  const button = page.locator('a[href^="/api/login"]').first();
  expect(await button.getAttribute('href')).toBe(`/api/login?lang=${language}`);
  await button.click();
  await page.getByRole('heading', { name: WORDS[language].heading }).waitFor();
}

describe('the hosted sign-in in the app\'s language', () => {
  it.each(['pt', 'en', 'es'] as const)('shows the sign-in page and its wrong-password answer in %s, on a desktop and a phone', async (language) => {
    const words = WORDS[language];
    for (const [size, viewport] of [['desktop', undefined], ['phone', PHONE]] as const) {
      const page = await app.newPage({ language, viewport });
      await toHostedSignIn(page, language);
      expect(new URL(page.url()).searchParams.get('lang')).toBe(words.lang);
      expect(await page.locator('html').getAttribute('lang')).toBe(words.lang);
      await page.getByLabel(words.email).waitFor();
      await page.getByRole('button', { name: words.submit }).waitFor();
      await screenshot(page, `hosted-sign-in-${language}-${size}`);

      await page.getByLabel(words.email).fill('ceo@demo.rentalops.test');
      await page.getByLabel(words.password, { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: words.submit }).click();
      await page.getByRole('alert').filter({ hasText: words.wrong }).waitFor();
      // The form is still in the same language, the e-mail kept.
      expect(await page.getByLabel(words.email).inputValue()).toBe('ceo@demo.rentalops.test');
      expect(await page.locator('html').getAttribute('lang')).toBe(words.lang);
      if (size === 'phone') await screenshot(page, `hosted-sign-in-wrong-${language}-phone`);
      await page.context().close();
    }
  });

  it('follows a language changed on the landing page', async () => {
    const page = await app.newPage({ language: 'en' });
    await page.goto('/login');
    await page.evaluate(() => window.localStorage.setItem('language', 'es'));
    await page.reload();
    await toHostedSignIn(page, 'es');
    await page.context().close();
  });
});
