// "Testar Conexão" of the Email tab. With SMTP settings: a real SMTP handshake (nodemailer
// verify(): connect, EHLO, STARTTLS when offered, and AUTH when a user is given) with short
// timeouts; nothing is sent and nothing is stored. With an empty form: the SES configuration the
// product sends with, by sending to the SES mailbox simulator (success@simulator.amazonses.com,
// which accepts mail without delivering it or counting against reputation; the local SES stand-in
// records it in the dev outbox).
//
// The host is resolved first and private, loopback and link-local addresses are refused unless
// SMTP_ALLOW_PRIVATE_HOSTS=true (set locally and in tests): any CEO (every sign-up is one) could
// otherwise make the function probe internal networks. Nodemailer then connects to the address that
// was checked (no second DNS answer), with the original name for TLS.
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import type { UiLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import type { Mailer } from '#functions/mail/mailer';
import { errorText } from './notifier';
import { text } from './templates';

export const SES_SIMULATOR_ADDRESS = 'success@simulator.amazonses.com';
const ALLOW_PRIVATE_HOSTS = process.env.SMTP_ALLOW_PRIVATE_HOSTS === 'true';

export interface CheckResult {
  success: boolean;
  message: string;
}

export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  pass?: string;
}

function ipv4Private(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

/** Loopback, private, carrier-grade NAT, link-local, multicast and unspecified addresses. */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) return ipv4Private(ip);
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return ipv4Private(mapped[1]);
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
}

function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export async function checkSmtp(
  settings: SmtpSettings,
  language: UiLanguage,
  options: { allowPrivateHosts?: boolean; timeoutMs?: number } = {},
): Promise<CheckResult> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const allowPrivate = options.allowPrivateHosts ?? ALLOW_PRIVATE_HOSTS;
  const failed = (error: unknown): CheckResult => ({
    success: false,
    message: translateMessage('email.connectionFailed', language, { error: errorText(error) }),
  });
  let address: string;
  try {
    address = net.isIP(settings.host) ? settings.host : (await withDeadline(lookup(settings.host), timeoutMs, settings.host)).address;
  } catch (error) {
    return failed(error);
  }
  if (!allowPrivate && isPrivateAddress(address)) {
    return { success: false, message: translateMessage('email.hostNotAllowed', language) };
  }
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: address,
    port: settings.port,
    secure: settings.port === 465,
    auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
    tls: net.isIP(settings.host) ? undefined : { servername: settings.host },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    name: 'rentalops',
  });
  try {
    await withDeadline(transport.verify(), timeoutMs * 2, `${settings.host}:${settings.port}`);
    return { success: true, message: translateMessage('email.connectionOk', language, { host: settings.host, port: settings.port }) };
  } catch (error) {
    return failed(error);
  } finally {
    transport.close();
  }
}

/** Sends one message through the product's mailer (SES) to the SES mailbox simulator. */
export async function checkSes(mail: Mailer, from: string, language: UiLanguage, timeoutMs = 8_000): Promise<CheckResult> {
  try {
    await withDeadline(
      mail.send({ to: SES_SIMULATOR_ADDRESS, subject: text('sesCheck.subject', language), text: text('sesCheck.body', language) }),
      timeoutMs,
      'Amazon SES',
    );
    return { success: true, message: translateMessage('email.sesOk', language, { from }) };
  } catch (error) {
    return { success: false, message: translateMessage('email.connectionFailed', language, { error: errorText(error) }) };
  }
}
