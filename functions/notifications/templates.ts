// The texts of the notifications, in the recipient's notification language (pt, en, es): an e-mail
// subject and body, and a one-line SMS. Dates are shown in the company's time zone.
import type { NotificationLanguage, Role, TaskType } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import { optionalEnv } from '#functions/lib/env';

type Texts = Record<NotificationLanguage, string>;

const APP_URL = optionalEnv('APP_URL', 'http://localhost:3000').replace(/\/+$/, '');

/** The Intl locale of each notification language (dates and times in the texts). */
export const LOCALES: Record<NotificationLanguage, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

const TASK_TYPES: Record<TaskType, Texts> = {
  cleaning: { pt: 'limpeza', en: 'cleaning', es: 'limpieza' },
  maintenance: { pt: 'manutenção', en: 'maintenance', es: 'mantenimiento' },
  laundry: { pt: 'lavanderia', en: 'laundry', es: 'lavandería' },
  inspection: { pt: 'inspeção', en: 'inspection', es: 'inspección' },
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
  'reservationCreated.subject': {
    pt: 'Nova reserva: {{guest}} em {{property}}',
    en: 'New reservation: {{guest}} at {{property}}',
    es: 'Nueva reserva: {{guest}} en {{property}}',
  },
  'reservationCreated.body': {
    pt: 'Nova reserva em {{property}}: {{guest}}, de {{checkin}} a {{checkout}}.{{origin}}',
    en: 'New reservation at {{property}}: {{guest}}, {{checkin}} to {{checkout}}.{{origin}}',
    es: 'Nueva reserva en {{property}}: {{guest}}, del {{checkin}} al {{checkout}}.{{origin}}',
  },
  'reservationChanged.subject': {
    pt: 'Reserva alterada: {{guest}} em {{property}}',
    en: 'Reservation changed: {{guest}} at {{property}}',
    es: 'Reserva modificada: {{guest}} en {{property}}',
  },
  'reservationChanged.body': {
    pt: 'As datas da reserva de {{guest}} em {{property}} mudaram: agora de {{checkin}} a {{checkout}}.{{origin}}',
    en: "The dates of {{guest}}'s reservation at {{property}} changed: now {{checkin}} to {{checkout}}.{{origin}}",
    es: 'Las fechas de la reserva de {{guest}} en {{property}} cambiaron: ahora del {{checkin}} al {{checkout}}.{{origin}}',
  },
  'reservationCancelled.subject': {
    pt: 'Reserva cancelada: {{guest}} em {{property}}',
    en: 'Reservation cancelled: {{guest}} at {{property}}',
    es: 'Reserva cancelada: {{guest}} en {{property}}',
  },
  'reservationCancelled.body': {
    pt: 'A reserva de {{guest}} em {{property}} ({{checkin}} a {{checkout}}) foi cancelada.{{origin}}{{reason}}',
    en: "{{guest}}'s reservation at {{property}} ({{checkin}} to {{checkout}}) was cancelled.{{origin}}{{reason}}",
    es: 'La reserva de {{guest}} en {{property}} (del {{checkin}} al {{checkout}}) fue cancelada.{{origin}}{{reason}}',
  },
  'reservation.reason': { pt: ' Motivo: {{reason}}.', en: ' Reason: {{reason}}.', es: ' Motivo: {{reason}}.' },
  'reservation.addedBy': { pt: ' Registrada por {{who}}.', en: ' Added by {{who}}.', es: ' Registrada por {{who}}.' },
  'reservation.changedBy': { pt: ' Alterada por {{who}}.', en: ' Changed by {{who}}.', es: ' Modificada por {{who}}.' },
  'reservation.cancelledBy': { pt: ' Cancelada por {{who}}.', en: ' Cancelled by {{who}}.', es: ' Cancelada por {{who}}.' },
  'reservation.imported': {
    pt: ' Importada do calendário {{source}}.',
    en: ' Imported from the {{source}} calendar.',
    es: ' Importada del calendario de {{source}}.',
  },
  'reservation.changedInFeed': {
    pt: ' Alterada no calendário {{source}}.',
    en: ' Changed in the {{source}} calendar.',
    es: ' Modificada en el calendario de {{source}}.',
  },
  'calendarFailed.subject': {
    pt: 'Falha na sincronização do calendário: {{property}}',
    en: 'Calendar sync failed: {{property}}',
    es: 'Error al sincronizar el calendario: {{property}}',
  },
  'calendarFailed.body': {
    pt: 'O calendário {{source}} de {{property}} não pôde ser importado: {{error}}. Nada foi alterado; o RentalOps tenta de novo na próxima sincronização. Verifique o link do calendário.',
    en: 'The {{source}} calendar of {{property}} could not be imported: {{error}}. Nothing was changed; RentalOps tries again at the next sync. Check the calendar link.',
    es: 'El calendario de {{source}} de {{property}} no se pudo importar: {{error}}. No se cambió nada; RentalOps lo intenta de nuevo en la próxima sincronización. Revisa el enlace del calendario.',
  },
  'bookingMissing.subject': {
    pt: 'Reserva sumiu do calendário {{source}}: {{guest}} em {{property}}',
    en: 'Booking gone from the {{source}} calendar: {{guest}} at {{property}}',
    es: 'Reserva desaparecida del calendario de {{source}}: {{guest}} en {{property}}',
  },
  'bookingMissing.body': {
    pt: 'A reserva de {{guest}} em {{property}} ({{checkin}} a {{checkout}}) não está mais no calendário {{source}}. Ela não foi cancelada: abra a reserva para mantê-la ou cancelá-la.',
    en: "{{guest}}'s booking at {{property}} ({{checkin}} to {{checkout}}) is no longer in the {{source}} calendar. It was not cancelled: open the reservation to keep it or cancel it.",
    es: 'La reserva de {{guest}} en {{property}} (del {{checkin}} al {{checkout}}) ya no está en el calendario de {{source}}. No se canceló: abre la reserva para mantenerla o cancelarla.',
  },
  'doubleBooking.subject': {
    pt: 'URGENTE: reserva dupla em {{property}} ({{checkin}} a {{checkout}})',
    en: 'URGENT: double booking at {{property}} ({{checkin}} to {{checkout}})',
    es: 'URGENTE: reserva doble en {{property}} (del {{checkin}} al {{checkout}})',
  },
  'doubleBooking.body': {
    pt: '{{property}} está reservada duas vezes nas noites de {{checkin}} a {{checkout}}: {{guest}} ({{source}}) e {{others}}. As duas reservas foram mantidas e marcadas; cancele ou mude uma delas: {{url}}',
    en: '{{property}} is booked twice for the nights of {{checkin}} to {{checkout}}: {{guest}} ({{source}}) and {{others}}. Both bookings were kept and flagged; cancel or move one of them: {{url}}',
    es: '{{property}} está reservada dos veces las noches del {{checkin}} al {{checkout}}: {{guest}} ({{source}}) y {{others}}. Se mantuvieron las dos reservas, marcadas; cancela o mueve una de ellas: {{url}}',
  },
  'memberJoined.subject': { pt: 'Novo membro: {{name}}', en: 'New member: {{name}}', es: 'Nuevo miembro: {{name}}' },
  'memberJoined.body': {
    pt: '{{name}} ({{email}}) aceitou o convite e entrou na {{company}} como {{role}}.',
    en: '{{name}} ({{email}}) accepted the invitation and joined {{company}} as {{role}}.',
    es: '{{name}} ({{email}}) aceptó la invitación y se unió a {{company}} como {{role}}.',
  },
  'memberRoleChanged.subject': {
    pt: 'Função alterada: {{name}} agora é {{role}}',
    en: 'Role changed: {{name}} is now {{role}}',
    es: 'Rol cambiado: {{name}} ahora es {{role}}',
  },
  'memberRoleChanged.body': {
    pt: '{{who}} alterou a função de {{name}} de {{previous}} para {{role}}.',
    en: "{{who}} changed {{name}}'s role from {{previous}} to {{role}}.",
    es: '{{who}} cambió el rol de {{name}} de {{previous}} a {{role}}.',
  },
  'memberRemoved.subject': { pt: 'Membro removido: {{name}}', en: 'Member removed: {{name}}', es: 'Miembro eliminado: {{name}}' },
  'memberRemoved.body': {
    pt: '{{who}} removeu {{name}} ({{email}}, {{role}}) da {{company}}. A sessão foi encerrada e o acesso à empresa, revogado.',
    en: '{{who}} removed {{name}} ({{email}}, {{role}}) from {{company}}. They were signed out and can no longer access the company.',
    es: '{{who}} eliminó a {{name}} ({{email}}, {{role}}) de {{company}}. Se cerró su sesión y ya no tiene acceso a la empresa.',
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

const SOURCES: Record<string, Texts> = {
  airbnb: { pt: 'Airbnb', en: 'Airbnb', es: 'Airbnb' },
  vrbo: { pt: 'Vrbo', en: 'Vrbo', es: 'Vrbo' },
  booking: { pt: 'Booking.com', en: 'Booking.com', es: 'Booking.com' },
  ical: { pt: 'iCal', en: 'iCal', es: 'iCal' },
};

/** A feed's channel as people call it (Airbnb, Booking.com…); an unknown one as given. */
export function sourceName(source: string | null | undefined, language: NotificationLanguage): string {
  return (source && SOURCES[source]?.[language]) || (source ?? SOURCES.ical[language]);
}

/** A role's label (CEO, Manager / Gerente…), from the shared messages. */
export function roleName(role: Role, language: NotificationLanguage): string {
  return translateMessage(`team.role.${role}`, language);
}

export function formatDateTime(iso: string, language: NotificationLanguage, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

export function formatDate(iso: string, language: NotificationLanguage, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD) as people read it in the language ("7 de dez. de 2026"). */
export function formatCalendarDayFor(day: string, language: NotificationLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
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
