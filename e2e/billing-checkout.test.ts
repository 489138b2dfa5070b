// The whole payment path in the browser (issue 22): from the pricing screen through the local
// checkout page (the Stripe stand-in, local/payments.ts) and its signed webhook events, back to the
// app on the paid plan; then a downgrade asked for at the end of the paid period, and the history.
import { createCompanyWithOwner, getCompany } from '../functions/data/repositories/companies';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';

let app: TestApp;
beforeAll(async () => {
  // The second test takes the first one's page (cleaned by the pool) and switches it to Portuguese,
  // instead of a new browser context running the app for the first time.
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++counter}@e2e.rentalops.test`;

async function trialCompany() {
  const email = uniqueEmail('checkout');
  const { company } = await createCompanyWithOwner({
    company: { name: 'Dunas Checkout', plan: 'trial' },
    owner: { email, firstName: 'Paula', lastName: 'Pagadora', role: 'ceo' },
  });
  return { email, companyId: company.id };
}

describe('checkout', () => {
  it('pays for a plan on the local checkout and comes back to an upgraded company', async () => {
    const { email, companyId } = await trialCompany();
    const page = await app.signedInPage(email, { language: 'en' });
    await page.goto('/pricing');
    await page.getByTestId('plan-button-professional').waitFor();
    expect((await page.getByTestId('plan-button-professional').innerText()).trim()).toBe('Activate Now');

    await page.getByTestId('plan-button-professional').click();
    await page.waitForURL(/\/dev\/checkout\/cs_local_\w+$/);
    expect(await page.getByTestId('checkout-plan').innerText()).toContain('professional');
    expect(await page.getByTestId('checkout-price').innerText()).toContain('$79.00 / month');
    await screenshot(page, 'billing-checkout-page');
    await page.getByTestId('checkout-pay').click();

    await page.waitForURL((url) => url.pathname === '/pricing');
    const status = page.getByTestId('subscription-status');
    await status.waitFor();
    expect(await status.innerText()).toContain('Subscription active');
    await page.getByText('Payment received').first().waitFor();
    const current = page.getByTestId('plan-button-professional');
    await expect(current.innerText()).resolves.toBe('Current Plan');
    expect(await current.isDisabled()).toBe(true);
    expect(await page.getByTestId('trial-banner').count()).toBe(0);
    await page.getByTestId('billing-history-entry').first().waitFor();
    expect(await page.getByTestId('billing-history').innerText()).toContain('Free Trial → Professional');
    expect((await getCompany(companyId))!).toMatchObject({ plan: 'professional', billingStatus: 'active' });
    await screenshot(page, 'billing-after-checkout');

    // A smaller plan: asked for, and taken at the end of the period already paid for.
    expect((await page.getByTestId('plan-button-basic').innerText()).trim()).toBe('Downgrade');
    await page.getByTestId('plan-button-basic').click();
    const dialog = page.getByTestId('downgrade-dialog');
    const paidUntil = (await getCompany(companyId))!.currentPeriodEnd!;
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' }).format(new Date(paidUntil));
    expect(await dialog.getByTestId('downgrade-when').innerText()).toContain(day);
    await dialog.getByTestId('downgrade-confirm').click();
    await page.getByTestId('scheduled-downgrade').waitFor();
    expect(await page.getByTestId('scheduled-downgrade').innerText()).toContain(`Your plan changes to Basic on ${day}`);
    expect((await getCompany(companyId))!).toMatchObject({ plan: 'professional', scheduledPlan: 'basic' });
  });

  it('declining the payment returns to pricing with nothing changed (pt)', async () => {
    const { email, companyId } = await trialCompany();
    const page = await app.switchedPage(email, { language: 'pt' });
    await page.goto('/pricing');
    await page.getByTestId('plan-button-basic').click();
    await page.waitForURL(/\/dev\/checkout\//);
    await page.getByTestId('checkout-decline').click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await page.getByText('Pagamento cancelado').first().waitFor();
    expect((await getCompany(companyId))!.plan).toBe('trial');
    await page.getByTestId('trial-banner').waitFor();
  });
});
