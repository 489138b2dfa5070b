// Outgoing SMS behind a port. In AWS (the default): SNS Publish to the phone number (transactional,
// with a sender id when SMS_SENDER_ID is set). Under `npm start` and in tests local/ports.ts
// configures the dev outbox instead (local/outbox.ts: one JSON line per message, shown at /dev/outbox).
import type { SNSClient } from '@aws-sdk/client-sns';
import { onFirstUse } from '#functions/lib/on-first-use';
import { traceClient } from '#functions/lib/tracing';
import { definePort } from '#functions/lib/ports';

export interface OutgoingSms {
  /** E.164, e.g. +5511999999999 */
  to: string;
  message: string;
}

export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}

export class SnsSmsSender implements SmsSender {
  constructor(
    /** The client, or how to make it on first use. */
    private readonly client: SNSClient | (() => Promise<SNSClient>),
    private readonly senderId?: string,
  ) {}

  async send(sms: OutgoingSms): Promise<void> {
    const { PublishCommand } = await import('@aws-sdk/client-sns');
    const client = typeof this.client === 'function' ? await this.client() : this.client;
    await client.send(
      new PublishCommand({
        PhoneNumber: sms.to,
        Message: sms.message,
        MessageAttributes: {
          'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
          ...(this.senderId ? { 'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: this.senderId } } : {}),
        },
      }),
    );
  }
}

/** The AWS adapter: SNS, its client made on the first SMS. */
export function snsSmsSender(): SnsSmsSender {
  const client = onFirstUse(async () => {
    const { SNSClient } = await import('@aws-sdk/client-sns');
    return traceClient(new SNSClient({ maxAttempts: 2, requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 } }));
  });
  return new SnsSmsSender(client, process.env.SMS_SENDER_ID || undefined);
}

export const smsPort = definePort<SmsSender>('sms', snsSmsSender);

/** For composition roots (local/ports.ts) and tests: every later SMS goes through `sender`. */
export function configureSmsSender(sender: SmsSender): void {
  smsPort.configure(sender);
}

/** Sends through the port's adapter (the configured one, else SNS): what the notifier uses. */
export const smsSender: SmsSender = {
  send: async (sms) => (await smsPort.use()).send(sms),
};
