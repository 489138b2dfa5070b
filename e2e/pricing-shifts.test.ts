// Browser tests of Planos e Preços and Turnos de Hoje against the full local product (demo data plus
// companies made here for states the demo data does not have: an expired trial, a shifts company in
// a time zone where some shift of today is still open).
import type { Page } from 'playwright-core';
import { TIME_ZONES, type Plan } from '../shared/enums';
import { daysRemaining, isShiftInProgress, shiftTimeRange, zonedTime, type Shift } from '../shared/rules';
import { addDays } from '../shared/days';
import { mondayOf, weekDays } from '../shared/dispatch';
import type { User } from '../shared/schemas';
import { createCompanyWithOwner, getCompany, putCompany } from '../functions/data/repositories/companies';
import { getPendingPlanRequest } from '../functions/data/repositories/plan-requests';
import { addMember, findUserByEmail } from '../functions/data/repositories/users';
import { STARTUP_TIMEOUT_MS, screenshot, settleForScreenshot, startTestApp, type TestApp } from './support/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

const DAY = 86_400_000;
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++counter}@e2e.rentalops.test`;

async function buttonOf(page: Page, plan: Plan) {
  const button = page.getByTestId(`plan-button-${plan}`);
  return { text: (await button.innerText()).trim(), disabled: await button.isDisabled() };
}

async function openPricing(email: string, language: 'en' | 'pt' | 'es') {
  const page = await app.signedInPage(email, { language });
  await page.goto('/pricing');
  await page.getByTestId('plan-button-enterprise').waitFor();
  return page;
}

async function expiredTrialCompany() {
  const email = uniqueEmail('expired');
  const { company } = await createCompanyWithOwner({
    company: { name: 'Vale Expirado', plan: 'trial' },
    owner: { email, firstName: 'Eva', lastName: 'Expirada', role: 'ceo' },
  });
  await putCompany({ ...company, trialEndsAt: new Date(Date.now() - 2 * DAY).toISOString() });
  return email;
}

describe('Planos e Preços', () => {
  it('shows a trial company its days remaining, the trial labels and both billing cycles (pt)', async () => {
    const ceo = await findUserByEmail('ceo@serra.rentalops.test');
    const company = (await getCompany(ceo!.companyId))!;
    const page = await openPricing('ceo@serra.rentalops.test', 'pt');

    const remaining = daysRemaining(company.trialEndsAt);
    const banner = page.getByTestId('trial-banner');
    await expect(banner.innerText()).resolves.toContain(remaining === 1 ? '1 dia restante' : `${remaining} dias restantes`);
    expect(await buttonOf(page, 'trial')).toEqual({ text: 'Plano Ativo', disabled: true });
    expect(await buttonOf(page, 'basic')).toEqual({ text: 'Ativar Agora', disabled: false });
    expect(await buttonOf(page, 'professional')).toEqual({ text: 'Ativar Agora', disabled: false });
    expect(await buttonOf(page, 'enterprise')).toEqual({ text: 'Contatar Vendas', disabled: false });
    expect(await page.getByTestId('plan-price-basic').innerText()).toMatch(/29\s*\/mês/);
    expect(await page.getByTestId('plan-price-professional').innerText()).toMatch(/79\s*\/mês/);
    expect(await page.getByTestId('no-payment-notice').innerText()).toMatch(/cobrados no cartão pela Stripe/i);
    for (const question of ['Posso cancelar a qualquer momento?', 'O que acontece depois do trial?', 'Posso mudar de plano depois?', 'Qual a vantagem do plano anual?']) {
      await page.getByText(question).waitFor();
    }
    await screenshot(page, 'pricing-trial-pt');

    await page.getByRole('button', { name: /Anual/ }).click();
    await page.getByText('2 meses grátis', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /Anual/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('plan-price-basic').innerText()).toMatch(/290\s*\/ano/);
    expect(await page.getByTestId('plan-price-professional').innerText()).toMatch(/790\s*\/ano/);
    await expect(page.getByTestId('plan-card-basic').innerText()).resolves.toMatch(/até 17%/);
    await screenshot(page, 'pricing-trial-yearly-pt');
  });

  // Paid plans go through checkout (billing-checkout.test.ts); enterprise stays a request to sales.
  it('records an enterprise request, lists it as pending with its effective date, and cancels it', async () => {
    const ceo = await findUserByEmail('ceo@serra.rentalops.test');
    const company = (await getCompany(ceo!.companyId))!;
    const page = await openPricing('ceo@serra.rentalops.test', 'pt');
    await page.getByRole('button', { name: /Anual/ }).click();
    await page.getByTestId('plan-button-enterprise').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Nada é cobrado agora', { exact: false }).waitFor();
    await settleForScreenshot(page, 400); // the dialog's fade-in
    await screenshot(page, 'pricing-request-dialog-pt');
    await dialog.getByRole('button', { name: 'Enviar pedido' }).click();

    const pending = page.getByTestId('pending-plan-request');
    await pending.waitFor();
    const effectiveDay = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: company.timezone }).format(new Date(company.trialEndsAt!));
    const text = await pending.innerText();
    expect(text).toContain('Enterprise (Anual)');
    expect(text).toContain(effectiveDay);
    await expect(page.getByTestId('plan-card-enterprise').innerText()).resolves.toContain('Pedido pendente');
    const stored = await getPendingPlanRequest(company.id);
    expect(stored).toMatchObject({ plan: 'enterprise', billing: 'yearly', effectiveAt: company.trialEndsAt });
    await screenshot(page, 'pricing-request-pending-pt');

    // The request survives a reload (it is real data), then the CEO cancels it.
    await page.reload();
    await pending.waitFor();
    await pending.getByRole('button', { name: 'Cancelar pedido' }).click();
    await pending.waitFor({ state: 'detached' });
    expect(await getPendingPlanRequest(company.id)).toBeUndefined();
  });

  it('labels the plans of a professional company (en, es)', async () => {
    // The demo company pays for Professional monthly: Basic is a downgrade at the end of the period.
    const page = await openPricing('ceo@demo.rentalops.test', 'en');
    // A paying company is not offered a move back to the free trial; the card says why.
    expect(await buttonOf(page, 'trial')).toEqual({ text: 'Start Trial', disabled: true });
    expect(await page.getByTestId('plan-card-trial').getByTestId('trial-used-note').innerText()).toBe('Your company has already used its free trial.');
    expect(await buttonOf(page, 'basic')).toEqual({ text: 'Downgrade', disabled: false });
    expect(await buttonOf(page, 'professional')).toEqual({ text: 'Current Plan', disabled: true });
    expect(await buttonOf(page, 'enterprise')).toEqual({ text: 'Contact Sales', disabled: false });
    expect(await page.getByTestId('trial-banner').count()).toBe(0);
    expect(await page.getByTestId('plan-price-basic').innerText()).toMatch(/\$29\s*\/month/);
    await screenshot(page, 'pricing-professional-en');

    const spanish = await openPricing('ceo@demo.rentalops.test', 'es');
    expect(await buttonOf(spanish, 'trial')).toEqual({ text: 'Iniciar Prueba', disabled: true });
    expect(await buttonOf(spanish, 'professional')).toEqual({ text: 'Plan Actual', disabled: true });
    expect(await buttonOf(spanish, 'enterprise')).toEqual({ text: 'Contactar Ventas', disabled: false });
    await screenshot(spanish, 'pricing-professional-es');

    const phone = await app.signedInPage('ceo@demo.rentalops.test', { language: 'pt', viewport: { width: 390, height: 844 } });
    await phone.goto('/pricing');
    const trialCard = phone.getByTestId('plan-card-trial');
    await trialCard.getByTestId('trial-used-note').scrollIntoViewIfNeeded();
    expect(await buttonOf(phone, 'trial')).toEqual({ text: 'Iniciar Trial', disabled: true });
    await screenshot(phone, 'pricing-professional-phone-pt', { fullPage: false });
  });

  it('disables plan choices for a manager, who cannot change the plan', async () => {
    const page = await openPricing('manager@demo.rentalops.test', 'en');
    expect(await buttonOf(page, 'basic')).toEqual({ text: 'Downgrade', disabled: true });
    await page.getByText("Only the company's CEO can change the plan.").waitFor();
  });

  it('tells a company whose trial has ended that it expired', async () => {
    const email = await expiredTrialCompany();
    for (const [language, title, badge, trialLabel, basicLabel] of [
      ['pt', 'Seu trial expirou!', 'Expirado', 'Plano Atual', 'Ativar Agora'],
      ['en', 'Your trial has expired!', 'Expired', 'Current Plan', 'Activate Now'],
      ['es', '¡Tu prueba ha caducado!', 'Caducado', 'Plan Actual', 'Activar Ahora'],
    ] as const) {
      const page = await openPricing(email, language);
      const banner = await page.getByTestId('trial-banner').innerText();
      expect(banner).toContain(title);
      expect(banner).toContain(badge);
      expect(await buttonOf(page, 'trial')).toEqual({ text: trialLabel, disabled: true });
      expect(await buttonOf(page, 'basic')).toEqual({ text: basicLabel, disabled: false });
      await screenshot(page, `pricing-expired-${language}`);
    }
  });
});

describe('Turnos de Hoje', () => {
  /** A time zone (of the company's choices) where some shift of today has not ended yet. */
  function openTimeZone(now: Date): { timeZone: string; shift: Shift } {
    const candidates = TIME_ZONES.map((timeZone) => ({ timeZone, hour: zonedTime(now, timeZone).hour }));
    const running = candidates.find(({ hour }) => (['morning', 'afternoon', 'night'] as const).some((s) => isShiftInProgress(s, hour)));
    const open = running ?? candidates.find(({ hour }) => hour < 21)!;
    const shift: Shift = open.hour < 12 ? 'morning' : open.hour < 17 ? 'afternoon' : 'night';
    return { timeZone: open.timeZone, shift };
  }

  async function shiftsCompany() {
    const email = uniqueEmail('shifts');
    const { timeZone, shift } = openTimeZone(new Date());
    const { company } = await createCompanyWithOwner({
      company: { name: 'Praia Turnos', plan: 'professional' },
      owner: { email, firstName: 'Clara', lastName: 'Chefe', role: 'ceo' },
    });
    await putCompany({ ...company, timezone: timeZone as typeof company.timezone });
    const now = new Date().toISOString();
    const member: User = {
      id: crypto.randomUUID(),
      email: uniqueEmail('joana'),
      firstName: 'Joana',
      lastName: 'Faxina',
      role: 'staff',
      companyId: company.id,
      authProvider: 'cognito',
      completedTasks: 0,
      createdAt: now,
      updatedAt: now,
    };
    await addMember({ companyId: company.id, plan: 'professional', unlimited: false }, member);
    return { email, timeZone, shift };
  }

  it('schedules a member, shows the team card, and enables Iniciar Turno exactly inside the shift', async () => {
    const { email, timeZone, shift } = await shiftsCompany();
    const page = await app.signedInPage(email, { language: 'pt' });
    await page.goto('/shifts');
    const labels = { morning: 'Manhã', afternoon: 'Tarde', night: 'Noite' } as const;
    await page.getByRole('tab', { name: new RegExp(labels[shift]) }).click();
    await page.getByTestId('shifts-empty').waitFor();
    expect(await page.getByTestId('shifts-empty').innerText()).toBe('Nenhuma equipe escalada para este turno.');

    await page.getByRole('button', { name: 'Escalar equipe' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome da equipe').fill('Equipe Praia');
    await dialog.getByRole('checkbox', { name: 'Joana Faxina' }).check();
    await dialog.getByRole('button', { name: 'Salvar' }).click();

    const card = page.getByTestId('shift-team-card');
    await card.waitFor();
    const cardText = await card.innerText();
    const range = shiftTimeRange(shift);
    expect(cardText).toContain('Equipe Praia');
    expect(cardText).toContain(`${range.start} - ${range.end}`);
    expect(cardText).toContain('Joana Faxina');
    expect(cardText).toContain('Aguardando');

    // Time-independent: the button is enabled exactly when the company's local hour is inside the shift.
    const before = isShiftInProgress(shift, zonedTime(new Date(), timeZone).hour);
    const button = page.getByTestId('shift-action');
    expect((await button.innerText()).trim()).toBe('Iniciar Turno');
    const enabled = await button.isEnabled();
    const after = isShiftInProgress(shift, zonedTime(new Date(), timeZone).hour);
    if (before === after) {
      expect(enabled).toBe(before);
      expect(await page.getByTestId('shift-in-progress').count()).toBe(before ? 1 : 0);
    }
    await screenshot(page, 'shifts-assigned-pt');
  });

  it('shows the week, moves to the next one (the address follows), schedules a team on a later day and comes back to this week', async () => {
    const { email, timeZone } = await shiftsCompany();
    const page = await app.signedInPage(email, { language: 'pt' });
    await page.goto('/shifts');
    const today = zonedTime(new Date(), timeZone).date;
    const monday = mondayOf(today);
    await page.getByTestId(`shift-day-${today}`).waitFor();
    expect(await page.getByTestId(`shift-day-${today}`).getAttribute('aria-current')).toBe('date');
    expect(await page.getByTestId('shift-week-range').innerText()).toMatch(/^Esta semana: /);
    expect(await page.locator('[data-testid^="shift-day-"]').evaluateAll((days) => days.map((day) => day.getAttribute('data-testid')))).toEqual(
      weekDays(monday).map((day) => `shift-day-${day}`),
    );

    // Next week: the address keeps it, nothing is today, Monday is chosen; "Esta semana" comes back.
    await page.getByRole('button', { name: 'Próxima semana' }).click();
    const nextMonday = addDays(monday, 7);
    await page.waitForURL((url) => url.searchParams.get('week') === nextMonday);
    await page.getByTestId(`shift-day-${nextMonday}`).waitFor();
    expect(await page.locator('[aria-current="date"]').count()).toBe(0);
    const wednesday = addDays(nextMonday, 2);
    await page.getByTestId(`shift-day-${wednesday}`).click();
    await page.waitForURL((url) => url.searchParams.get('day') === wednesday);
    // The address moves first, the pressed day follows in the next render: wait for it, then read.
    await page.locator(`[data-testid="shift-day-${wednesday}"][aria-pressed="true"]`).waitFor();
    expect(await page.getByTestId(`shift-day-${wednesday}`).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('tab', { name: /Manhã/ }).click();
    expect(await page.getByRole('heading', { level: 2 }).filter({ hasText: 'Manhã' }).innerText()).toMatch(/quarta-feira/);

    // A later day can be planned: the team is saved on that day, and the day's button counts it.
    await page.getByRole('button', { name: 'Escalar equipe' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome da equipe').fill('Equipe Quarta');
    await dialog.getByRole('checkbox', { name: 'Joana Faxina' }).check();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByTestId('shift-team-card').filter({ hasText: 'Equipe Quarta' }).waitFor();
    await page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('aria-label')?.includes('1 equipe escalada'), `shift-day-${wednesday}`);
    // The button to start it stays off: it is not today.
    expect(await page.getByTestId('shift-action').isDisabled()).toBe(true);
    await screenshot(page, 'shifts-next-week-pt');

    // Reloading keeps the week and the day (the tab opens on the shift of the hour again).
    await page.reload();
    await page.getByTestId(`shift-day-${wednesday}`).waitFor();
    // The address moves first, the pressed day follows in the next render: wait for it, then read.
    await page.locator(`[data-testid="shift-day-${wednesday}"][aria-pressed="true"]`).waitFor();
    expect(await page.getByTestId(`shift-day-${wednesday}`).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('tab', { name: /Manhã/ }).click();
    await page.getByTestId('shift-team-card').filter({ hasText: 'Equipe Quarta' }).waitFor();
    await page.getByRole('button', { name: 'Esta semana' }).click();
    await page.waitForURL((url) => !url.searchParams.has('week') && !url.searchParams.has('day'));
    await page.getByTestId(`shift-day-${today}`).waitFor();
    expect(await page.getByTestId(`shift-day-${today}`).getAttribute('aria-pressed')).toBe('true');
    // Previous week from here is the week before this one.
    await page.getByRole('button', { name: 'Semana anterior' }).click();
    await page.waitForURL((url) => url.searchParams.get('week') === addDays(monday, -7));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'shifts-previous-week-phone-pt', { fullPage: false });
  });

  it('renders attendance, the in-progress badge and Encerrar Turno for a started shift (fixed clock)', async () => {
    // A visual check of states that depend on the time of day: the browser clock is fixed at 14:20 in
    // New York and GET /api/shifts answers a morning that has ended and an afternoon under way.
    const member = (id: string, firstName: string, lastName: string, status: string, checkedInAt: string | null) => ({
      id, firstName, lastName, role: 'staff', profileImageUrl: null, status, checkedInAt, checkedOutAt: null,
    });
    const date = '2026-06-03';
    const base = { date, timezone: 'America/New_York', lateAfterMinutes: 15, endedAt: null };
    const fixture = [
      {
        ...base, shift: 'morning', start: '08:00', end: '12:00', inProgress: false, status: 'ended', startedAt: '2026-06-03T12:05:00.000Z',
        teams: [{ id: 't1', name: 'Equipe Limpeza', start: '08:00', end: '12:00', members: [
          member('m1', 'Beatriz', 'Lima', 'present', '2026-06-03T12:05:00.000Z'),
          member('m2', 'Tiago', 'Rocha', 'late', '2026-06-03T12:40:00.000Z'),
          member('m3', 'Rafael', 'Souza', 'absent', null),
        ] }],
      },
      {
        ...base, shift: 'afternoon', start: '13:00', end: '17:00', inProgress: true, status: 'in_progress', startedAt: '2026-06-03T17:02:00.000Z',
        teams: [{ id: 't2', name: 'Equipe Manutenção', start: '13:00', end: '17:00', members: [
          member('m2', 'Tiago', 'Rocha', 'present', '2026-06-03T17:02:00.000Z'),
          member('m3', 'Rafael', 'Souza', 'scheduled', null),
        ] }],
      },
      { ...base, shift: 'night', start: '18:00', end: '22:00', inProgress: false, status: 'scheduled', startedAt: null, teams: [] },
    ];
    // GET /api/shifts answers the week (Monday 1 to Sunday 7 June): the other days' shifts are empty.
    const days = weekDays(mondayOf(date));
    const windows = { morning: ['08:00', '12:00'], afternoon: ['13:00', '17:00'], night: ['18:00', '22:00'] } as const;
    const week = {
      timezone: 'America/New_York',
      today: date,
      week: { start: days[0], days, previous: addDays(days[0], -7), next: addDays(days[0], 7) },
      shifts: days.flatMap((day) =>
        day === date
          ? fixture
          : (['morning', 'afternoon', 'night'] as const).map((shift) => ({
              ...base, date: day, shift, start: windows[shift][0], end: windows[shift][1], inProgress: false,
              status: day < date ? 'ended' : 'scheduled', startedAt: null, teams: [],
            })),
      ),
    };
    for (const language of ['pt', 'en', 'es'] as const) {
      const page = await app.signedInPage('manager@demo.rentalops.test', { language });
      await page.clock.setFixedTime(new Date('2026-06-03T18:20:00.000Z'));
      await page.route('**/api/shifts', (route) => route.fulfill({ json: week }));
      await page.goto('/shifts');
      await page.getByTestId('shift-in-progress').waitFor();
      const button = page.getByTestId('shift-action');
      expect(await button.isEnabled()).toBe(true);
      if (language === 'pt') {
        expect((await button.innerText()).trim()).toBe('Encerrar Turno');
        expect(await page.getByTestId('shift-in-progress').innerText()).toBe('Em andamento');
        expect(await page.getByTestId('shifts-clock').innerText()).toBe('14:20');
      }
      // Times as each language writes them: a 12-hour clock in English, 24-hour in pt and es.
      const clock = { pt: ['14:20', '08:00 - 12:00', '13:00 - 17:00'], en: ['2:20 PM', '8:00 AM - 12:00 PM', '1:00 PM - 5:00 PM'], es: ['14:20', '08:00 - 12:00', '13:00 - 17:00'] }[language];
      expect(await page.getByTestId('shifts-clock').innerText()).toBe(clock[0]);
      expect(await page.getByRole('tab').first().innerText()).toContain(clock[1]);
      expect(await page.getByTestId('shift-team-card').innerText()).toContain(clock[2]);
      // The week: Monday to Sunday, today (Wednesday 3) marked and chosen, the days with teams dotted.
      const today = page.getByTestId('shift-day-2026-06-03');
      expect(await today.getAttribute('aria-current')).toBe('date');
      expect(await today.getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('[data-testid^="shift-day-"]').count()).toBe(7);
      expect(await page.locator('[aria-current="date"]').count()).toBe(1);
      await screenshot(page, `shifts-afternoon-${language}`);
      // On a phone the longer English times still fit their tabs: nothing wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `shifts-afternoon-phone-${language}`, { fullPage: false });
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.getByRole('tab').first().click();
      await page.waitForTimeout(500); // tab indicator and ripple
      expect(await page.getByTestId('shift-in-progress').count()).toBe(0);
      expect(await button.isDisabled()).toBe(true);
      if (language === 'pt') {
        const card = await page.getByTestId('shift-team-card').innerText();
        for (const label of ['Presente', 'Atrasado', 'Ausente']) expect(card).toContain(label);
      }
      await screenshot(page, `shifts-morning-ended-${language}`);
    }
  });

  it('shows the demo company\'s scheduled teams with attendance (en, es)', async () => {
    for (const language of ['en', 'es'] as const) {
      const page = await app.signedInPage('manager@demo.rentalops.test', { language });
      await page.goto('/shifts');
      await page.getByTestId('shift-action').waitFor();
      await page.getByTestId('shifts-clock').waitFor();
      await screenshot(page, `shifts-demo-${language}`);
    }
  });
});
