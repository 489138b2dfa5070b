// A calendar that is not a booking calendar, as a manager meets it in a real browser (issue 43
// point 1): the link of a Google work calendar ("Daily Sync" every weekday, a lunch, a review, a
// two-day offsite) is pasted instead of the channel's. Its first sync creates nothing; the feed says
// what it found (in the manager's language) and lists each meeting once with its reason; "Import
// anyway" confirms it and imports the one event that takes nights.
import type { Page } from 'playwright-core';
import type { Role, UiLanguage } from '../shared/enums';
import type { User } from '../shared/schemas';
import { startFeedServer, type FeedServer } from '../functions/reservations/calendar-sync/fixtures/feed-server';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createProperty } from '../functions/data/repositories/properties';
import { addMember } from '../functions/data/repositories/users';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';

process.env.CALENDAR_ALLOW_PRIVATE_HOSTS = 'true';

jest.setTimeout(180_000);

let app: TestApp;
let channel: FeedServer;
beforeAll(async () => {
  [app, channel] = await Promise.all([startTestApp(), startFeedServer()]);
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await channel?.close();
  await app?.close();
});

async function ownProperty() {
  const tag = Date.now().toString(36);
  const email = `manager.${tag}@meetings.rentalops.test`;
  const { company } = await createCompanyWithOwner({
    company: { name: `Serra ${tag}`, plan: 'professional' },
    owner: { email: `ceo.${tag}@meetings.rentalops.test`, firstName: 'Marta', lastName: 'Reis', role: 'ceo' },
  });
  const ctx = { companyId: company.id, plan: 'professional' as const, unlimited: false };
  const now = new Date().toISOString();
  const manager: User = { id: crypto.randomUUID(), email, firstName: 'Rui', lastName: 'Matos', role: 'operational_manager' as Role, companyId: company.id, authProvider: 'cognito', emailVerified: now, completedTasks: 0, createdAt: now, updatedAt: now };
  await addMember(ctx, manager);
  const property = await createProperty(ctx, { name: `Casa da Serra ${tag}`, address: 'Rua da Serra 3, Sintra' });
  return { property, tag, email };
}

async function openFeeds(page: Page, property: { id: string; name: string }) {
  await page.goto(`/properties/${property.id}`);
  await page.getByRole('heading', { level: 1, name: property.name }).waitFor();
  return page.locator('#feeds');
}

describe('a calendar that is not a booking calendar', () => {
  it.each<[UiLanguage, RegExp, string, string]>([
    ['en', /^This does not look like a booking calendar: 4 of its 5 events are not stays/, 'Import anyway', 'Sync now'],
    ['pt', /^Isto não parece um calendário de reservas: 4 dos seus 5 eventos não são estadias/, 'Importar mesmo assim', 'Sincronizar agora'],
  ])('is held on its first sync and imported once a manager confirms it (%s)', async (language, held, importAnyway, syncNow) => {
    const { property, tag, email } = await ownProperty();
    const route = `/${tag}-${language}/google-meetings.ics`;
    channel.set(route, { fixture: 'google-meetings.ics' });
    const page = await app.signedInPage(email, { viewport: { width: 1280, height: 800 }, language });
    const created = await page.request.post(`/api/properties/${property.id}/feeds`, { data: { url: `${channel.url}${route}`, name: 'Google (work)' } });
    expect(created.status()).toBe(201);
    const feeds = await openFeeds(page, property);
    await feeds.getByRole('button', { name: syncNow }).click();
    const notice = feeds.getByTestId('feed-not-bookings');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(held);
    expect((await (await page.request.get(`/api/reservations?propertyId=${property.id}`)).json()) as unknown[]).toEqual([]);
    // Each meeting once, with its reason (not hundreds of one-night stays).
    const skipped = feeds.getByTestId('feed-skipped');
    await skipped.getByRole('button').click();
    expect(await skipped.getByTestId('feed-skipped-event').count()).toBe(4);
    await screenshot(page, `calendar-not-bookings-${language}`, { fullPage: false });

    await notice.getByRole('button', { name: importAnyway }).click();
    await notice.waitFor({ state: 'detached' });
    // The page syncs the confirmed feed at once ("Sync now" after the confirmation).
    let stays: Array<{ guestName: string }> = [];
    for (let tries = 0; tries < 40 && stays.length === 0; tries += 1) {
      if (tries) await page.waitForTimeout(250);
      stays = (await (await page.request.get(`/api/reservations?propertyId=${property.id}`)).json()) as Array<{ guestName: string }>;
    }
    expect(stays.map((stay) => stay.guestName)).toEqual(['Offsite Porto']);
    expect(await feeds.getByTestId('feed-not-bookings').count()).toBe(0);
  });
});
