// The invitation e-mail: who invited the person, to which company and role, and the link that sets
// their password (the reset-password page, with a 7-day token). Texts live in shared/messages.ts.
import type { Role, UiLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import type { OutgoingMail } from '#functions/mail/mailer';
import { optionalEnv } from '#functions/lib/env';

const APP_URL = optionalEnv('APP_URL', 'http://localhost:3000').replace(/\/+$/, '');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The reset-password page in its invitation wording (`invite=1`): the invitee chooses a first password. */
export function inviteLink(token: string): string {
  return `${APP_URL}/reset-password?token=${encodeURIComponent(token)}&invite=1`;
}

export function invitationEmail(
  to: string,
  token: string,
  details: { name: string; inviter: string; company: string; role: Role },
  language: UiLanguage,
): OutgoingMail {
  const link = inviteLink(token);
  const text = translateMessage('email.invite.body', language, {
    name: details.name,
    inviter: details.inviter,
    company: details.company,
    role: translateMessage(`team.role.${details.role}`, language),
    link,
  });
  const html = escapeHtml(text)
    .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
    .replace(/\n/g, '<br>\n');
  return { to, subject: translateMessage('email.invite.subject', language, { company: details.company }), text, html: `<p>${html}</p>` };
}
