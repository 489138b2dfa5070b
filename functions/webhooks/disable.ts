// An endpoint that has failed every attempt for about three days is disabled (nothing more is sent
// to it until the CEO turns it on again), the action is written to the company's history, and the
// company's CEOs are told by e-mail in their language.
import type { NotificationLanguage } from '#shared/enums';
import { getCompany } from '#functions/data/repositories/companies';
import { integrationAuditPut } from '#functions/data/repositories/integration-audit';
import { getMemberPreferences } from '#functions/data/repositories/member-preferences';
import { listUsers } from '#functions/data/repositories/users';
import { updateWebhook, type StoredWebhook } from '#functions/data/repositories/webhooks';
import { optionalEnv } from '#functions/lib/env';
import { logger } from '#functions/lib/logger';
import { mailer, type Mailer } from '#functions/mail/mailer';
import { forgetWebhookTargets } from './targets';

const TEXTS: Record<NotificationLanguage, { subject: string; body: string }> = {
  en: {
    subject: 'Webhook endpoint disabled: {{url}}',
    body: 'Hello {{name}},\n\nThe webhook endpoint {{url}} of {{company}} has not accepted a delivery since {{since}} (every attempt and retry failed), so RentalOps has stopped sending to it.\n\nFix the endpoint, then turn it on again on the Integrations page; you can replay the deliveries it missed from its delivery log:\n{{link}}',
  },
  pt: {
    subject: 'Endpoint de webhook desativado: {{url}}',
    body: 'Olá {{name}},\n\nO endpoint de webhook {{url}} de {{company}} não aceita uma entrega desde {{since}} (todas as tentativas falharam), por isso o RentalOps parou de enviar para ele.\n\nCorrija o endpoint e ative-o de novo na página Integrações; você pode reenviar as entregas perdidas pelo registro de entregas:\n{{link}}',
  },
  es: {
    subject: 'Endpoint de webhook desactivado: {{url}}',
    body: 'Hola {{name}}:\n\nEl endpoint de webhook {{url}} de {{company}} no acepta una entrega desde {{since}} (todos los intentos fallaron), así que RentalOps ha dejado de enviarle.\n\nCorrige el endpoint y vuelve a activarlo en la página Integraciones; puedes reenviar las entregas perdidas desde su registro de entregas:\n{{link}}',
  },
};

const fill = (template: string, params: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

export function disabledMail(language: NotificationLanguage, params: { name: string; company: string; url: string; since: string }) {
  const link = `${optionalEnv('APP_URL', 'http://localhost:3000').replace(/\/+$/, '')}/settings/integrations`;
  const values = { ...params, link };
  return { subject: fill(TEXTS[language].subject, values), text: fill(TEXTS[language].body, values) };
}

export async function disableFailingEndpoint(webhook: StoredWebhook, now: Date, send: Mailer = mailer): Promise<void> {
  const line = integrationAuditPut(
    webhook.companyId,
    { action: 'webhook.disabled', actorUserId: 'system', subject: { kind: 'webhook', id: webhook.id, label: webhook.url }, details: { reason: 'failing', failingSince: webhook.failingSince } },
    now,
  );
  await updateWebhook(webhook.companyId, webhook.id, { enabled: false, disabledReason: 'failing', updatedAt: now.toISOString() }, [line]);
  forgetWebhookTargets(webhook.companyId);
  logger.warn('Webhook endpoint disabled after failing for days', { companyId: webhook.companyId, webhookId: webhook.id, failingSince: webhook.failingSince });
  const company = await getCompany(webhook.companyId);
  const ceos = (await listUsers(webhook.companyId)).filter((user) => user.role === 'ceo');
  for (const ceo of ceos) {
    try {
      const { member } = await getMemberPreferences(webhook.companyId, ceo.id, company);
      await send.send({ to: ceo.email, ...disabledMail(member.language, { name: ceo.firstName ?? ceo.email, company: company?.name ?? '', url: webhook.url, since: webhook.failingSince ?? now.toISOString() }) });
    } catch (error) {
      // The endpoint stays disabled (and says why on the Integrations page) even when a mail fails.
      logger.error('Webhook disabled mail not sent', { error: error as Error, companyId: webhook.companyId, userId: ceo.id });
    }
  }
}
