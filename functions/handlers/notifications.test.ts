// The notification routes through the route table, against the stand-ins: preferences, history,
// manual send, SMS test, e-mail checks; CEO only; the companyId must be the caller's own.
import { createServer, type Server, type Socket } from 'node:net';
import { invoke } from '../../local/invoke';
import { startClockAtNextWindow } from '../../tests/support/clock';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { emailsTo, historyOf, savePreferences, smsTo, uniquePhone } from '../../tests/support/notifications';
import { getPreferences, recordNotification } from '../data/repositories/notifications';
import { MANUAL_SENDS_PER_HOUR } from '../notifications/manual';
import { SES_SIMULATOR_ADDRESS } from '../notifications/email-check';

// A test that starts the clock at a rate window's start (tests/support/clock.ts) gives it back here.
afterEach(() => jest.useRealTimers());

const PT = { 'accept-language': 'pt-BR' };

/** Every notification route, with a valid body for `companyId`. */
const ROUTES = (companyId: string) =>
  [
    ['GET', `/api/notifications/preferences?companyId=${companyId}`, undefined],
    ['PUT', '/api/notifications/preferences', { companyId, taskAssigned: false, phoneNumber: '+5511999999999', language: 'en' }],
    ['GET', `/api/notifications/history?companyId=${companyId}&limit=50`, undefined],
    ['POST', '/api/notifications/send', { companyId, subject: 'Hi', message: 'Hello' }],
    ['POST', '/api/notifications/test', { companyId }],
    ['POST', '/api/email/test-connection', { companyId }],
    ['POST', '/api/email/send-confirmation', { companyId, email: 'someone@test.rentalops.test' }],
  ] as const;

describe('notification preferences', () => {
  it('answers the defaults of SPEC point 3 before the first save', async () => {
    const company = await createTestCompany();
    const response = await invoke('GET', `/api/notifications/preferences?companyId=${company.companyId}`, { cookies: [company.ceo.cookie] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: null,
      userId: company.ceo.user.id,
      companyId: company.companyId,
      emailEnabled: true,
      smsEnabled: true,
      taskAssigned: true,
      taskCompleted: true,
      propertyIssues: true,
      reservationReminders: true,
      reservationChanges: true,
      calendarSync: true,
      teamChanges: true,
      phoneNumber: null,
      language: 'pt',
      createdAt: null,
      updatedAt: null,
    });
  });

  it("defaults to the company's language before the first save: a Spanish company's CEO gets Spanish", async () => {
    const company = await createTestCompany();
    const settings = { name: 'Sierra', email: 'hola@sierra.test', phone: '+1 555 123 4567', address: 'Calle 1', responsibleName: 'Lucía', responsibleEmail: 'lucia@sierra.test', preferredLanguage: 'spanish' };
    expect((await invoke('PUT', `/api/companies/${company.companyId}`, { cookies: [company.ceo.cookie], body: settings })).status).toBe(200);
    const response = await invoke('GET', `/api/notifications/preferences?companyId=${company.companyId}`, { cookies: [company.ceo.cookie] });
    expect(response.body).toMatchObject({ id: null, language: 'es' });
    expect((await getPreferences(company.companyId, company.ceo.user.id)).language).toBe('es');
    // A choice, once saved, is kept whatever the company's language.
    await savePreferences(company, { language: 'en' });
    expect((await getPreferences(company.companyId, company.ceo.user.id)).language).toBe('en');
  });

  it('saves only the fields sent, so separate switch changes add up', async () => {
    const company = await createTestCompany();
    await savePreferences(company, { taskAssigned: false, phoneNumber: '+55 (11) 99999-9999', language: 'pt' });
    await savePreferences(company, { reservationReminders: false, phoneNumber: '+5511999999999', language: 'es' });
    const response = await invoke('GET', `/api/notifications/preferences?companyId=${company.companyId}`, { cookies: [company.ceo.cookie] });
    expect(response.body).toMatchObject({
      emailEnabled: true,
      smsEnabled: true,
      taskAssigned: false,
      taskCompleted: true,
      propertyIssues: true,
      reservationReminders: false,
      phoneNumber: '+5511999999999',
      language: 'es',
    });
    expect(response.body.id).toEqual(expect.any(String));
  });

  it('rejects a number without the country code with the clear message, and writes nothing', async () => {
    const company = await createTestCompany();
    const response = await invoke('PUT', '/api/notifications/preferences', {
      cookies: [company.ceo.cookie],
      headers: PT,
      body: { companyId: company.companyId, userId: company.ceo.user.id, smsEnabled: false, phoneNumber: '11 99999-9999', language: 'pt' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ phoneNumber: 'Informe o número com o código do país, ex.: +5511999999999' });
    expect(response.body.message).toBe('Informe o número com o código do país, ex.: +5511999999999');
    expect((await getPreferences(company.companyId, company.ceo.user.id)).id).toBeNull();
  });

  it('clears the phone number with an empty string', async () => {
    const company = await createTestCompany();
    await savePreferences(company, { phoneNumber: '+15551234567' });
    await savePreferences(company, { phoneNumber: '' });
    expect((await getPreferences(company.companyId, company.ceo.user.id)).phoneNumber).toBeNull();
  });

  it("refuses another user's preferences with 404", async () => {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    const response = await invoke('PUT', '/api/notifications/preferences', {
      cookies: [company.ceo.cookie],
      body: { companyId: company.companyId, userId: manager.user.id, smsEnabled: false },
    });
    expect(response.status).toBe(404);
    expect((await getPreferences(company.companyId, manager.user.id)).id).toBeNull();
    expect((await getPreferences(company.companyId, company.ceo.user.id)).id).toBeNull();
  });
});

describe('notification history', () => {
  async function fill(company: TestCompany, count: number) {
    const start = Date.parse('2030-01-01T00:00:00.000Z');
    for (let i = 0; i < count; i++) {
      await recordNotification(
        {
          userId: company.ceo.user.id,
          companyId: company.companyId,
          type: 'sms',
          category: 'manual',
          recipient: '+15550000000',
          subject: `#${i}`,
          message: `message ${i}`,
          status: i % 2 ? 'failed' : 'sent',
          errorMessage: i % 2 ? 'boom' : null,
          sentAt: i % 2 ? null : new Date(start + i * 1000).toISOString(),
        },
        new Date(start + i * 1000),
      );
    }
  }

  it('answers at most 50 entries, newest first, whatever limit is asked', async () => {
    const company = await createTestCompany();
    await fill(company, 55);
    const response = await invoke('GET', `/api/notifications/history?companyId=${company.companyId}&limit=500`, { cookies: [company.ceo.cookie] });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(50);
    expect(response.body.map((h: { subject: string }) => h.subject)).toEqual(Array.from({ length: 50 }, (_, i) => `#${54 - i}`));
    expect(response.body[0]).toMatchObject({ id: expect.any(String), status: 'sent', errorMessage: null, message: 'message 54', sentAt: '2030-01-01T00:00:54.000Z' });
    expect(response.body[1]).toMatchObject({ status: 'failed', errorMessage: 'boom', message: 'message 53', recipient: '+15550000000', sentAt: null });
  });

  it('honours a smaller limit and defaults to 50', async () => {
    const company = await createTestCompany();
    await fill(company, 3);
    const two = await invoke('GET', `/api/notifications/history?companyId=${company.companyId}&limit=2`, { cookies: [company.ceo.cookie] });
    expect(two.body.map((h: { subject: string }) => h.subject)).toEqual(['#2', '#1']);
    const all = await invoke('GET', `/api/notifications/history?companyId=${company.companyId}`, { cookies: [company.ceo.cookie] });
    expect(all.body).toHaveLength(3);
  });

  it("never shows another company's entries", async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    await fill(theirs, 2);
    expect(await historyOf(mine)).toEqual([]);
  });
});

describe('manual send (Envio Manual)', () => {
  it('sends the message by SMS and e-mail and shows both in the history', async () => {
    const company = await createTestCompany();
    const phone = uniquePhone();
    await savePreferences(company, { phoneNumber: phone });
    const response = await invoke('POST', '/api/notifications/send', {
      cookies: [company.ceo.cookie],
      headers: PT,
      body: { companyId: company.companyId, subject: 'Aviso', message: 'Reunião às 9h' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: `Enviada para ${phone}, ${company.ceo.user.email}` });
    expect((await smsTo(phone)).map((s) => s.message)).toEqual(['RentalOps: Aviso - Reunião às 9h']);
    const mails = await emailsTo(company.ceo.user.email);
    expect(mails.map((m) => [m.subject, m.text])).toEqual([['Aviso', 'Reunião às 9h']]);
    const history = await historyOf(company);
    expect(history.map((h) => [h.type, h.category, h.status])).toEqual([
      ['email', 'manual', 'sent'],
      ['sms', 'manual', 'sent'],
    ]);
  });

  it('requires a message', async () => {
    const company = await createTestCompany();
    const response = await invoke('POST', '/api/notifications/send', { cookies: [company.ceo.cookie], headers: PT, body: { companyId: company.companyId, message: '   ' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ message: 'A mensagem é obrigatória' });
    expect(await historyOf(company)).toEqual([]);
  });

  it('refuses when no channel is on', async () => {
    const company = await createTestCompany();
    await savePreferences(company, { emailEnabled: false, smsEnabled: false });
    const response = await invoke('POST', '/api/notifications/send', { cookies: [company.ceo.cookie], body: { companyId: company.companyId, message: 'x' } });
    expect(response.status).toBe(400);
    expect(await historyOf(company)).toEqual([]);
  });

  it(`allows ${MANUAL_SENDS_PER_HOUR} sends an hour per company, then answers 429`, async () => {
    startClockAtNextWindow(3600);
    const company = await createTestCompany();
    await savePreferences(company, { phoneNumber: uniquePhone(), emailEnabled: false });
    const send = () => invoke('POST', '/api/notifications/test', { cookies: [company.ceo.cookie], body: { companyId: company.companyId } });
    for (let i = 0; i < MANUAL_SENDS_PER_HOUR; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('SMS test (Teste)', () => {
  it('sends a test SMS to the saved number in the notification language', async () => {
    const company = await createTestCompany();
    const phone = uniquePhone();
    await savePreferences(company, { phoneNumber: phone, language: 'en' });
    const response = await invoke('POST', '/api/notifications/test', { cookies: [company.ceo.cookie], headers: PT, body: { companyId: company.companyId } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: `SMS de teste enviado para ${phone}` });
    expect((await smsTo(phone)).map((s) => s.message)).toEqual(['RentalOps: This is a test SMS. Your SMS notifications are working.']);
    expect((await historyOf(company)).map((h) => [h.type, h.category, h.status, h.recipient])).toEqual([['sms', 'test', 'sent', phone]]);
  });

  it('needs SMS on and a phone number', async () => {
    const company = await createTestCompany();
    const response = await invoke('POST', '/api/notifications/test', { cookies: [company.ceo.cookie], headers: PT, body: { companyId: company.companyId } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Ative o SMS e salve um número de telefone primeiro');
  });
});

describe('e-mail checks', () => {
  it('sends a test confirmation e-mail to the address given and records it', async () => {
    const company = await createTestCompany();
    const to = `confirm.${Date.now()}@test.rentalops.test`;
    const response = await invoke('POST', '/api/email/send-confirmation', { cookies: [company.ceo.cookie], headers: PT, body: { companyId: company.companyId, email: to } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: `Email de confirmação de teste enviado para ${to}` });
    const mails = await emailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('RentalOps: email de confirmação de teste');
    expect(mails[0].text).toContain('Carla Owner (Test Stays)');
    expect((await historyOf(company)).map((h) => [h.type, h.category, h.recipient])).toEqual([['email', 'email_test', to]]);
  });

  it('rejects an invalid address', async () => {
    const company = await createTestCompany();
    const response = await invoke('POST', '/api/email/send-confirmation', { cookies: [company.ceo.cookie], body: { companyId: company.companyId, email: 'nope' } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual(['email']);
  });

  it('tests the SES configuration when the SMTP form is empty', async () => {
    const company = await createTestCompany();
    const before = (await emailsTo(SES_SIMULATOR_ADDRESS)).length;
    const response = await invoke('POST', '/api/email/test-connection', { cookies: [company.ceo.cookie], headers: PT, body: { companyId: company.companyId } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: `O Amazon SES aceitou uma mensagem de teste de ${process.env.EMAIL_FROM}` });
    expect((await emailsTo(SES_SIMULATOR_ADDRESS)).length).toBe(before + 1);
  });

  describe('against an SMTP server', () => {
    let server: Server;
    let port: number;
    const received: string[] = [];

    beforeAll(async () => {
      // A minimal SMTP server: greeting, EHLO with AUTH, AUTH PLAIN, QUIT.
      server = createServer((socket: Socket) => {
        socket.write('220 mail.test ESMTP\r\n');
        socket.on('data', (chunk) => {
          for (const line of chunk.toString('utf8').split('\r\n').filter(Boolean)) {
            received.push(line);
            if (/^(EHLO|HELO)/i.test(line)) socket.write('250-mail.test\r\n250 AUTH PLAIN LOGIN\r\n');
            else if (/^AUTH PLAIN/i.test(line)) socket.write('235 2.7.0 Authentication successful\r\n');
            else if (/^QUIT/i.test(line)) socket.end('221 Bye\r\n');
            else socket.write('502 Not implemented\r\n');
          }
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

    it('connects and authenticates with the settings of the form', async () => {
      const company = await createTestCompany();
      const response = await invoke('POST', '/api/email/test-connection', {
        cookies: [company.ceo.cookie],
        headers: PT,
        body: { companyId: company.companyId, smtpHost: '127.0.0.1', smtpPort: port, smtpUser: 'ops@atlantico.test', smtpPass: 's3cret', emailFrom: 'ops@atlantico.test' },
      });
      expect(response.body).toEqual({ success: true, message: `O servidor SMTP 127.0.0.1:${port} aceitou a conexão` });
      const auth = received.find((line) => /^AUTH PLAIN/i.test(line));
      expect(Buffer.from(auth!.split(' ')[2], 'base64').toString('utf8')).toBe('\u0000ops@atlantico.test\u0000s3cret');
    });

    it('answers Falha na conexão when nothing listens there', async () => {
      const company = await createTestCompany();
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as { port: number }).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const response = await invoke('POST', '/api/email/test-connection', {
        cookies: [company.ceo.cookie],
        headers: PT,
        body: { companyId: company.companyId, smtpHost: '127.0.0.1', smtpPort: closedPort },
      });
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toMatch(/^Falha na conexão: .*ECONNREFUSED/);
    });
  });
});

describe('access', () => {
  it.each(['operational_manager', 'staff'] as const)('refuses a %s on every notification route with 403, writing nothing', async (role) => {
    const company = await createTestCompany();
    const member = await company.add(role);
    for (const [method, url, body] of ROUTES(company.companyId)) {
      const response = await invoke(method, url, { cookies: [member.cookie], body });
      expect([method, url, response.status]).toEqual([method, url, 403]);
    }
    expect((await getPreferences(company.companyId, member.user.id)).id).toBeNull();
    expect(await historyOf(company)).toEqual([]);
  });

  it("answers 404 for another company's id on every notification route, writing nothing", async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const phone = uniquePhone();
    await savePreferences(mine, { phoneNumber: phone });
    for (const [method, url, body] of ROUTES(theirs.companyId)) {
      const response = await invoke(method, url, { cookies: [mine.ceo.cookie], body });
      expect([method, url, response.status]).toEqual([method, url, 404]);
    }
    expect((await getPreferences(mine.companyId, mine.ceo.user.id)).taskAssigned).toBe(true);
    expect((await getPreferences(theirs.companyId, mine.ceo.user.id)).id).toBeNull();
    expect(await historyOf(mine)).toEqual([]);
    expect(await historyOf(theirs)).toEqual([]);
    expect(await smsTo(phone)).toEqual([]);
  });

  it('asks for the companyId', async () => {
    const company = await createTestCompany();
    const response = await invoke('GET', '/api/notifications/history', { cookies: [company.ceo.cookie], headers: PT });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ companyId: 'Selecione uma empresa' });
  });
});
