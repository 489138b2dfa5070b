// The identity e-mails (confirmation link, password-reset link), written in the language of the
// request that caused them. Texts live in shared/messages.ts; the HTML part is the same text, escaped.
import type { UiLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import { optionalEnv } from '#functions/lib/env';
import type { OutgoingMail } from '#functions/mail/mailer';

const APP_URL = optionalEnv('APP_URL', 'http://localhost:3000').replace(/\/+$/, '');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function compose(
  to: string,
  kind: 'confirm' | 'reset',
  link: string,
  name: string,
  language: UiLanguage,
): OutgoingMail {
  const text = translateMessage(`email.${kind}.body`, language, { name, link });
  const html = escapeHtml(text)
    .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
    .replace(/\n/g, '<br>\n');
  return { to, subject: translateMessage(`email.${kind}.subject`, language), text, html: `<p>${html}</p>` };
}

export function confirmationEmail(to: string, token: string, name: string, language: UiLanguage): OutgoingMail {
  return compose(to, 'confirm', `${APP_URL}/confirm-email?token=${encodeURIComponent(token)}`, name, language);
}

/**
 * To the owner of an address someone tried to register again (issue 43 point 4): no link that acts,
 * only where to sign in and where to choose a new password, in the owner's language.
 */
export function registerAttemptEmail(to: string, name: string, language: UiLanguage): OutgoingMail {
  const signInLink = `${APP_URL}/login`;
  const resetLink = `${APP_URL}/forgot-password`;
  const text = translateMessage('email.registerAttempt.body', language, { name, signInLink, resetLink });
  const html = escapeHtml(text)
    .replace(escapeHtml(signInLink), `<a href="${escapeHtml(signInLink)}">${escapeHtml(signInLink)}</a>`)
    .replace(escapeHtml(resetLink), `<a href="${escapeHtml(resetLink)}">${escapeHtml(resetLink)}</a>`)
    .replace(/\n/g, '<br>\n');
  return { to, subject: translateMessage('email.registerAttempt.subject', language), text, html: `<p>${html}</p>` };
}

export function passwordResetEmail(to: string, token: string, name: string, language: UiLanguage): OutgoingMail {
  return compose(to, 'reset', `${APP_URL}/reset-password?token=${encodeURIComponent(token)}`, name, language);
}
