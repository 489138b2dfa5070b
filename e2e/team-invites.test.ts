// Team invitations and membership in a real browser: the CEO invites someone (validation, seats,
// the pending list, resend), the invitee opens the link from the dev outbox, chooses a password and
// signs in; the CEO changes roles and removes members; over the plan's user limit the invite is
// refused with the plan's message; managers and staff see the team read-only. Each test works on a
// company of its own (the database is shared with the other test files of the run).
import type { Page } from 'playwright-core';
import type { Plan, Role, UiLanguage } from '../shared/enums';
import type { User } from '../shared/schemas';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { addMember } from '../functions/data/repositories/users';
import { STARTUP_TIMEOUT_MS, screenshot, startTestApp, type TestApp } from './support/app';

// Whole flows (invite, mail, set a password, sign in) take a few seconds; leave room on a busy machine.

const NEW_PASSWORD = 'Equipe-Nova-2026!';
const PHONE = { width: 390, height: 844 };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ reusePages: true });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

let sequence = 0;
const tag = () => `${Date.now().toString(36)}${++sequence}`;
const uniqueEmail = (who: string) => `${who}.${tag()}@team.e2e.rentalops.test`;

async function signedIn(email: string, language: UiLanguage, viewport?: { width: number; height: number }) {
  const page = await app.signedInPage(email, { language, viewport });
  return page;
}

/** A company of our own on `plan`, its CEO (Inês Duarte) and the members asked for. */
async function ownCompany(plan: Plan, members: Array<{ role: Role; firstName: string; lastName: string }> = []) {
  const id = tag();
  const ceoEmail = uniqueEmail('ceo');
  const { company } = await createCompanyWithOwner({
    company: { name: `Maré Alta ${id}`, plan },
    owner: { email: ceoEmail, firstName: 'Inês', lastName: 'Duarte', role: 'ceo' },
  });
  const people: User[] = [];
  for (const member of members) people.push(await addPerson(company.id, plan, member));
  return { company, ceoEmail, people };
}

async function addPerson(companyId: string, plan: Plan, person: { role: Role; firstName: string; lastName: string }): Promise<User> {
  const now = new Date().toISOString();
  const user: User = {
    id: crypto.randomUUID(),
    email: uniqueEmail(person.firstName.toLowerCase()),
    firstName: person.firstName,
    lastName: person.lastName,
    role: person.role,
    companyId,
    authProvider: 'cognito',
    completedTasks: 0,
    createdAt: now,
    updatedAt: now,
  };
  return addMember({ companyId, plan, unlimited: false }, user);
}

async function openTeam(page: Page, title: string) {
  await page.goto('/team');
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByTestId('team-member').first().waitFor();
  await page.getByTestId('seat-usage-count').waitFor();
}

async function viewportScreenshot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: false });
}

/** Waits for a toast holding `text` (the shared toast can sit in aria-hidden content while a dialog is open). */
async function toast(page: Page, text: string) {
  await page.locator('.MuiSnackbar-root .MuiAlert-root').filter({ hasText: text }).waitFor();
}

/** The path + query of the newest invitation link in the dev outbox page (/dev/outbox) for `to`. */
async function invitationLinkFromOutbox(page: Page, to: string): Promise<string> {
  await page.goto('/dev/outbox');
  await page.getByRole('heading', { name: 'Dev outbox' }).waitFor();
  const mail = page.locator('article').filter({ hasText: to }).filter({ hasText: 'You are invited to join' }).first();
  const href = await mail.locator('a[href*="/reset-password?token="]').first().getAttribute('href');
  expect(href).toMatch(/\/reset-password\?token=[^&]+&invite=1$/);
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

const row = (page: Page, name: string) => page.getByTestId('team-member').filter({ hasText: name });

async function chooseRole(page: Page, name: string, role: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${role}`) }).click();
}

describe('inviting a member (CEO)', () => {
  it('validates, invites, lists the invitation as pending and resends it; the invitee sets a password from the outbox link and signs in', async () => {
    const { ceoEmail, people } = await ownCompany('professional', [{ role: 'staff', firstName: 'Sam', lastName: 'Rocha' }]);
    const page = await signedIn(ceoEmail, 'en');
    await openTeam(page, 'Team');
    expect(await page.getByTestId('seat-usage-count').innerText()).toBe('2 of 15 users');
    expect(await page.getByTestId('team-invitations').count()).toBe(0);

    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByText('Last name is required').waitFor();
    await dialog.getByText('Invalid e-mail').waitFor();
    await dialog.getByLabel('First name').fill('Beatriz');
    // A pasted name longer than the field takes is cut by the browser: the field says so.
    await dialog.getByLabel('Last name').fill('Lima'.repeat(30));
    expect((await dialog.getByLabel('Last name').inputValue()).length).toBe(100);
    await dialog.getByText('Limit of 100 characters reached: longer text is cut').waitFor();
    await dialog.getByLabel('Last name').fill('Lima'.repeat(23));
    await dialog.getByText('8 characters left').waitFor();
    await dialog.getByLabel('Last name').fill('Lima');
    expect(await dialog.getByText(/characters (left|reached)/).count()).toBe(0);
    await dialog.getByLabel('E-mail').fill(people[0].email.toUpperCase());
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('This person is already a member of your team').waitFor();

    const invitee = uniqueEmail('beatriz');
    await dialog.getByLabel('E-mail').fill(invitee);
    await dialog.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await dialog.getByText('Properties, reservations and every task').waitFor();
    await viewportScreenshot(page, 'team-invite-dialog-en');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page, `We e-mailed ${invitee} a link to join.`);
    await dialog.waitFor({ state: 'hidden' });

    const pending = page.getByTestId('pending-invitation').filter({ hasText: invitee });
    await pending.waitFor();
    expect(await pending.getByTestId('pending-invitation-state').innerText()).toBe('Pending');
    expect(await pending.getByTestId('role-badge').innerText()).toBe('Manager');
    expect(await pending.getByTestId('pending-invitation-detail').innerText()).toMatch(/^Sent .+ · link valid until .+$/);
    await page.getByTestId('seat-usage-count').filter({ hasText: '3 of 15 users' }).waitFor();
    expect(await page.getByTestId('seat-usage-pending').innerText()).toBe('Including 1 pending invitation');
    expect(await row(page, 'Beatriz Lima').count()).toBe(0); // not a member until they join
    await screenshot(page, 'team-invites-en');
    // Work may be given to someone invited; the pickers say they have no account yet.
    await page.goto('/');
    await page.getByRole('button', { name: 'Create New Task' }).click();
    const newTask = page.getByRole('dialog', { name: 'Create New Task' });
    await newTask.getByRole('combobox', { name: 'Assignee' }).click();
    await page.getByRole('option', { name: 'Beatriz Lima (invited, no account yet)' }).waitFor();
    expect(await page.getByRole('option', { name: 'Sam Rocha', exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await newTask.waitFor({ state: 'detached' });
    await openTeam(page, 'Team');

    await pending.getByRole('button', { name: 'Resend the invitation to Beatriz Lima' }).click();
    await toast(page, `${invitee} has a new link, valid for 7 days.`);
    const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as { emails: Array<{ to: string[]; subject: string }> };
    expect(outbox.emails.filter((mail) => mail.to.includes(invitee)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^You are invited to join Maré Alta /),
      expect.stringMatching(/^You are invited to join Maré Alta /),
    ]);

    // The invitee: the newest link of the outbox, a first password, then the e-mail sign-in.
    const guest = await app.newPage({ language: 'en' });
    await guest.goto(await invitationLinkFromOutbox(guest, invitee));
    await guest.getByRole('heading', { name: 'Join your team' }).waitFor();
    await guest.locator('input[name="password"]').fill(NEW_PASSWORD);
    await guest.locator('input[name="confirmPassword"]').fill(NEW_PASSWORD);
    await screenshot(guest, 'team-invite-accept-en');
    await guest.getByRole('button', { name: 'Set password and join' }).click();
    await guest.getByRole('heading', { name: 'You are all set!' }).waitFor();
    await guest.getByRole('link', { name: 'Sign in with e-mail and password' }).click();
    await guest.waitForURL((url) => url.pathname === '/auth');
    await guest.locator('input[name="email"]').fill(invitee);
    await guest.locator('input[name="password"]').fill(NEW_PASSWORD);
    await guest.locator('form button[type="submit"]').click();
    await guest.waitForURL((url) => url.pathname === '/');
    await guest.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    const me = (await (await guest.request.get('/api/auth/user')).json()) as { email: string; role: string };
    expect(me).toMatchObject({ email: invitee, role: 'operational_manager' });

    // Back on the CEO's screen: a member now, no longer pending.
    await openTeam(page, 'Team');
    await row(page, 'Beatriz Lima').waitFor();
    expect(await page.getByTestId('team-invitations').count()).toBe(0);
    expect(await page.getByTestId('seat-usage-count').innerText()).toBe('3 of 15 users');
  });

  it('changes roles (asking before taking privileges away) and removes a member after confirming; never the CEO themself', async () => {
    const { ceoEmail } = await ownCompany('basic', [
      { role: 'staff', firstName: 'Sam', lastName: 'Rocha' },
      { role: 'operational_manager', firstName: 'Rafael', lastName: 'Souza' },
    ]);
    const page = await signedIn(ceoEmail, 'en');
    await openTeam(page, 'Team');
    expect(await page.getByTestId('seat-usage-count').innerText()).toBe('3 of 3 users');

    // Raising a role applies at once.
    await chooseRole(page, 'Sam Rocha', 'Manager');
    await toast(page, 'Sam Rocha is now Manager');
    await row(page, 'Sam Rocha').getByTestId('role-badge').filter({ hasText: 'Manager' }).waitFor();

    // Lowering one asks first; Cancel keeps it.
    await chooseRole(page, 'Rafael Souza', 'Staff');
    const lower = page.getByRole('dialog', { name: 'Change Rafael Souza to Staff?' });
    await lower.getByText('Rafael Souza will lose the access of a Manager at once').waitFor();
    await viewportScreenshot(page, 'team-role-confirm-en');
    await lower.getByRole('button', { name: 'Cancel' }).click();
    await lower.waitFor({ state: 'hidden' });
    expect(await row(page, 'Rafael Souza').getByTestId('role-badge').innerText()).toBe('Manager');
    await chooseRole(page, 'Rafael Souza', 'Staff');
    await lower.getByRole('button', { name: 'Change role' }).click();
    await toast(page, 'Rafael Souza is now Staff');
    await row(page, 'Rafael Souza').getByTestId('role-badge').filter({ hasText: 'Staff' }).waitFor();

    // Removing asks first, then frees the seat.
    await page.getByRole('button', { name: 'Actions for Rafael Souza' }).click();
    await page.getByRole('menuitem', { name: 'Remove from team' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove Rafael Souza?' });
    await remove.getByText(/will be signed out at once/).waitFor();
    await remove.getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Rafael Souza was removed from the team');
    await row(page, 'Rafael Souza').waitFor({ state: 'detached' });
    await page.getByTestId('seat-usage-count').filter({ hasText: '2 of 3 users' }).waitFor();

    // The CEO's own row: marked "You", and no way to remove themself.
    const own = row(page, 'Inês Duarte');
    await own.getByTestId('team-member-you').waitFor();
    await own.getByRole('button', { name: 'Actions for Inês Duarte' }).click();
    const removeSelf = page.getByRole('menuitem', { name: /Remove from team/ });
    expect(await removeSelf.isDisabled()).toBe(true);
    await page.getByText('You cannot remove yourself').waitFor();
    await page.keyboard.press('Escape');
  });
});

describe('the plan\'s user limit', () => {
  it('refuses the invite with the plan\'s message when the last seat goes meanwhile, then shows the limit (pt)', async () => {
    const { company, ceoEmail } = await ownCompany('basic', [{ role: 'staff', firstName: 'Sam', lastName: 'Rocha' }]);
    const page = await signedIn(ceoEmail, 'pt');
    await openTeam(page, 'Equipe');
    expect(await page.getByTestId('seat-usage-count').innerText()).toBe('2 de 3 usuários');

    await page.getByRole('button', { name: 'Convidar membro', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Convidar um membro da equipe' });
    await dialog.getByLabel(/^Nome/).fill('Clara');
    await dialog.getByLabel('Sobrenome').fill('Nunes');
    await dialog.getByLabel('Email').fill(uniqueEmail('clara'));
    await addPerson(company.id, 'basic', { role: 'staff', firstName: 'Rui', lastName: 'Matos' }); // someone else takes the last seat
    await dialog.getByRole('button', { name: 'Enviar convite' }).click();

    const refusal = dialog.getByTestId('invite-refusal');
    await refusal.waitFor();
    expect((await refusal.innerText()).replace(/\s+/g, ' ').trim()).toBe('Limite de usuários atingido. Plano Básico permite até 3 usuários. Fazer upgrade do plano.');
    expect(await refusal.getByRole('link').getAttribute('href')).toBe('/pricing');
    await viewportScreenshot(page, 'team-invite-limit-pt');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The team was re-read: the screen now says the limit is reached and offers no invite.
    await page.getByTestId('seat-usage-count').filter({ hasText: '3 de 3 usuários' }).waitFor();
    expect((await page.getByTestId('seat-limit-alert').innerText()).replace(/\s+/g, ' ').trim()).toBe(
      'Limite de usuários atingido: seu plano permite até 3 usuários. Fazer upgrade do plano.',
    );
    expect(await page.getByRole('button', { name: 'Convidar membro', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByTestId('team-quick-actions').getByRole('button', { name: 'Convidar Membro' }).isDisabled()).toBe(true);
    await row(page, 'Rui Matos').waitFor();
    await screenshot(page, 'team-limit-pt');
  });
});

describe('managers and staff', () => {
  it('see the team read-only: no invite, no role or removal actions; managers see the pending invitations without resend (es)', async () => {
    const { ceoEmail, people } = await ownCompany('professional', [
      { role: 'operational_manager', firstName: 'Rafael', lastName: 'Souza' },
      { role: 'staff', firstName: 'Sam', lastName: 'Rocha' },
    ]);
    const ceo = await signedIn(ceoEmail, 'es');
    const invited = await ceo.request.post('/api/team/invites', {
      data: { email: uniqueEmail('lucia'), firstName: 'Lucía', lastName: 'Gómez', role: 'staff' },
      headers: { 'accept-language': 'es' },
    });
    expect(invited.status()).toBe(201);

    const manager = await signedIn(people[0].email, 'es');
    await openTeam(manager, 'Equipo');
    await manager.getByTestId('pending-invitation').filter({ hasText: 'Lucía Gómez' }).waitFor();
    expect(await manager.getByTestId('pending-invitation-state').innerText()).toBe('Pendiente');
    expect(await manager.getByRole('button', { name: /Reenviar/ }).count()).toBe(0);
    expect(await manager.getByRole('button', { name: /Cancelar la invitación/ }).count()).toBe(0);
    expect(await manager.getByRole('button', { name: /Invitar/i }).count()).toBe(0);
    expect(await manager.getByRole('button', { name: /^Acciones para/ }).count()).toBe(0);
    expect(await manager.getByTestId('seat-usage-count').innerText()).toBe('4 de 15 usuarios');
    await manager.getByRole('link', { name: 'Informe de Desempeño' }).waitFor();
    await screenshot(manager, 'team-manager-es');

    const staff = await signedIn(people[1].email, 'es');
    await openTeam(staff, 'Equipo');
    expect(await staff.getByTestId('team-invitations').count()).toBe(0);
    expect(await staff.getByRole('button', { name: /Invitar/i }).count()).toBe(0);
    expect(await staff.getByRole('button', { name: /^Acciones para/ }).count()).toBe(0);
    // The invitee is no member yet, for staff either.
    expect(await staff.getByTestId('team-member').count()).toBe(3);

    // The CEO's screen in Spanish, with the member menu open.
    await openTeam(ceo, 'Equipo');
    await ceo.getByTestId('pending-invitation').filter({ hasText: 'Lucía Gómez' }).getByRole('button', { name: /Reenviar/ }).waitFor();
    await screenshot(ceo, 'team-ceo-es');
    await ceo.getByRole('button', { name: 'Acciones para Sam Rocha' }).click();
    await ceo.getByRole('menuitem', { name: /^Gerente/ }).waitFor();
    await viewportScreenshot(ceo, 'team-member-menu-es');
  });

  it('shows the invitation page in pt and es, and a clear state for a dead invitation link; the team fits a phone', async () => {
    for (const [language, title, invalid] of [
      ['pt', 'Entre na sua equipe', 'Este link de convite não funciona mais'],
      ['es', 'Únete a tu equipo', 'Este enlace de invitación ya no funciona'],
    ] as const) {
      const page = await app.newPage({ language });
      await page.goto('/reset-password?token=not-a-real-token&invite=1');
      await page.getByRole('heading', { name: title }).waitFor();
      await screenshot(page, `team-invite-accept-${language}`);
      await page.locator('input[name="password"]').fill(NEW_PASSWORD);
      await page.locator('input[name="confirmPassword"]').fill(NEW_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page.getByRole('heading', { name: invalid }).waitFor();
      if (language === 'pt') await screenshot(page, 'team-invite-invalid-pt');
    }

    const { ceoEmail } = await ownCompany('trial', [{ role: 'staff', firstName: 'Sam', lastName: 'Rocha' }]);
    const ceo = await signedIn(ceoEmail, 'en');
    const invited = await ceo.request.post('/api/team/invites', { data: { email: uniqueEmail('ana'), firstName: 'Ana', lastName: 'Costa', role: 'staff' } });
    expect(invited.status()).toBe(201);
    const phone = await signedIn(ceoEmail, 'en', PHONE);
    await openTeam(phone, 'Team');
    await phone.getByTestId('pending-invitation').waitFor();
    expect(await phone.getByTestId('seat-usage-count').innerText()).toBe('3 of 5 users');
    expect(await phone.getByRole('button', { name: 'Invite member', exact: true }).isEnabled()).toBe(true);
    await screenshot(phone, 'team-invites-en-phone');

    // Cancelling the invitation (asking first) frees the seat.
    await phone.getByRole('button', { name: 'Cancel the invitation to Ana Costa' }).click();
    const cancel = phone.getByRole('dialog', { name: 'Cancel the invitation to Ana Costa?' });
    await cancel.getByRole('button', { name: 'Cancel invitation' }).click();
    await toast(phone, 'Invitation to Ana Costa cancelled');
    await phone.getByTestId('team-invitations').waitFor({ state: 'detached' });
    await phone.getByTestId('seat-usage-count').filter({ hasText: '2 of 5 users' }).waitFor();
  });
});
