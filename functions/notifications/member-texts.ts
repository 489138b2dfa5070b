// What a member is told about their own work, in their language (pt, en, es): the notices of a task
// assigned, taken off them, moved or cancelled, and the evening digest of tomorrow's tasks. Times
// are the company's (its time zone); the link opens the task; same-day turnovers are marked.
import type { NotificationLanguage, TaskType } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import { optionalEnv } from '#functions/lib/env';
import { LOCALES, taskTypeName, type NotificationContent } from './templates';

type Texts = Record<NotificationLanguage, string>;

const TEXTS = {
  'assigned.subject': { pt: 'Nova tarefa para você: {{title}} ({{when}})', en: 'New task for you: {{title}} ({{when}})', es: 'Nueva tarea para ti: {{title}} ({{when}})' },
  'assigned.body': {
    pt: 'A tarefa "{{title}}" ({{type}}) em {{property}}, {{when}}, agora é sua.{{sameDay}}',
    en: 'You were assigned "{{title}}" ({{type}}) at {{property}}, {{when}}.{{sameDay}}',
    es: 'Se te asignó "{{title}}" ({{type}}) en {{property}}, {{when}}.{{sameDay}}',
  },
  'unassigned.subject': { pt: 'Tarefa retirada de você: {{title}}', en: 'Task taken off you: {{title}}', es: 'Tarea retirada: {{title}}' },
  'unassigned.body': {
    pt: '"{{title}}" ({{type}}) em {{property}}, {{when}}, não está mais com você. Nada a fazer.',
    en: '"{{title}}" ({{type}}) at {{property}}, {{when}}, is no longer yours. Nothing to do.',
    es: '"{{title}}" ({{type}}) en {{property}}, {{when}}, ya no es tuya. No tienes que hacer nada.',
  },
  'rescheduled.subject': { pt: 'Tarefa remarcada: {{title}} ({{when}})', en: 'Task moved: {{title}} ({{when}})', es: 'Tarea cambiada de fecha: {{title}} ({{when}})' },
  'rescheduled.body': {
    pt: '"{{title}}" ({{type}}) em {{property}} mudou: agora {{when}} (antes {{previous}}).{{sameDay}}',
    en: '"{{title}}" ({{type}}) at {{property}} moved: now {{when}} (was {{previous}}).{{sameDay}}',
    es: '"{{title}}" ({{type}}) en {{property}} cambió: ahora {{when}} (antes {{previous}}).{{sameDay}}',
  },
  'cancelled.subject': { pt: 'Tarefa cancelada: {{title}}', en: 'Task cancelled: {{title}}', es: 'Tarea cancelada: {{title}}' },
  'cancelled.body': {
    pt: '"{{title}}" ({{type}}) em {{property}}, {{when}}, foi cancelada. Nada a fazer.',
    en: '"{{title}}" ({{type}}) at {{property}}, {{when}}, was cancelled. Nothing to do.',
    es: '"{{title}}" ({{type}}) en {{property}}, {{when}}, fue cancelada. No tienes que hacer nada.',
  },
  'inspection_failed.subject': { pt: 'Inspeção reprovada: {{title}}', en: 'Inspection failed: {{title}}', es: 'Inspección suspendida: {{title}}' },
  'inspection_failed.body': {
    pt: '"{{title}}" ({{type}}) em {{property}} foi reprovada na inspeção e está aberta de novo.{{details}}',
    en: '"{{title}}" ({{type}}) at {{property}} failed its inspection and is open again.{{details}}',
    es: '"{{title}}" ({{type}}) en {{property}} no pasó la inspección y vuelve a estar abierta.{{details}}',
  },
  sameDay: {
    pt: ' Troca no mesmo dia: hóspede chega às {{time}}.',
    en: ' Same-day turnover: guest arrives {{time}}.',
    es: ' Cambio el mismo día: el huésped llega a las {{time}}.',
  },
  noDate: { pt: 'sem data', en: 'no date set', es: 'sin fecha' },
  open: { pt: 'Abrir: {{url}}', en: 'Open it: {{url}}', es: 'Abrir: {{url}}' },
  // Counted texts: one key per plural category of the language (countedText picks it).
  'digest.subject.one': {
    pt: 'Amanhã ({{date}}): {{count}} tarefa',
    en: 'Tomorrow ({{date}}): {{count}} task',
    es: 'Mañana ({{date}}): {{count}} tarea',
  },
  'digest.subject.other': {
    pt: 'Amanhã ({{date}}): {{count}} tarefas',
    en: 'Tomorrow ({{date}}): {{count}} tasks',
    es: 'Mañana ({{date}}): {{count}} tareas',
  },
  'digest.intro': {
    pt: 'Suas tarefas de amanhã, {{date}}:',
    en: 'Your tasks for tomorrow, {{date}}:',
    es: 'Tus tareas de mañana, {{date}}:',
  },
  'digest.line': { pt: '{{time}}  {{title}} ({{type}}) em {{property}}', en: '{{time}}  {{title}} ({{type}}) at {{property}}', es: '{{time}}  {{title}} ({{type}}) en {{property}}' },
  'digest.sms.one': {
    pt: 'amanhã {{count}} tarefa: {{list}}',
    en: 'tomorrow {{count}} task: {{list}}',
    es: 'mañana {{count}} tarea: {{list}}',
  },
  'digest.sms.other': {
    pt: 'amanhã {{count}} tarefas: {{list}}',
    en: 'tomorrow {{count}} tasks: {{list}}',
    es: 'mañana {{count}} tareas: {{list}}',
  },
  'digest.sameDayShort': { pt: 'troca no mesmo dia', en: 'same-day turnover', es: 'cambio el mismo día' },
  'digest.myDay': { pt: 'Seu dia: {{url}}', en: 'Your day: {{url}}', es: 'Tu día: {{url}}' },
  footer: {
    pt: 'Você recebe estes avisos pelas suas configurações de notificação: {{url}}',
    en: 'You get these notices by your notification settings: {{url}}',
    es: 'Recibes estos avisos según tu configuración de notificaciones: {{url}}',
  },
} satisfies Record<string, Texts>;

export type MemberTextKey = keyof typeof TEXTS;

export function memberText(key: MemberTextKey, language: NotificationLanguage, params: Record<string, string | number> = {}): string {
  return translateMessage(TEXTS[key][language], language, params);
}

type CountedKey = MemberTextKey extends infer K ? (K extends `${infer Base}.one` ? Base : never) : never;

/**
 * A text with a count, in the language's plural form ("1 tarea", "2 tareas"): the key's `.one`
 * text when the language's plural rules (Intl.PluralRules) say "one", else its `.other` text.
 */
export function countedText(key: CountedKey, language: NotificationLanguage, count: number, params: Record<string, string | number> = {}): string {
  const form = new Intl.PluralRules(LOCALES[language]).select(count) === 'one' ? 'one' : 'other';
  return memberText(`${key}.${form}`, language, { ...params, count });
}

export const appUrl = (): string => optionalEnv('APP_URL', 'http://localhost:3000').replace(/\/+$/, '');
export const taskUrl = (taskId: string): string => `${appUrl()}/tasks/${encodeURIComponent(taskId)}`;
export const propertyUrl = (propertyId: string): string => `${appUrl()}/properties/${encodeURIComponent(propertyId)}`;
/** The member's own notification settings screen. */
export const myNotificationsUrl = (): string => `${appUrl()}/account/notifications`;
/** An owner's notification settings, in the owner portal. */
export const ownerNotificationsUrl = (): string => `${appUrl()}/owner/notifications`;

export const typeName = (type: TaskType, language: NotificationLanguage): string => taskTypeName(type, language);

/** "Mar 15, 2026, 11:00 AM" in the company's zone, or "no date set". */
export function when(iso: string | null | undefined, language: NotificationLanguage, timeZone: string): string {
  if (!iso) return memberText('noDate', language);
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** "3:00 PM" / "15:00" in the company's zone. */
export function timeOfDay(iso: string, language: NotificationLanguage, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD) as people read it. */
export function dayName(day: string, language: NotificationLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/**
 * A notice: the body with its link and the settings footer in the e-mail (the recipient's own
 * settings page: a member's, or an owner's in the portal); the body and link in the SMS.
 */
export function noticeContent(subject: string, body: string, link: string, language: NotificationLanguage, settingsUrl = myNotificationsUrl()): NotificationContent {
  return {
    subject,
    text: `${body}\n\n${memberText('open', language, { url: link })}\n\n— RentalOps\n${memberText('footer', language, { url: settingsUrl })}`,
    sms: `RentalOps: ${body} ${link}`,
  };
}
