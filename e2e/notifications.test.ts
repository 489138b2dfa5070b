// The Notifications screen in a real browser: the CEO saves preferences, sends a manual message and
// sees it in the history (and in the dev outbox); everyone else sees Acesso Restrito. Works on a
// company of its own, so the demo company's data stays as the other browser tests expect it.
import type { Page, Response } from 'playwright-core';
import type { UiLanguage } from '../shared/enums';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { getPreferences } from '../functions/data/repositories/notifications';
import { STARTUP_TIMEOUT_MS, screenshot as fullPageScreenshot, settleForScreenshot, startTestApp, type TestApp } from './support/app';
import { eventually } from './support/eventually';

const STAFF = 'staff@demo.rentalops.test';
const MANAGER = 'manager@demo.rentalops.test';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

async function signedIn(email: string, language: UiLanguage) {
  const page = await app.signedInPage(email, { language });
  return page;
}

let sequence = 0;
async function ownCompany() {
  const tag = `${Date.now().toString(36)}${++sequence}`;
  const email = `ceo.${tag}@notify.rentalops.test`;
  const { company, user } = await createCompanyWithOwner({
    company: { name: `Atlântico Avisos ${tag}`, plan: 'professional' },
    owner: { email, firstName: 'Carolina', lastName: 'Mendes', role: 'ceo' },
  });
  return { company, user, email };
}

async function openTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: tab }).click();
  await page.waitForFunction((name) => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === name, tab);
}

/** A screenshot once the tab indicator and ripples have settled. */
async function screenshot(page: Page, name: string) {
  await settleForScreenshot(page, 500);
  return fullPageScreenshot(page, name);
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe('the Notifications screen for the CEO', () => {
  it('saves preferences, sends a manual message and shows it in the history (pt)', async () => {
    const { company, user, email } = await ownCompany();
    // Its own number: the SMS outbox file outlives a test run.
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const typed = `+55 11 9${digits.slice(0, 4)}-${digits.slice(4)}`;
    const e164 = `+55119${digits}`;
    const page = await signedIn(email, 'pt');
    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notificações' }).waitFor();
    for (const tab of ['Configurações', 'Email', 'Teste', 'Envio Manual']) await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByText(company.name).first().waitFor(); // Empresa defaults to the first company

    // A number without the country code is refused with the clear message; nothing is saved.
    const phone = page.getByLabel('Número de telefone');
    await phone.fill('11 98765-4321');
    await phone.press('Enter');
    await page.getByText('Falha ao atualizar preferências de notificação.', { exact: false }).first().waitFor();
    await page.getByText('Informe o número com o código do país, ex.: +5511999999999', { exact: true }).first().waitFor();
    expect((await getPreferences(company.id, user.id)).id).toBeNull();

    // With the country code it is saved, normalised to E.164.
    await phone.fill(typed);
    await phone.press('Enter');
    await toast(page, 'Preferências atualizadas');
    await page.waitForFunction((expected) => (document.querySelector('input[type="tel"]') as HTMLInputElement | null)?.value === expected, e164);

    // A switch saves at once.
    const completed = page.getByRole('switch', { name: 'Tarefa concluída' });
    expect(await completed.isChecked()).toBe(true);
    await completed.click();
    await eventually(async () => (await getPreferences(company.id, user.id)).taskCompleted === false);
    expect(await getPreferences(company.id, user.id)).toMatchObject({ phoneNumber: e164, smsEnabled: true, language: 'pt', taskAssigned: true });
    await screenshot(page, 'notifications-settings-pt');

    // Envio Manual: disabled until there is a message; sent; fields cleared; in the history.
    await openTab(page, 'Envio Manual');
    await page.getByText('Nenhuma notificação encontrada').waitFor();
    const send = page.getByRole('button', { name: 'Enviar Notificação' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Assunto').fill('Aviso da operação');
    await page.getByLabel('Mensagem').fill('Check-in às 15h na Casa do Farol');
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    await toast(page, 'Notificação enviada');
    expect(await page.getByLabel('Mensagem').inputValue()).toBe('');
    const history = page.getByRole('list', { name: 'Histórico de notificações' });
    await history.getByText('Check-in às 15h na Casa do Farol').first().waitFor();
    expect(await history.locator('[data-status="sent"]').count()).toBe(2); // SMS and e-mail
    expect(await history.getByText(`Para ${e164}`, { exact: false }).count()).toBe(1);
    await screenshot(page, 'notifications-manual-pt');

    // Locally every SMS and e-mail lands in the dev outbox (JSON and page).
    const outbox = (await (await fetch(`${app.url}/api/dev/outbox`)).json()) as { sms: Array<{ to: string; message: string }>; emails: Array<{ to: string[]; subject: string }> };
    expect(outbox.sms.filter((sms) => sms.to === e164).map((sms) => sms.message)).toEqual([
      'RentalOps: Aviso da operação - Check-in às 15h na Casa do Farol',
    ]);
    expect(outbox.emails.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject)).toEqual(['Aviso da operação']);
    const outboxPage = await (await fetch(`${app.url}/dev/outbox`)).text();
    expect(outboxPage).toContain('Check-in às 15h na Casa do Farol');

    // Teste: an SMS to the saved number.
    await openTab(page, 'Teste');
    await page.getByText(`Será enviado para ${e164}`).waitFor();
    await page.getByRole('button', { name: 'Enviar SMS de Teste' }).click();
    await toast(page, 'Teste enviado');
    await screenshot(page, 'notifications-test-pt');

    // Email: the empty form checks the product's SES configuration; the confirmation sender needs an address.
    await openTab(page, 'Email');
    expect(await page.getByLabel('Porta').inputValue()).toBe('587');
    await page.getByRole('button', { name: 'Testar Conexão' }).click();
    await toast(page, 'Conexão OK');
    const sendConfirmation = page.getByRole('button', { name: 'Enviar Email de Teste' });
    expect(await sendConfirmation.isDisabled()).toBe(true);
    const confirmationTo = `confirm.${Date.now()}@notify.rentalops.test`;
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(confirmationTo);
    await sendConfirmation.click();
    await toast(page, 'Email enviado');
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe('');
    // The toast goes by itself (after about 5 s) before the screenshot.
    await page.getByText('Email enviado', { exact: true }).first().waitFor({ state: 'hidden', timeout: 15_000 });
    await screenshot(page, 'notifications-email-pt');
  });

  it.each(['en', 'es'] as const)('shows the four tabs in %s', async (language) => {
    const { email } = await ownCompany();
    const page = await signedIn(email, language);
    const names = {
      en: { title: 'Notifications', tabs: ['Settings', 'E-mail', 'Test', 'Manual Send'], empty: 'No notifications found', phone: 'Phone number' },
      es: { title: 'Notificaciones', tabs: ['Configuración', 'Correo', 'Prueba', 'Envío Manual'], empty: 'No se encontraron notificaciones', phone: 'Número de teléfono' },
    }[language];
    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1, name: names.title }).waitFor();
    await page.getByLabel(names.phone).waitFor();
    await screenshot(page, `notifications-settings-${language}`);
    const [, emailTab, testTab, manualTab] = names.tabs;
    await openTab(page, emailTab);
    await page.getByRole('button', { name: language === 'en' ? 'Test Connection' : 'Probar Conexión' }).waitFor();
    await screenshot(page, `notifications-email-${language}`);
    await openTab(page, testTab);
    await page.getByRole('button', { name: language === 'en' ? 'Send Test SMS' : 'Enviar SMS de Prueba' }).waitFor();
    await screenshot(page, `notifications-test-${language}`);
    await openTab(page, manualTab);
    await page.getByText(names.empty).waitFor();
    await screenshot(page, `notifications-manual-${language}`);
  }, 60_000);
});

describe('the Notifications screen on a phone', () => {
  it('keeps the selector, the tabs and the switches usable at 390 px', async () => {
    const { email } = await ownCompany();
    const page = await app.signedInPage(email, { language: 'pt', viewport: { width: 390, height: 844 } });
    await page.goto('/notifications');
    await page.getByRole('switch', { name: 'Lembretes de reserva' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'notifications-settings-pt-phone');
  }, 60_000);
});

describe('the Notifications screen for everyone else', () => {
  it.each([
    [STAFF, 'pt', 'Acesso Restrito', ['Configurações', 'Email', 'Teste', 'Envio Manual']],
    [MANAGER, 'en', 'Restricted Access', ['Settings', 'E-mail', 'Test', 'Manual Send']],
  ] as const)('shows %s the restricted card on every tab and calls no CEO-only route', async (email, language, title, tabs) => {
    const page = await signedIn(email, language);
    const calls: string[] = [];
    page.on('response', (response: Response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/api/notifications') || pathname.startsWith('/api/email/')) calls.push(`${response.status()} ${pathname}`);
    });
    await page.goto('/notifications');
    for (const tab of tabs) {
      await openTab(page, tab);
      await page.getByText(title, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: /Enviar|Send|Testar|Test/ }).count()).toBe(0);
    }
    const text = await page.locator('main').innerText();
    expect(text).toContain(language === 'pt' ? 'Apenas o CEO tem acesso' : 'Only the CEO has access');
    await openTab(page, tabs[0]);
    await screenshot(page, `notifications-restricted-${language}`);
    expect(calls).toEqual([]);
  }, 60_000);
});
