// Demo data for `npm start`, written once on first start through the same data layer the handlers
// use (so counters and indexes are right), and the demo accounts in the Cognito stand-in.
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Role, TaskStatus, TaskType } from '../shared/enums';
import type { User } from '../shared/schemas';
import { db, tableName } from '../functions/data/client';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { changePlan } from '../functions/billing/plan-change';
import { createProperty } from '../functions/data/repositories/properties';
import { createTask, updateTask } from '../functions/data/repositories/tasks';
import { writeReservation } from '../functions/data/repositories/reservations';
import { ulid } from 'ulid';
import { createInvoice } from '../functions/data/repositories/invoices';
import { addMember, findUserByEmail } from '../functions/data/repositories/users';
import { setOwnerProperties } from '../functions/data/repositories/property-groups';
import { createExpense } from '../functions/data/repositories/expenses';
import { checkIn, saveShiftAssignment } from '../functions/data/repositories/shifts';
import { SHIFT_WINDOWS, utcDay, zonedInstant, zonedTime, type Shift } from '../shared/rules';
import { DEFAULT_OPERATIONS_SETTINGS } from '../functions/data/repositories/operations-settings';
import { saveTemplate } from '../functions/data/repositories/checklists';
import { createFeed } from '../functions/data/repositories/calendar-feeds';
import { companyContext, createReservation as bookStay } from '../functions/reservations/service';
import { addDays, localDay } from '../shared/days';

export const DEMO_PASSWORD = 'Demo-pass-2026!';
export const DEMO_ACCOUNTS = [
  { email: 'ceo@demo.rentalops.test', role: 'ceo', company: 'Atlântico Stays' },
  { email: 'manager@demo.rentalops.test', role: 'operational_manager', company: 'Atlântico Stays' },
  { email: 'staff@demo.rentalops.test', role: 'staff', company: 'Atlântico Stays' },
  // An owner of two of its homes (issue 41): their portal at /owner (overview, calendar, statements, work done).
  { email: 'owner@demo.rentalops.test', role: 'owner', company: 'Atlântico Stays' },
  { email: 'ceo@serra.rentalops.test', role: 'ceo', company: 'Serra Retreats' },
  // The master account (MASTER_EMAIL's local default): unlimited, and the platform's console at /admin.
  { email: 'master@rentalops.test', role: 'ceo', company: 'RentalOps Platform' },
] as const;

const SEED_MARKER = { pk: 'SEED', sk: 'v1' };
const DAY = 86_400_000;

// Name, address, access notes and door code (shown to managers, and to the assignee from the day
// before a task until it is done: My day). The demo company works in Portuguese (its language, pt),
// so its own texts are Portuguese too, like the turnovers the product writes for it.
const PROPERTIES = [
  ['Casa do Farol', 'Rua do Farol 12, Cascais', 'Caixa de chaves à esquerda do portão da garagem. Estacione na rua, não em frente ao portão.', '4821'],
  ['Apartamento Alfama', 'Beco do Mexias 4, Lisboa', '3º andar, sem elevador. A porta do prédio emperra: empurre com força.', '1907'],
  ['Villa Oceano', 'Avenida Marginal 210, Estoril', 'Controle do portão na caixa de chaves. Interruptor da bomba da piscina na garagem.', '6640'],
  ['Loft Ribeira', 'Cais da Ribeira 33, Porto', 'Chaves no café do térreo (pergunte pelo Sr. Manuel).', null],
  ['Quinta das Oliveiras', 'Estrada Nacional 125, Lagos', 'Estrada de terra depois do lagar; os últimos 200 m não têm sinal.', '2315'],
  ['Estúdio Bairro Alto', 'Rua da Rosa 87, Lisboa', 'Fechadura eletrônica: o código muda a cada reserva.', '0588'],
  ['Casa da Praia', 'Rua dos Pescadores 5, Ericeira', 'Registro do chuveiro externo debaixo da escada. O lixo sai às terças.', '7302'],
  ['Penthouse Baixa', 'Rua Augusta 150, Lisboa', 'Portaria até as 20:00; depois disso, o código abre a porta lateral.', '5519'],
] as const;

const GUESTS = ['Emma Johnson', 'Lucas Silva', 'Sofía García', 'Noah Williams', 'Ana Costa', 'Liam Brown', 'Mia Schmidt', 'Mateo López', 'Olivia Davis', 'João Pereira', 'Chloe Martin', 'Hugo Ferreira'];

const TASK_TITLES: Record<TaskType, string[]> = {
  cleaning: ['Limpeza entre hóspedes', 'Limpeza pesada da cozinha', 'Limpeza após o check-out', 'Limpeza de janelas'],
  maintenance: ['Consertar torneira pingando', 'Trocar bateria do detector de fumaça', 'Revisão do ar-condicionado', 'Consertar porta do terraço'],
  laundry: ['Lavar e dobrar roupa de cama', 'Trocar toalhas', 'Receber entrega da lavanderia', 'Passar lençóis'],
  inspection: ['Inspeção após a limpeza'],
};

async function ensureCognitoUser(cognito: CognitoIdentityProviderClient, poolId: string, email: string, name: { first: string; last: string }) {
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }));
    return;
  } catch {
    // not there yet
  }
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: name.first },
        { Name: 'family_name', Value: name.last },
      ],
    }),
  );
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: DEMO_PASSWORD, Permanent: true }));
}

function member(companyId: string, email: string, role: Role, firstName: string, lastName: string): User {
  const now = new Date().toISOString();
  return { id: crypto.randomUUID(), email, firstName, lastName, role, companyId, authProvider: 'cognito', emailVerified: now, completedTasks: 0, createdAt: now, updatedAt: now };
}

/** Seeds once; returns false when the data was already there. */
export async function seedDemoData(): Promise<boolean> {
  const marker = await db.send(new GetCommand({ TableName: tableName(), Key: SEED_MARKER }));
  if (marker.Item) return false;
  const now = new Date();
  const cognito = new CognitoIdentityProviderClient({});
  const poolId = process.env.COGNITO_USER_POOL_ID!;

  const names: Record<string, { first: string; last: string }> = {
    'ceo@demo.rentalops.test': { first: 'Carolina', last: 'Mendes' },
    'manager@demo.rentalops.test': { first: 'Rafael', last: 'Souza' },
    'staff@demo.rentalops.test': { first: 'Beatriz', last: 'Lima' },
    'owner@demo.rentalops.test': { first: 'Helena', last: 'Duarte' },
    'ceo@serra.rentalops.test': { first: 'Diego', last: 'Almeida' },
    'master@rentalops.test': { first: 'Marta', last: 'Master' },
  };
  for (const account of DEMO_ACCOUNTS) await ensureCognitoUser(cognito, poolId, account.email, names[account.email]);

  const verified = now.toISOString();
  const { company } = await createCompanyWithOwner({
    company: { name: 'Atlântico Stays', plan: 'professional', email: 'hello@atlantico-stays.test' },
    owner: { email: 'ceo@demo.rentalops.test', firstName: 'Carolina', lastName: 'Mendes', role: 'ceo', emailVerified: verified },
  });
  // A paying customer, as if it had checked out monthly through the payment provider: its pricing
  // screen then offers a downgrade at the end of the period, not an "upgrade" to a smaller plan.
  await changePlan({
    companyId: company.id,
    plan: 'professional',
    by: { kind: 'system' },
    at: now,
    reason: 'demo data',
    billing: { billingStatus: 'active', billingCycle: 'monthly', currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000).toISOString() },
  });
  const ctx = { companyId: company.id, plan: company.plan, unlimited: false };
  const manager = await addMember(ctx, member(company.id, 'manager@demo.rentalops.test', 'operational_manager', 'Rafael', 'Souza'));
  const staff = await addMember(ctx, member(company.id, 'staff@demo.rentalops.test', 'staff', 'Beatriz', 'Lima'));
  const cleaner = await addMember(ctx, member(company.id, 'tiago@demo.rentalops.test', 'staff', 'Tiago', 'Rocha'));

  const properties = [];
  for (const [name, address, accessNotes, doorCode] of PROPERTIES) properties.push(await createProperty(ctx, { name, address, accessNotes, doorCode }));
  // Helena Duarte owns Casa do Farol and Villa Oceano: their portal account, no seat of the plan.
  const owner = await addMember(ctx, member(company.id, 'owner@demo.rentalops.test', 'owner', 'Helena', 'Duarte'));
  await setOwnerProperties(company.id, owner.id, [properties[0].id, properties[2].id]);

  const types: TaskType[] = ['cleaning', 'maintenance', 'laundry'];
  const statuses: TaskStatus[] = ['pending', 'in_progress', 'completed', 'cancelled'];
  const assignees = [staff.id, cleaner.id, manager.id, null];
  for (let i = 0; i < 40; i++) {
    const type = types[i % 3];
    const status = statuses[Math.floor(i / 3) % 4];
    await createTask(company.id, {
      type,
      title: TASK_TITLES[type][i % 4],
      description: `${TASK_TITLES[type][i % 4]} em ${properties[i % 8].name}.`,
      propertyId: properties[i % 8].id,
      assignedUserId: assignees[i % 4],
      status,
      dueDate: new Date(now.getTime() + ((i % 10) - 3) * DAY).toISOString(),
    }, new Date(now.getTime() - (40 - i) * 3_600_000));
  }

  // Four nights each, at the company's check-in and check-out hours in its time zone.
  const { checkinHour, checkoutHour } = DEFAULT_OPERATIONS_SETTINGS;
  for (let i = 0; i < 12; i++) {
    const checkinDay = zonedTime(new Date(now.getTime() + (i - 2) * 2 * DAY), company.timezone).date;
    const checkoutDay = utcDay(new Date(Date.parse(`${checkinDay}T12:00:00Z`) + 4 * DAY));
    // With their nights held in the month occupancy items, as every stay the product writes (the
    // calendars, the owner's occupancy, the overlap check), but without turnovers or notices.
    const at = now.toISOString();
    await writeReservation(company.id, {
      checkProperty: true,
      after: {
        id: ulid(now.getTime() + i),
        propertyId: properties[i % 8].id,
        guestName: GUESTS[i],
        checkinDate: zonedInstant(checkinDay, checkinHour, 0, company.timezone).toISOString(),
        checkoutDate: zonedInstant(checkoutDay, checkoutHour, 0, company.timezone).toISOString(),
        checkinDay,
        checkoutDay,
        integrationSource: ['airbnb', 'vrbo', 'booking', 'direct'][i % 4],
        status: 'confirmed',
        feedId: null,
        syncStatus: null,
        turnoverTaskId: null,
        createdAt: at,
        updatedAt: at,
      },
    });
  }

  const invoices = [
    { amount: '4250.00', status: 'paid' as const, offset: -10 },
    { amount: '3180.50', status: 'paid' as const, offset: -3 },
    { amount: '2760.00', status: 'pending' as const, offset: 12 },
    { amount: '1890.75', status: 'overdue' as const, offset: -5 },
  ];
  for (const invoice of invoices) {
    await createInvoice(company.id, {
      amount: invoice.amount,
      status: invoice.status,
      dueDate: new Date(now.getTime() + invoice.offset * DAY).toISOString().slice(0, 10),
      paidAt: invoice.status === 'paid' ? now.toISOString() : null,
    });
  }

  const serra = await createCompanyWithOwner({
    company: { name: 'Serra Retreats', plan: 'trial', email: 'ola@serra-retreats.test' },
    owner: { email: 'ceo@serra.rentalops.test', firstName: 'Diego', lastName: 'Almeida', role: 'ceo', emailVerified: verified },
  });
  const serraCtx = { companyId: serra.company.id, plan: serra.company.plan, unlimited: false };
  const cabin = await createProperty(serraCtx, { name: 'Chalé da Serra', address: 'Estrada da Serra 8, Sintra' });
  await createTask(serra.company.id, { type: 'cleaning', title: 'Preparar o chalé para os hóspedes', description: null, propertyId: cabin.id, assignedUserId: null, status: 'pending', dueDate: null });

  await seedTodaysShifts(company.id, { manager, staff, cleaner }, now);
  await seedFinancials(company.id, properties, now);
  await seedChecklistsAndFeeds(company.id, properties, manager.id, now);
  await seedStaffDay(company.id, properties, { manager, staff }, now);
  await saveTemplate(serra.company.id, cabin.id, DEMO_CHECKLIST, serra.user.id);
  // The master account's own company, on the trial plan as a sign-up leaves it: the master is never
  // limited nor read-only, and its pricing page shows no trial banner. A table where the master
  // account already exists (a test run's admin suite made it first) keeps that one.
  if (!(await findUserByEmail('master@rentalops.test'))) {
    await createCompanyWithOwner({
      company: { name: 'RentalOps Platform', plan: 'trial', email: 'platform@rentalops.test' },
      owner: { email: 'master@rentalops.test', firstName: 'Marta', lastName: 'Master', role: 'ceo', emailVerified: verified },
    });
  }

  await db.send(new PutCommand({ TableName: tableName(), Item: { ...SEED_MARKER, seededAt: now.toISOString() } }));
  return true;
}

/**
 * Today's shifts of Atlântico Stays (company time zone): a team per shift, and the starts that
 * would already have happened at seeding time (one on time, one late), so the screen shows each
 * attendance status. Shifts of later days start empty.
 */
async function seedTodaysShifts(companyId: string, people: { manager: User; staff: User; cleaner: User }, now: Date): Promise<void> {
  const timeZone = 'America/New_York';
  const date = zonedTime(now, timeZone).date;
  const plan: Array<[Shift, string, User[]]> = [
    ['morning', 'Equipe Limpeza', [people.staff, people.cleaner]],
    ['afternoon', 'Equipe Manutenção', [people.cleaner, people.manager]],
    ['night', 'Plantão Noturno', [people.staff]],
  ];
  for (const [shift, name, members] of plan) {
    await saveShiftAssignment({
      companyId,
      date,
      shift,
      teams: [{ id: crypto.randomUUID(), name, memberIds: members.map((m) => m.id) }],
      by: people.manager.id,
      at: now.toISOString(),
    });
    const start = zonedInstant(date, SHIFT_WINDOWS[shift].start, 0, timeZone).getTime();
    const starts: Array<[User, number]> = [[members[0], start + 5 * 60_000], [members[1], start + 40 * 60_000]];
    for (const [member, at] of starts) {
      if (member && at <= now.getTime()) await checkIn(companyId, date, shift, [member.id], member.id, new Date(at).toISOString());
    }
  }
}

/**
 * Financial history of Atlântico Stays beyond the four invoices above: invoices paid in each of the
 * five previous months (so the revenue change against last month and the revenue chart are real),
 * unpaid invoices with clients and properties, and expenses this month and before (so net profit
 * is real). Nothing here is paid in the current month, so this month's revenue stays the sum of the
 * two paid invoices above.
 */
async function seedFinancials(companyId: string, properties: Array<{ id: string; name: string }>, now: Date): Promise<void> {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  /** A day of the month `monthsAgo` before the current one (never after today), at 10:00 UTC. */
  const dayOf = (monthsAgo: number, day: number) => {
    const last = new Date(Date.UTC(y, m - monthsAgo + 1, 0)).getUTCDate();
    const capped = monthsAgo === 0 ? Math.min(day, now.getUTCDate()) : Math.min(day, last);
    return new Date(Date.UTC(y, m - monthsAgo, capped, 10));
  };
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const paid: Array<[number, number, string, string, number]> = [
    [1, 6, '3900.00', 'Emma Johnson', 0],
    [1, 18, '2650.25', 'Lucas Silva', 2],
    [2, 9, '5120.00', 'Sofía García', 4],
    [3, 12, '4480.40', 'Noah Williams', 1],
    [4, 7, '3975.00', 'Ana Costa', 6],
    [5, 21, '2890.60', 'Liam Brown', 3],
  ];
  for (const [monthsAgo, day, amount, client, property] of paid) {
    const paidAt = dayOf(monthsAgo, day);
    await createInvoice(
      companyId,
      { amount, status: 'paid', paidAt: paidAt.toISOString(), dueDate: iso(paidAt), client, description: `Estadia em ${properties[property].name}`, propertyId: properties[property].id, propertyName: properties[property].name },
      new Date(paidAt.getTime() - 5 * 86_400_000),
    );
  }
  const unpaid: Array<[string, number, string, number]> = [
    ['1420.00', 20, 'Mia Schmidt', 5],
    ['980.50', -12, 'Mateo López', 7],
  ];
  for (const [amount, dueInDays, client, property] of unpaid) {
    await createInvoice(
      companyId,
      { amount, dueDate: iso(new Date(now.getTime() + dueInDays * 86_400_000)), client, description: `Estadia em ${properties[property].name}`, propertyId: properties[property].id, propertyName: properties[property].name },
      new Date(now.getTime() - 20 * 86_400_000),
    );
  }
  const expenses: Array<[number, number, string, 'cleaning' | 'maintenance' | 'laundry' | 'supplies' | 'utilities' | 'payroll' | 'marketing', string]> = [
    [0, 1, '2800.00', 'payroll', 'Salários da equipe de limpeza'],
    [0, 2, '320.45', 'supplies', 'Reposição de produtos de limpeza'],
    [0, 3, '1240.00', 'maintenance', 'Conserto do aquecedor na Villa Oceano'],
    [0, 4, '415.30', 'utilities', 'Luz e água'],
    [0, 5, '210.75', 'laundry', 'Serviço de lavanderia'],
    [1, 2, '2800.00', 'payroll', 'Salários da equipe de limpeza'],
    [1, 11, '1180.00', 'maintenance', 'Troca da porta do terraço'],
    [1, 20, '390.10', 'utilities', 'Luz e água'],
    [2, 2, '2800.00', 'payroll', 'Salários da equipe de limpeza'],
    [2, 15, '1160.80', 'marketing', 'Fotos do anúncio'],
    [3, 2, '2800.00', 'payroll', 'Salários da equipe de limpeza'],
    [4, 2, '2800.00', 'payroll', 'Salários da equipe de limpeza'],
    [5, 2, '2800.00', 'payroll', 'Salários da equipe de limpeza'],
  ];
  for (const [monthsAgo, day, amount, category, description] of expenses) {
    const date = dayOf(monthsAgo, day);
    await createExpense(companyId, { amount, date: iso(date), category, description }, date);
  }
}

// ---- Checklists and a calendar feed (reservations, calendar sync, turnovers) ----------------------

/** The local demo channel: `npm start` serves the iCal fixtures here (local/start.ts). */
export const DEMO_FEEDS_PORT = Number(process.env.DEMO_FEEDS_PORT ?? 8011);

const DEMO_CHECKLIST = [
  { description: 'Trocar roupa de cama e toalhas', required: true },
  { description: 'Limpar banheiros e cozinha', required: true },
  { description: 'Verificar danos (foto antes e depois)', required: true },
  { description: 'Repor produtos de higiene e café', required: false },
  { description: 'Levar o lixo para fora', required: false },
];

/**
 * A default checklist on every demo property (turnovers copy it), and two iCal feeds on Estúdio
 * Bairro Alto, served by the demo channel from functions/reservations/calendar-sync/fixtures (airbnb.ics and
 * booking-demo.ics) with their days counted from the seeding day (so the stays do not move). The
 * sync job imports them a second after start: two Airbnb bookings with their turnovers and an owner
 * block; a Booking.com closure over the first Airbnb booking (no cleaning of its own), and a
 * Booking.com stretch of its own whose cleaning asks "booking or closure?".
 */
async function seedChecklistsAndFeeds(companyId: string, properties: Array<{ id: string }>, managerId: string, now: Date): Promise<void> {
  for (const property of properties) await saveTemplate(companyId, property.id, DEMO_CHECKLIST, managerId);
  const seedDay = now.toISOString().slice(0, 10);
  await createFeed(
    companyId,
    properties[5].id,
    { url: `http://127.0.0.1:${DEMO_FEEDS_PORT}/anchored/${seedDay}/airbnb.ics`, name: 'Airbnb (demo channel)', source: 'airbnb', enabled: true },
    managerId,
  );
  await createFeed(
    companyId,
    properties[5].id,
    { url: `http://127.0.0.1:${DEMO_FEEDS_PORT}/anchored/${seedDay}/booking-demo.ics`, name: 'Booking.com (demo channel)', source: 'booking', enabled: true },
    managerId,
  );
}

// ---- The demo cleaner's day (My day) ---------------------------------------------------------------

/**
 * What the demo staff member's phone shows on any day `npm start` is first run: today a same-day
 * turnover at Casa da Praia (a guest leaves, the next arrives at 15:00) and, the day after tomorrow,
 * one at Penthouse Baixa whose guests are still there (two days ahead, so it is still ahead when a
 * test run that seeded just before the company's midnight reaches it after: e2e/my-day), both made by the reservations as a channel's would be (with the property's checklist), and
 * assigned to her. Made through the reservations service, so the turnover, its checklist, the
 * occupancy and the history are the product's own.
 */
async function seedStaffDay(companyId: string, properties: Array<{ id: string }>, people: { manager: User; staff: User }, now: Date): Promise<void> {
  const ctx = await companyContext(companyId);
  const options = { actor: { userId: people.manager.id }, now };
  const today = localDay(now, ctx.timeZone);
  const day = (offset: number) => addDays(today, offset);
  const stays: Array<[number, string, number, number, 'airbnb' | 'booking' | 'vrbo']> = [
    [6, 'Sarah Thompson', -3, 0, 'airbnb'],
    [6, 'Pedro Almeida', 0, 4, 'booking'],
    [7, 'Yuki Tanaka', -2, 2, 'vrbo'],
  ];
  for (const [property, guestName, from, to, integrationSource] of stays) {
    const { turnover } = await bookStay(
      ctx,
      { propertyId: properties[property].id, guestName, checkinDate: day(from), checkoutDate: day(to), integrationSource },
      options,
    );
    if (turnover && to <= 2) await updateTask(companyId, turnover.id, { assignedUserId: people.staff.id }, now, people.manager.id);
  }
}
