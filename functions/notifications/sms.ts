// Outgoing SMS behind a small interface. In AWS: SNS Publish to the phone number (transactional,
// with a sender id when SMS_SENDER_ID is set). Under `npm start` and in tests (SMS_MODE=outbox):
// one JSON line {at,to,message} per message in the dev outbox file, which /dev/outbox shows.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SNSClient } from '@aws-sdk/client-sns';
import { onFirstUse } from '#functions/lib/on-first-use';
import { E164_PATTERN } from '#shared/schemas';
import { smsOutboxFile } from '../../local/outbox';

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

/** The dev outbox: appends `{at,to,message}` lines to local/outbox.ts smsOutboxFile(). */
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

function createSmsSender(): SmsSender {
  const mode = process.env.SMS_MODE || 'sns';
  if (mode === 'outbox') return new OutboxSmsSender();
  if (mode !== 'sns') throw new Error(`SMS_MODE must be 'sns' or 'outbox', got '${mode}'`);
  const client = onFirstUse(async () => {
    const { SNSClient } = await import('@aws-sdk/client-sns');
    return new SNSClient({ maxAttempts: 2, requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 } });
  });
  return new SnsSmsSender(client, process.env.SMS_SENDER_ID || undefined);
}

/** Created once per module load, chosen by SMS_MODE (default sns). */
export const smsSender: SmsSender = createSmsSender();
