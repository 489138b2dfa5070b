// Outgoing e-mail behind a small interface, with the SES implementation the app uses everywhere
// (locally the SES client reaches aws-ses-v2-local through AWS_ENDPOINT_URL_SES). The client is
// created once per module and has timeouts: a stand-in that does not answer must not hang a request.
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { requireEnv } from '#functions/lib/env';

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

const ses = new SESClient({
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 },
});

export const mailer: Mailer = new SesMailer(ses, requireEnv('EMAIL_FROM'));
