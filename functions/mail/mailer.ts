// Outgoing e-mail behind a small interface, with the SES implementation the app uses everywhere
// (locally the SES client reaches aws-ses-v2-local through AWS_ENDPOINT_URL_SES). The client is
// created once per module and has timeouts: a stand-in that does not answer must not hang a request.
import type { SESClient } from '@aws-sdk/client-ses';
import { requireEnv } from '#functions/lib/env';
import { onFirstUse } from '#functions/lib/on-first-use';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
    const { SendEmailCommand } = await import('@aws-sdk/client-ses');
    await this.client.send(
      new SendEmailCommand({
        Source: this.from,
        Destination: { ToAddresses: [mail.to] },
        Message: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
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
  return new SesMailer(new SESClient({ maxAttempts: 2, requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 } }), EMAIL_FROM);
});

export const mailer: Mailer = { send: async (mail) => (await sesMailer()).send(mail) };
