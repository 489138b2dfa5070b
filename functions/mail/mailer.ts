// Outgoing e-mail behind a small interface, with the SES implementation the app uses everywhere
// (locally the SES client reaches aws-ses-v2-local through AWS_ENDPOINT_URL_SES). The client is
// created once per module and has timeouts: a stand-in that does not answer must not hang a request.
import type { SESClient } from '@aws-sdk/client-ses';
import { requireEnv } from '#functions/lib/env';
import { onFirstUse } from '#functions/lib/on-first-use';
import { traceClient } from '#functions/lib/tracing';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (the owner report's PDF): then it goes as a raw MIME message (SendRawEmail). */
  attachments?: MailAttachment[];
}

/**
 * The MIME message of a mail with attachments (nodemailer's composer; only in-memory contents,
 * never a path or URL for it to read).
 */
export async function rawMessage(from: string, mail: OutgoingMail): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  return new MailComposer({
    from,
    to: mail.to,
    subject: oneLineSubject(mail.subject),
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    attachments: (mail.attachments ?? []).map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build();
}

/**
 * A subject as one header line: every line break (CR, LF, U+2028/2029) and other control character
 * becomes a space. The forms refuse them in the names and titles subjects are made of; this holds
 * for text stored before that, and for any template.
 */
export function oneLineSubject(subject: string): string {
  return subject.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ');
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESClient,
    private readonly from: string,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    if (mail.attachments?.length) {
      const { SendRawEmailCommand } = await import('@aws-sdk/client-ses');
      await this.client.send(
        new SendRawEmailCommand({ Source: this.from, Destinations: [mail.to], RawMessage: { Data: await rawMessage(this.from, mail) } }),
      );
      return;
    }
    const { SendEmailCommand } = await import('@aws-sdk/client-ses');
    await this.client.send(
      new SendEmailCommand({
        Source: this.from,
        Destination: { ToAddresses: [mail.to] },
        Message: {
          Subject: { Data: oneLineSubject(mail.subject), Charset: 'UTF-8' },
          Body: {
            Text: { Data: mail.text, Charset: 'UTF-8' },
            ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
          },
        },
      }),
    );
  }
}

const EMAIL_FROM = requireEnv('EMAIL_FROM');

const sesMailer = onFirstUse(async () => {
  const { SESClient } = await import('@aws-sdk/client-ses');
  return new SesMailer(traceClient(new SESClient({ maxAttempts: 2, requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 } })), EMAIL_FROM);
});

export const mailer: Mailer = { send: async (mail) => (await sesMailer()).send(mail) };
