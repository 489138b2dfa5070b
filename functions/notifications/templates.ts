// The texts of the notifications, in the recipient's notification language (pt, en, es): an e-mail
// subject and body, and a one-line SMS. Dates are shown in the company's time zone.
import type { NotificationLanguage, TaskType } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import { optionalEnv } from '#functions/lib/env';

type Texts = Record<NotificationLanguage, string>;

const APP_URL = optionalEnv('APP_URL', 'http://localhost:3000').replace(/\/+$/, '');

const LOCALES: Record<NotificationLanguage, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

const TASK_TYPES: Record<TaskType, Texts> = {
  cleaning: { pt: 'limpeza', en: 'cleaning', es: 'limpieza' },
  maintenance: { pt: 'manutenção', en: 'maintenance', es: 'mantenimiento' },
  laundry: { pt: 'lavanderia', en: 'laundry', es: 'lavandería' },
};

const TEXTS = {
  'taskAssigned.subject': { pt: 'Tarefa atribuída: {{title}}', en: 'Task assigned: {{title}}', es: 'Tarea asignada: {{title}}' },
  'taskAssigned.body': {
    pt: 'A tarefa "{{title}}" ({{type}}) em {{property}} foi atribuída a {{assignee}}.{{due}}',
    en: 'The task "{{title}}" ({{type}}) at {{property}} was assigned to {{assignee}}.{{due}}',
    es: 'La tarea "{{title}}" ({{type}}) en {{property}} fue asignada a {{assignee}}.{{due}}',
  },
  due: { pt: ' Prazo: {{date}}.', en: ' Due: {{date}}.', es: ' Plazo: {{date}}.' },
  'taskCompleted.subject': { pt: 'Tarefa concluída: {{title}}', en: 'Task completed: {{title}}', es: 'Tarea completada: {{title}}' },
  'taskCompleted.body': {
    pt: 'A tarefa "{{title}}" ({{type}}) em {{property}} foi concluída por {{who}} em {{date}}.',
    en: 'The task "{{title}}" ({{type}}) at {{property}} was completed by {{who}} on {{date}}.',
    es: 'La tarea "{{title}}" ({{type}}) en {{property}} fue completada por {{who}} el {{date}}.',
  },
  'propertyIssue.subject': {
    pt: 'Problema reportado em {{property}}',
    en: 'Issue reported at {{property}}',
    es: 'Problema reportado en {{property}}',
  },
  'propertyIssue.body': {
    pt: '{{who}} reportou um problema em {{property}}: "{{title}}".{{details}}',
    en: '{{who}} reported an issue at {{property}}: "{{title}}".{{details}}',
    es: '{{who}} reportó un problema en {{property}}: "{{title}}".{{details}}',
  },
  'checkin.subject': {
    pt: 'Check-in amanhã: {{guest}} em {{property}}',
    en: 'Check-in tomorrow: {{guest}} at {{property}}',
    es: 'Check-in mañana: {{guest}} en {{property}}',
  },
  'checkin.body': {
    pt: '{{guest}} faz check-in amanhã, {{date}}, em {{property}} (check-out {{checkout}}).',
    en: '{{guest}} checks in tomorrow, {{date}}, at {{property}} (check-out {{checkout}}).',
    es: '{{guest}} hace check-in mañana, {{date}}, en {{property}} (check-out {{checkout}}).',
  },
  'test.subject': { pt: 'Teste de notificação', en: 'Notification test', es: 'Prueba de notificación' },
  'test.body': {
    pt: 'Este é um SMS de teste. Suas notificações por SMS estão funcionando.',
    en: 'This is a test SMS. Your SMS notifications are working.',
    es: 'Este es un SMS de prueba. Tus notificaciones por SMS funcionan.',
  },
  'manual.subject': { pt: 'Mensagem do RentalOps', en: 'Message from RentalOps', es: 'Mensaje de RentalOps' },
  'confirmation.subject': {
    pt: 'RentalOps: email de confirmação de teste',
    en: 'RentalOps: test confirmation e-mail',
    es: 'RentalOps: correo de confirmación de prueba',
  },
  'confirmation.body': {
    pt: 'Olá,\n\nEste é um email de confirmação de teste enviado pelo RentalOps a pedido de {{who}} ({{company}}). Se você o recebeu, o envio de emails está funcionando.',
    en: 'Hello,\n\nThis is a test confirmation e-mail sent by RentalOps at the request of {{who}} ({{company}}). If you received it, e-mail delivery works.',
    es: 'Hola,\n\nEste es un correo de confirmación de prueba enviado por RentalOps a petición de {{who}} ({{company}}). Si lo recibiste, el envío de correos funciona.',
  },
  'sesCheck.subject': { pt: 'RentalOps: teste de conexão SES', en: 'RentalOps: SES connection test', es: 'RentalOps: prueba de conexión SES' },
  'sesCheck.body': {
    pt: 'Mensagem de teste da conexão de email do RentalOps.',
    en: 'RentalOps e-mail connection test message.',
    es: 'Mensaje de prueba de la conexión de correo de RentalOps.',
  },
  footer: {
    pt: 'Você recebe este aviso pelas suas preferências de notificação: {{url}}',
    en: 'You receive this according to your notification preferences: {{url}}',
    es: 'Recibes este aviso según tus preferencias de notificación: {{url}}',
  },
  someone: { pt: 'alguém da equipe', en: 'a team member', es: 'alguien del equipo' },
} satisfies Record<string, Texts>;

export type TextKey = keyof typeof TEXTS;

export function text(key: TextKey, language: NotificationLanguage, params: Record<string, string | number> = {}): string {
  return translateMessage(TEXTS[key][language], language, params);
}

export function taskTypeName(type: TaskType, language: NotificationLanguage): string {
  return TASK_TYPES[type][language];
}

export function formatDateTime(iso: string, language: NotificationLanguage, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

export function formatDate(iso: string, language: NotificationLanguage, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

/** What one notification says: e-mail subject and body, and the SMS line. */
export interface NotificationContent {
  subject: string;
  text: string;
  sms: string;
}

/** An event notification: the body, with the preferences link under the e-mail and "RentalOps:" before the SMS. */
export function eventContent(subject: string, body: string, language: NotificationLanguage): NotificationContent {
  return {
    subject,
    text: `${body}\n\n— RentalOps\n${text('footer', language, { url: `${APP_URL}/notifications` })}`,
    sms: `RentalOps: ${body}`,
  };
}

export const notificationsUrl = () => `${APP_URL}/notifications`;
