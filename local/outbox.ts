// The dev outbox: every e-mail (from the SES stand-in's store) and SMS (from the SMS port's local
// adapter below, configured by local/ports.ts) the product sent. Local only; never deployed.
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { E164_PATTERN } from '../shared/schemas';
import type { OutgoingSms, SmsSender } from '../functions/notifications/sms';

export interface OutboxEmail {
  at: string;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
}

export interface OutboxSms {
  at: string;
  to: string;
  message: string;
}

export interface Outbox {
  emails: OutboxEmail[];
  sms: OutboxSms[];
}

interface SesStoreEmail {
  at?: number | string;
  timestamp?: number | string;
  from?: string;
  destination?: { to?: string[] };
  subject?: string;
  body?: { text?: string; html?: string };
}

export function smsOutboxFile(): string {
  return path.join(process.env.OUTBOX_DIR ?? path.resolve('.data', 'outbox'), 'sms.jsonl');
}

/** The SMS port's stand-in: appends `{at,to,message}` lines to the outbox file (smsOutboxFile()). */
export class OutboxSmsSender implements SmsSender {
  constructor(private readonly file: () => string = smsOutboxFile) {}

  async send(sms: OutgoingSms): Promise<void> {
    // SNS refuses a number that is not E.164; so does its stand-in.
    if (!E164_PATTERN.test(sms.to)) throw new Error(`Invalid parameter: PhoneNumber Reason: ${sms.to} is not valid to publish to`);
    const file = this.file();
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), to: sms.to, message: sms.message })}\n`, 'utf8');
  }
}

export async function readOutbox(): Promise<Outbox> {
  const emails: OutboxEmail[] = [];
  const storeUrl = process.env.SES_STORE_URL;
  if (storeUrl) {
    const response = await fetch(storeUrl, { signal: AbortSignal.timeout(3000) });
    const store = (await response.json()) as { emails?: SesStoreEmail[] };
    for (const email of store.emails ?? []) {
      const at = email.at ?? email.timestamp;
      emails.push({
        at: at ? new Date(typeof at === 'number' && at < 1e12 ? at * 1000 : at).toISOString() : '',
        from: email.from ?? '',
        to: email.destination?.to ?? [],
        subject: email.subject ?? '',
        text: email.body?.text,
        html: email.body?.html,
      });
    }
  }
  const file = smsOutboxFile();
  const sms: OutboxSms[] = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OutboxSms)
    : [];
  // Newest first; the SES stand-in stamps whole seconds, so messages of the same instant keep their
  // arrival order reversed (both stores append): the first one is the one sent last.
  const newestFirst = <T extends { at: string }>(list: T[]) => list.reverse().sort((a, b) => b.at.localeCompare(a.at));
  return { emails: newestFirst(emails), sms: newestFirst(sms) };
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const linkify = (text: string) => escape(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

export function renderOutboxPage(outbox: Outbox): string {
  const emails = outbox.emails
    .map(
      (e) => `<article><header><strong>${escape(e.subject)}</strong><small>${escape(e.at)} · ${escape(e.from)} → ${escape(e.to.join(', '))}</small></header><pre>${linkify(e.text ?? e.html?.replace(/<[^>]+>/g, '') ?? '')}</pre></article>`,
    )
    .join('');
  const sms = outbox.sms
    .map((s) => `<article><header><strong>${escape(s.to)}</strong><small>${escape(s.at)}</small></header><pre>${linkify(s.message)}</pre></article>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>RentalOps dev outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}article{border:1px solid #e5e7eb;border-radius:8px;padding:.75rem 1rem;margin:.5rem 0}
header{display:flex;justify-content:space-between;gap:1rem}small{color:#6b7280}pre{white-space:pre-wrap;font-family:inherit;margin:.5rem 0 0}</style></head>
<body><h1>Dev outbox</h1><p>Every e-mail and SMS the product sent on this machine (local only). JSON: <a href="/api/dev/outbox">/api/dev/outbox</a></p>
<h2>E-mail (${outbox.emails.length})</h2>${emails || '<p>None yet.</p>'}
<h2>SMS (${outbox.sms.length})</h2>${sms || '<p>None yet.</p>'}</body></html>`;
}
