// Trials (issue 22 point 2): the reminders the CEO gets before and when the trial ends. The read-only
// rule itself is shared/subscription.ts, applied to every write by the HTTP wrapper.
//
// The hourly dispatcher (SCHEDULED_JOBS 'send-trial-reminders', ./trial-dispatch.ts) reads the
// trial-end index around now and hands each trial company whose reminder is due (3 days before the
// end, 1 day before, and at the end) to the trial-reminders queue; the worker (QUEUE_WORKERS,
// functions/handlers/send-trial-reminder.ts -> remindTrialCompany) sends it. Each reminder is claimed
// once per company, reminder and trial end (a conditional put) before it is sent, so reruns,
// overlapping runs and redelivered messages never send twice, and an extended trial gets its own
// reminders for its new end. Only the latest due reminder is sent (a company first seen 20 hours
// before its end gets "1 day", not also "3 days"); an end more than ENDED_NOTICE_WINDOW ago is not
// announced any more. A send that fails gives its claim back and throws (the message is delivered again).
import type { NotificationLanguage } from '#shared/enums';
import { TRIAL_DAYS } from '#shared/plans';
import { keys } from '#functions/data/keys';
import { getCompany } from '#functions/data/repositories/companies';
import { getMemberPreferences } from '#functions/data/repositories/member-preferences';
import { claimOnce, releaseClaim } from '#functions/data/repositories/notifications';
import { listUsers } from '#functions/data/repositories/users';
import { optionalEnv } from '#functions/lib/env';
import { isMasterEmail } from '#functions/lib/http';
import { mailer, type Mailer } from '#functions/mail/mailer';
import { dueReminder, type TrialReminder, type TrialReminderJob } from './trial-dispatch';

const DAY_MS = 24 * 3_600_000;

const LOCALES: Record<NotificationLanguage, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

const TEXTS: Record<TrialReminder, Record<NotificationLanguage, { subject: string; body: string }>> = {
  three_days: {
    en: {
      subject: 'Your RentalOps trial ends in 3 days',
      body: 'Hello {{name}},\n\nThe {{days}}-day free trial of {{company}} ends on {{date}}. Choose a plan before then to keep working without interruption:\n{{link}}\n\nAfter the trial your data is kept, but changes are paused until a plan is chosen.',
    },
    pt: {
      subject: 'Seu teste do RentalOps termina em 3 dias',
      body: 'Olá {{name}},\n\nO teste grátis de {{days}} dias de {{company}} termina em {{date}}. Escolha um plano antes disso para continuar trabalhando sem interrupção:\n{{link}}\n\nDepois do teste seus dados ficam guardados, mas as alterações ficam pausadas até um plano ser escolhido.',
    },
    es: {
      subject: 'Tu prueba de RentalOps termina en 3 días',
      body: 'Hola {{name}}:\n\nLa prueba gratuita de {{days}} días de {{company}} termina el {{date}}. Elige un plan antes para seguir trabajando sin interrupciones:\n{{link}}\n\nDespués de la prueba tus datos se conservan, pero los cambios quedan en pausa hasta que se elija un plan.',
    },
  },
  one_day: {
    en: {
      subject: 'Your RentalOps trial ends tomorrow',
      body: 'Hello {{name}},\n\nThe free trial of {{company}} ends on {{date}}, in less than a day. Choose a plan now to keep working without interruption:\n{{link}}',
    },
    pt: {
      subject: 'Seu teste do RentalOps termina amanhã',
      body: 'Olá {{name}},\n\nO teste grátis de {{company}} termina em {{date}}, em menos de um dia. Escolha um plano agora para continuar trabalhando sem interrupção:\n{{link}}',
    },
    es: {
      subject: 'Tu prueba de RentalOps termina mañana',
      body: 'Hola {{name}}:\n\nLa prueba gratuita de {{company}} termina el {{date}}, en menos de un día. Elige un plan ahora para seguir trabajando sin interrupciones:\n{{link}}',
    },
  },
  ended: {
    en: {
      subject: 'Your RentalOps trial has ended',
      body: 'Hello {{name}},\n\nThe free trial of {{company}} ended on {{date}}. Nothing has been deleted: your team can still see everything, but changes are paused until you choose a plan:\n{{link}}',
    },
    pt: {
      subject: 'Seu teste do RentalOps terminou',
      body: 'Olá {{name}},\n\nO teste grátis de {{company}} terminou em {{date}}. Nada foi apagado: sua equipe ainda vê tudo, mas as alterações ficam pausadas até você escolher um plano:\n{{link}}',
    },
    es: {
      subject: 'Tu prueba de RentalOps ha terminado',
      body: 'Hola {{name}}:\n\nLa prueba gratuita de {{company}} terminó el {{date}}. No se ha borrado nada: tu equipo aún puede verlo todo, pero los cambios quedan en pausa hasta que elijas un plan:\n{{link}}',
    },
  },
};

const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** The reminder e-mail in the CEO's language. */
export function reminderMail(reminder: TrialReminder, language: NotificationLanguage, params: { name: string; company: string; trialEndsAt: string; timeZone: string }) {
  const date = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: params.timeZone }).format(new Date(params.trialEndsAt));
  const link = `${optionalEnv('APP_URL', 'http://localhost:3000').replace(/\/+$/, '')}/pricing`;
  const text = TEXTS[reminder][language];
  const values = { name: params.name, company: params.company, date, link, days: TRIAL_DAYS };
  return { subject: fill(text.subject, values), text: fill(text.body, values) };
}

/** What one message of the trial-reminders queue came to. */
export type TrialReminderOutcome = 'sent' | 'alreadySent' | 'notDue';

/**
 * The worker's part: the job's reminder to the company's CEOs, once. Nothing when the company left
 * the trial, its end moved, or another reminder is due now (the company item is the truth, read
 * again: the message may be late or redelivered). Throws when a send fails, the claim given back.
 */
export async function remindTrialCompany(job: TrialReminderJob, send: Mailer = mailer): Promise<TrialReminderOutcome> {
  const company = await getCompany(job.companyId);
  if (!company || company.plan !== 'trial' || !company.trialEndsAt) return 'notDue';
  const trialEndsAt = new Date(company.trialEndsAt).toISOString();
  const now = new Date(job.at);
  if (trialEndsAt !== new Date(job.trialEndsAt).toISOString() || dueReminder(trialEndsAt, now) !== job.reminder) return 'notDue';
  const reminder: TrialReminder = job.reminder;
  const marker = keys.trialReminder(company.id, reminder, trialEndsAt);
  if (!(await claimOnce(marker, new Date(now.getTime() + 30 * DAY_MS), { reminder, trialEndsAt, claimedAt: now.toISOString() }))) return 'alreadySent';
  try {
    // The master account is never read-only: its own company's trial is not announced to it.
    const ceos = (await listUsers(company.id)).filter((user) => user.role === 'ceo' && !isMasterEmail(user.email));
    for (const ceo of ceos) {
      const { member } = await getMemberPreferences(company.id, ceo.id, company);
      const mail = reminderMail(reminder, member.language, {
        name: ceo.firstName ?? ceo.email,
        company: company.name,
        trialEndsAt,
        timeZone: company.timezone ?? 'America/New_York',
      });
      await send.send({ to: ceo.email, ...mail });
    }
    return 'sent';
  } catch (error) {
    await releaseClaim(marker);
    throw error;
  }
}
