// Test helpers for notifications: unique phone numbers, what the dev outbox holds for an address
// (SMS from the outbox file, e-mail from the SES stand-in), and the preferences route.
import { readOutbox, type OutboxEmail, type OutboxSms } from '../../local/outbox';
import { invoke } from '../../local/invoke';
import type { TestCompany } from './fixtures';

/** A fresh E.164 number (+1 555 …), so a test only ever sees its own SMS. */
export const uniquePhone = (): string => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

export async function smsTo(phone: string): Promise<OutboxSms[]> {
  return (await readOutbox()).sms.filter((sms) => sms.to === phone);
}

export async function emailsTo(address: string): Promise<OutboxEmail[]> {
  const wanted = address.toLowerCase();
  return (await readOutbox()).emails.filter((mail) => mail.to.some((to) => to.toLowerCase() === wanted));
}

/** Saves the CEO's preferences through PUT /api/notifications/preferences. */
export async function savePreferences(company: TestCompany, changes: Record<string, unknown>): Promise<void> {
  const response = await invoke('PUT', '/api/notifications/preferences', {
    cookies: [company.ceo.cookie],
    body: { companyId: company.companyId, userId: company.ceo.user.id, ...changes },
  });
  if (response.status !== 200) throw new Error(`saving preferences answered ${response.status}: ${response.text}`);
}

export async function historyOf(company: TestCompany): Promise<Array<Record<string, any>>> {
  const response = await invoke('GET', `/api/notifications/history?companyId=${company.companyId}&limit=50`, { cookies: [company.ceo.cookie] });
  if (response.status !== 200) throw new Error(`history answered ${response.status}: ${response.text}`);
  return response.body;
}
