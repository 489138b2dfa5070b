// The public auth screens in a real browser against the local product: e-mail/password sign-in and
// registration (/auth), the plan choice (/register), the e-mailed confirmation and reset links
// (read from the SES stand-in), and screenshots of every screen in en, pt and es.
import type { Page } from 'playwright-core';
import type { UiLanguage } from '../shared/enums';
import { issueToken } from '../functions/data/repositories/tokens';
import { getCompany } from '../functions/data/repositories/companies';
import { findUserByEmail } from '../functions/data/repositories/users';
import { STARTUP_TIMEOUT_MS, screenshot, settleForScreenshot, startTestApp, type TestApp } from './support/app';

const DEMO = { email: 'ceo@demo.rentalops.test', password: 'Demo-pass-2026!' };
const PHONE = { width: 390, height: 844 };
const LANGUAGES: readonly UiLanguage[] = ['en', 'pt', 'es'];
const NAV_LABEL: Record<UiLanguage, string> = { en: 'Main navigation', pt: 'Navegação principal', es: 'Navegación principal' };
const DAY_MS = 86_400_000;

// Whole flows (register, mail, confirm, sign in) take a few seconds; leave room on a busy machine.

let app: TestApp;
beforeAll(async () => {
  // A test's page, cleaned (no cookies, no storage), is lent to the file's later tests in the same
  // language (e2e/support/app.ts); the first three tests, the sign-in of a new browser in en, pt and
  // es, ask for a new browser context (fresh).
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

// ---- helpers -----------------------------------------------------------------------------------
let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}@e2e.rentalops.test`;

interface StoredMail {
  destination?: { to?: string[] };
  body?: { text?: string };
}

/** The path + query of the last `/confirm-email` or `/reset-password` link e-mailed to `to`. */
async function mailedLink(to: string, kind: 'confirm-email' | 'reset-password'): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s]+(/${kind}\\?token=[A-Za-z0-9_%-]+)`);
  for (let attempt = 0; attempt < 20; attempt++) {
    const { emails } = (await (await fetch(process.env.SES_STORE_URL as string)).json()) as { emails: StoredMail[] };
    const mine = emails.filter((mail) => mail.destination?.to?.some((address) => address.toLowerCase() === to.toLowerCase()));
    for (const mail of mine.reverse()) {
      const match = pattern.exec(mail.body?.text ?? '');
      if (match) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`No ${kind} link was e-mailed to ${to}`);
}

/** The text of the last e-mail to `to` that contains `phrase`. */
async function mailedText(to: string, phrase: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { emails } = (await (await fetch(process.env.SES_STORE_URL as string)).json()) as { emails: StoredMail[] };
    const mine = emails.filter((mail) => mail.destination?.to?.some((address) => address.toLowerCase() === to.toLowerCase()));
    const found = mine.reverse().find((mail) => mail.body?.text?.includes(phrase));
    if (found) return found.body!.text!;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`No e-mail saying "${phrase}" was sent to ${to}`);
}

/** A confirmed e-mail/password account made through the API (for the flows that start after it). */
async function confirmedAccount(password: string, language: UiLanguage): Promise<string> {
  const email = uniqueEmail('reset');
  const headers = { 'content-type': 'application/json', 'accept-language': language };
  const registered = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, confirmPassword: password, firstName: 'Lucía', lastName: 'Gómez' }),
  });
  expect(registered.status).toBe(201);
  const token = new URLSearchParams((await mailedLink(email, 'confirm-email')).split('?')[1]).get('token');
  const confirmed = await fetch(`${app.url}/api/email/confirm`, { method: 'POST', headers, body: JSON.stringify({ token }) });
  expect(confirmed.status).toBe(200);
  return email;
}

/** Waits for the toast to hold `texts` and returns its text. */
async function toastText(page: Page, ...texts: string[]): Promise<string> {
  const toast = page.locator('.MuiSnackbar-root .MuiAlert-root');
  for (const text of texts) await toast.filter({ hasText: text }).waitFor();
  return toast.innerText();
}

const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const submitButton = (page: Page) => page.locator('form button[type="submit"]');
const modeToggle = (page: Page, mode: 'login' | 'register') => page.locator(`button[value="${mode}"]`);

async function signIn(page: Page, email: string, password: string) {
  await input(page, 'email').fill(email);
  await input(page, 'password').fill(password);
  await submitButton(page).click();
}

async function expectDashboard(page: Page, language: UiLanguage) {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('navigation', { name: NAV_LABEL[language] }).waitFor();
}

// ---- /auth: sign in ----------------------------------------------------------------------------
describe('signing in with e-mail and password (/auth)', () => {
  it('asks for the missing fields, then signs the demo CEO in, remembers the e-mail and reaches the dashboard (en)', async () => {
    const page = await app.newPage({ language: 'en', fresh: true });
    await page.goto('/auth');
    await submitButton(page).click();
    await toastText(page, 'Required fields', 'E-mail and password are required');
    expect(await input(page, 'email').getAttribute('type')).toBe('email');

    await page.getByLabel('Remember me').check();
    await signIn(page, DEMO.email, DEMO.password);
    await expectDashboard(page, 'en');
    expect(await page.evaluate(() => window.localStorage.getItem('rememberedEmail'))).toBe(DEMO.email);

    await page.goto('/auth');
    expect(await input(page, 'email').inputValue()).toBe(DEMO.email);
    expect(await page.getByLabel('Remember me').isChecked()).toBe(true);
  });

  it('shows "Erro no login" for a wrong password and signs in with the right one (pt)', async () => {
    const page = await app.newPage({ language: 'pt', fresh: true });
    await page.goto('/auth');
    await signIn(page, DEMO.email, 'not-the-password');
    expect(await toastText(page, 'Erro no login')).toContain('Email ou senha incorretos');
    expect(page.url()).toMatch(/\/auth$/);

    let alert = '';
    page.once('dialog', (dialog) => {
      alert = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Entrar com GitHub' }).click();
    await page.waitForTimeout(100);
    expect(alert).toBe('O login com GitHub será implementado em breve!');

    await input(page, 'password').fill(DEMO.password);
    await submitButton(page).click();
    await expectDashboard(page, 'pt');
    expect(await page.evaluate(() => window.localStorage.getItem('rememberedEmail'))).toBeNull();
  });
});

describe('signing in before the e-mail is confirmed (/auth)', () => {
  it('offers a new confirmation link, which arrives and confirms the address (es)', async () => {
    const email = uniqueEmail('unconfirmed');
    const password = 'Clave-segura-1!';
    const registered = await fetch(`${app.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'es' },
      body: JSON.stringify({ email, password, confirmPassword: password, firstName: 'Lucía', lastName: 'Gómez' }),
    });
    expect(registered.status).toBe(201);
    const firstLink = await mailedLink(email, 'confirm-email');

    const page = await app.newPage({ language: 'es', fresh: true });
    await page.goto('/auth');
    await signIn(page, email, password);
    const notice = page.getByTestId('unconfirmed-email');
    await notice.getByText(`Podemos enviar un nuevo enlace de confirmación a ${email}`).waitFor();
    await notice.getByRole('button', { name: 'Reenviar enlace' }).click();
    await notice.getByText('enviamos un nuevo enlace de confirmación').waitFor();

    let secondLink = firstLink;
    for (let attempt = 0; attempt < 20 && secondLink === firstLink; attempt++) {
      await page.waitForTimeout(150);
      secondLink = await mailedLink(email, 'confirm-email');
    }
    expect(secondLink).not.toBe(firstLink);
    await page.goto(secondLink);
    await page.getByText(/confirmado/i).first().waitFor();
    await page.goto('/auth');
    await signIn(page, email, password);
    await expectDashboard(page, 'es');
  });
});

// ---- /auth: register, then the e-mailed confirmation link --------------------------------------
describe('registering with e-mail and password and confirming the e-mail', () => {
  it('checks the rules, registers, switches to login mode keeping the e-mail, confirms through the link and signs in (pt)', async () => {
    const email = uniqueEmail('cadastro');
    const page = await app.newPage({ language: 'pt' });
    await page.goto('/auth');
    await modeToggle(page, 'register').click();
    await submitButton(page).click();
    await toastText(page, 'Campos obrigatórios', 'Todos os campos são obrigatórios');

    await input(page, 'firstName').fill('Ana');
    await input(page, 'lastName').fill('Souza');
    await input(page, 'email').fill(email);
    await input(page, 'password').fill('abc12');
    await input(page, 'confirmPassword').fill('abc13');
    await submitButton(page).click();
    await toastText(page, 'Senhas não coincidem');
    await input(page, 'confirmPassword').fill('abc12');
    await submitButton(page).click();
    await toastText(page, 'Senha muito curta');
    // Long enough, but one of the most common passwords (checked in the browser and by the server).
    await input(page, 'password').fill('password1');
    await input(page, 'confirmPassword').fill('password1');
    await submitButton(page).click();
    await toastText(page, 'Esta senha está entre as mais comuns');

    await input(page, 'password').fill('segredo12');
    await input(page, 'confirmPassword').fill('segredo12');
    await submitButton(page).click();
    await toastText(page, 'Sucesso!', 'Conta criada com sucesso!');
    await page.getByTestId('register-success').waitFor();
    await screenshot(page, 'auth-register-success-pt');
    // One second later: login mode, the e-mail kept, everything else cleared.
    await page.locator('button[value="login"][aria-pressed="true"]').waitFor();
    expect(await modeToggle(page, 'login').innerText()).toBe('Entrar');
    expect(await input(page, 'email').inputValue()).toBe(email);
    expect(await input(page, 'password').inputValue()).toBe('');
    expect(await input(page, 'firstName').count()).toBe(0);
    expect(await page.getByTestId('register-success').isVisible()).toBe(true);

    // Not confirmed yet: the server's 403 message shows in the login error toast.
    await input(page, 'password').fill('segredo12');
    await submitButton(page).click();
    expect(await toastText(page, 'Erro no login')).toContain('Confirme seu email');

    await page.goto(await mailedLink(email, 'confirm-email'));
    await page.locator('[data-state="success"]').waitFor();
    await toastText(page, 'Email confirmado!');
    await page.getByRole('link', { name: 'Fazer Login' }).waitFor();
    expect(await page.getByRole('link', { name: 'Fazer Login' }).getAttribute('href')).toBe('/api/login?lang=pt');
    await screenshot(page, 'confirm-email-success-pt');
    await page.getByRole('link', { name: 'Entrar com email e senha' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await signIn(page, email, 'segredo12');
    await expectDashboard(page, 'pt');
  });

  it('registers, keeps the e-mail in login mode and confirms the e-mail once and says so when the link is opened again (en)', async () => {
    const email = uniqueEmail('signup');
    const page = await app.newPage({ language: 'en' });
    await page.goto('/auth?mode=register');
    await input(page, 'firstName').fill('Emma');
    await input(page, 'lastName').fill('Johnson');
    await input(page, 'email').fill(email);
    await input(page, 'password').fill('sunny-coast-9');
    await input(page, 'confirmPassword').fill('sunny-coast-9');
    await submitButton(page).click();
    await toastText(page, 'Success!', 'Account created!');
    await page.locator('button[value="login"][aria-pressed="true"]').waitFor();
    expect(await input(page, 'email').inputValue()).toBe(email);

    // The same address again: answered exactly like a new one (the screen never tells who is a
    // customer); the address's owner is e-mailed a note instead of a second account.
    await modeToggle(page, 'register').click();
    await page.locator('button[value="register"][aria-pressed="true"]').waitFor();
    await input(page, 'firstName').fill('Emma');
    await input(page, 'lastName').fill('Johnson');
    await input(page, 'password').fill('sunny-coast-9');
    await input(page, 'confirmPassword').fill('sunny-coast-9');
    await submitButton(page).click();
    await page.locator('button[value="login"][aria-pressed="true"]').waitFor();
    await toastText(page, 'Success!', 'Account created!');
    expect(await mailedText(email, 'Someone tried to register on RentalOps with your e-mail address')).toMatch(/https?:\/\/[^/\s]+\/forgot-password/);

    const link = await mailedLink(email, 'confirm-email');
    await page.goto(link);
    await page.locator('[data-state="success"]').waitFor();
    await page.getByRole('heading', { name: 'E-mail confirmed!' }).waitFor();
    // The link opened again (a second click, a mail app's preview): already confirmed, sign in; no
    // error and no "Try again".
    await page.goto(link);
    await page.getByRole('heading', { name: 'E-mail already confirmed' }).waitFor();
    expect(await page.locator('[data-state="success"]').innerText()).toContain('This link was already used and your e-mail address is confirmed.');
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    // A link that never existed is still an error.
    await page.goto(`${link.split("?")[0]}?token=no-such-token-at-all`);
    await page.locator('[data-state="error"]').waitFor();
    await toastText(page, 'Confirmation failed', 'We could not confirm your e-mail. Please try again.');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
  });

  it('starts the new company in the interface language of the sign-up screen, not the browser\'s (es)', async () => {
    const email = uniqueEmail('registro');
    // A Brazilian browser whose interface was switched to Spanish.
    const page = await app.newPage({ language: 'pt' });
    await page.goto('/auth?mode=register');
    await page.evaluate(() => window.localStorage.setItem('language', 'es'));
    await page.reload();
    await input(page, 'firstName').fill('Lucía');
    await input(page, 'lastName').fill('García');
    await input(page, 'email').fill(email);
    await input(page, 'password').fill('sierra-nevada-7');
    await input(page, 'confirmPassword').fill('sierra-nevada-7');
    await submitButton(page).click();
    await page.getByTestId('register-success').waitFor();
    const user = await findUserByEmail(email);
    expect((await getCompany(user!.companyId))?.preferredLanguage).toBe('spanish');
  });

  it('shows the expired state for an expired link and the error state without a token (es)', async () => {
    const page = await app.newPage({ language: 'es' });
    const expired = await issueToken('confirm-email', { email: 'x@e2e.rentalops.test', userId: 'u', companyId: 'c' }, { now: new Date(Date.now() - 2 * DAY_MS) });
    await page.goto(`/confirm-email?token=${encodeURIComponent(expired)}`);
    await page.locator('[data-state="expired"]').waitFor();
    await page.getByRole('link', { name: 'Solicitar nuevo correo' }).click();
    await page.waitForURL((url) => url.pathname === '/register');

    await page.goto('/confirm-email');
    await page.locator('[data-state="error"]').waitFor();
    await page.getByRole('button', { name: 'Intentar de nuevo' }).waitFor();
  });
});

// ---- /forgot-password and the e-mailed reset link ----------------------------------------------
describe('resetting a forgotten password through the e-mailed link', () => {
  it('requests the link, checks the rules, resets, refuses the used link and signs in with the new password (es)', async () => {
    const email = await confirmedAccount('viejo123', 'es');
    const page = await app.newPage({ language: 'es' });
    await page.goto('/auth');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await input(page, 'email').fill(email);
    await submitButton(page).click();
    await page.locator('[data-state="sent"]').waitFor();
    expect(await page.locator('[data-state="sent"]').innerText()).toContain(`Si existe una cuenta para ${email}`);

    const link = await mailedLink(email, 'reset-password');
    await page.goto(link);
    await input(page, 'password').fill('corta');
    await submitButton(page).click();
    await page.getByText('La contraseña debe tener al menos 8 caracteres').waitFor();
    expect(await page.locator('li[data-met="true"]').count()).toBe(1); // only "one lowercase letter"
    await input(page, 'password').fill('Nueva-clave-2026!');
    expect(await page.locator('li[data-met="true"]').count()).toBe(5);
    await input(page, 'confirmPassword').fill('Nueva-clave-2026');
    await submitButton(page).click();
    await page.getByText('Las contraseñas no coinciden').waitFor();
    await input(page, 'confirmPassword').fill('Nueva-clave-2026!');
    await submitButton(page).click();
    await page.locator('[data-state="success"]').waitFor();
    await toastText(page, '¡Contraseña restablecida!');
    await screenshot(page, 'reset-password-success-es');

    // The link works once.
    await page.goto(link);
    await input(page, 'password').fill('Otra-clave-2026!');
    await input(page, 'confirmPassword').fill('Otra-clave-2026!');
    await submitButton(page).click();
    await page.locator('[data-state="invalid"]').waitFor();
    await toastText(page, 'Error', 'No se pudo restablecer tu contraseña. Inténtalo de nuevo.');

    await page.getByRole('link', { name: 'Volver al inicio de sesión' }).click();
    await signIn(page, email, 'viejo123');
    await toastText(page, 'Error al iniciar sesión');
    await input(page, 'password').fill('Nueva-clave-2026!');
    await submitButton(page).click();
    await expectDashboard(page, 'es');
  });

  it('resets through the e-mailed link and signs in with the new password (en)', async () => {
    const email = await confirmedAccount('oldpass1', 'en');
    const page = await app.newPage({ language: 'en' });
    await page.goto('/forgot-password');
    await input(page, 'email').fill(email);
    await submitButton(page).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    await page.goto(await mailedLink(email, 'reset-password'));
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await input(page, 'password').getAttribute('type')).toBe('text');
    await input(page, 'password').fill('Brand-new-2026!');
    await input(page, 'confirmPassword').fill('Brand-new-2026!');
    await submitButton(page).click();
    await page.getByRole('heading', { name: 'Password reset successfully!' }).waitFor();
    await page.getByRole('link', { name: 'Sign in with e-mail and password' }).click();
    await signIn(page, email, 'Brand-new-2026!');
    await expectDashboard(page, 'en');
  });

  it('shows the invalid state without a token and for an expired link (pt)', async () => {
    const page = await app.newPage({ language: 'pt' });
    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Link inválido ou expirado' }).waitFor();
    await page.getByRole('link', { name: 'Solicitar novo link' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');

    const expired = await issueToken('reset-password', { email: 'x@e2e.rentalops.test', userId: 'u', companyId: 'c' }, { now: new Date(Date.now() - DAY_MS) });
    await page.goto(`/reset-password?token=${encodeURIComponent(expired)}`);
    await input(page, 'password').fill('Nova-senha-2026!');
    await input(page, 'confirmPassword').fill('Nova-senha-2026!');
    await submitButton(page).click();
    await page.getByRole('heading', { name: 'Link inválido ou expirado' }).waitFor();
    await toastText(page, 'Erro', 'Não foi possível redefinir sua senha. Tente novamente.');
  });
});

// ---- /register ---------------------------------------------------------------------------------
describe('choosing a plan on the sign-up screen (/register)', () => {
  async function openRegister(language: UiLanguage) {
    const page = await app.newPage({ language });
    // Stand in for the external sign-in: the test only needs to see where the browser goes.
    await page.route(/\/api\/login(\?|$)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>sign-in</p>' }));
    await page.goto('/register');
    await page.locator('[data-plan="professional"]').waitFor();
    return page;
  }

  it('preselects professional as most popular, advertises the 7-day trial (the one trial length) and stores the chosen plan (en)', async () => {
    const page = await openRegister('en');
    expect(await page.locator('[data-plan="professional"] [role="radio"]').getAttribute('aria-checked')).toBe('true');
    expect(await page.locator('[data-plan="professional"]').innerText()).toContain('Most popular');
    const text = await page.locator('body').innerText();
    expect(text).toContain('7-day free trial');
    expect(text).not.toContain('14-day');
    expect(text).toContain('No credit card required');
    expect(text).toContain('$29');
    expect(text).toContain('$79');

    await page.locator('[data-plan="basic"] [role="radio"]').click();
    expect(await page.getByTestId('selected-plan').innerText()).toBe('Basic');
    // Public sign-up is off in Cognito (issue 20): the account is created by the e-mail registration.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('mode') === 'register');
    expect(await page.evaluate(() => window.sessionStorage.getItem('selectedPlan'))).toBe('basic');
  });

  it('stores enterprise when it is chosen, and links to /login (pt)', async () => {
    const page = await openRegister('pt');
    expect(await page.getByRole('link', { name: 'Entrar', exact: true }).getAttribute('href')).toBe('/login');
    await page.locator('[data-plan="enterprise"] [role="radio"]').click();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('mode') === 'register');
    expect(await page.evaluate(() => window.sessionStorage.getItem('selectedPlan'))).toBe('enterprise');
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    const page = await app.signedInPage(DEMO.email, { language: 'en' });
    await page.goto('/register');
    await expectDashboard(page, 'en');
  });
});

// ---- screenshots -------------------------------------------------------------------------------
describe('screenshots of the public auth screens', () => {
  /**
   * Each screen and state, in a desktop page; those marked `phone` also on a phone. API answers are
   * stubbed where a state needs a real link.
   */
  const SCREENS: readonly { name: string; phone?: boolean; open: (page: Page) => Promise<void> }[] = [
    { name: 'auth-login', phone: true, open: async (page) => void (await page.goto('/auth')) },
    {
      name: 'auth-register',
      phone: true,
      open: async (page) => {
        await page.goto('/auth?mode=register');
        await input(page, 'firstName').waitFor();
      },
    },
    { name: 'register-plans', phone: true, open: async (page) => void (await page.goto('/register')) },
    { name: 'forgot-password', phone: true, open: async (page) => void (await page.goto('/forgot-password')) },
    {
      name: 'forgot-password-sent',
      open: async (page) => {
        await page.goto('/forgot-password');
        await input(page, 'email').fill('someone@example.com');
        await submitButton(page).click();
        await page.locator('[data-state="sent"]').waitFor();
      },
    },
    {
      name: 'reset-password-form',
      phone: true,
      open: async (page) => {
        await page.goto('/reset-password?token=screenshot');
        await input(page, 'password').fill('abcDE1');
        await submitButton(page).click();
      },
    },
    { name: 'reset-password-invalid', open: async (page) => void (await page.goto('/reset-password')) },
    {
      name: 'confirm-email-loading',
      open: async (page) => {
        await page.route('**/api/email/confirm', () => undefined); // never answers
        await page.goto('/confirm-email?token=screenshot');
      },
    },
    {
      name: 'confirm-email-success',
      phone: true,
      open: async (page) => {
        await page.route('**/api/email/confirm', (route) => route.fulfill({ status: 200, json: { message: 'ok' } }));
        await page.goto('/confirm-email?token=screenshot');
      },
    },
    {
      name: 'confirm-email-expired',
      open: async (page) => {
        await page.route('**/api/email/confirm', (route) => route.fulfill({ status: 400, json: { message: 'This link has expired.', code: 'expired' } }));
        await page.goto('/confirm-email?token=screenshot');
      },
    },
    { name: 'confirm-email-error', open: async (page) => void (await page.goto('/confirm-email')) },
  ];

  // One test per language, each walking its screens in one desktop page; a screen marked `phone` is
  // then drawn at a phone's size in the same page (the layout answers the viewport, as when a phone
  // opens it; a second page loading those six screens again cost a sixth of this file). (The three
  // languages side by side in one test under a 90 s limit timed out on the loaded CI machine: three
  // pages' worth of loads at once, 51 in all, while the API project ran beside them.)
  it.each(LANGUAGES)('captures every screen in %s, on a desktop and on a phone', async (language) => {
    const page = await app.newPage({ language });
    const desktop = page.viewportSize()!;
    for (const { name, phone, open } of SCREENS) {
      await open(page);
      await page.locator('main h1').first().waitFor();
      await settleForScreenshot(page, 200); // let transitions and toasts settle
      await screenshot(page, `${name}-${language}`);
      if (phone) {
        await page.setViewportSize(PHONE);
        await page.waitForFunction((width) => window.innerWidth === width, PHONE.width);
        await page.locator('main h1').first().waitFor();
        await settleForScreenshot(page, 200);
        await screenshot(page, `${name}-${language}-phone`);
        await page.setViewportSize(desktop);
      }
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    await page.context().close();
  });
});
