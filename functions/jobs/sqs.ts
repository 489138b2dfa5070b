// The SQS adapter of the job-queue port: SendMessageBatch (10 entries per call, the API's limit) on
// the queue URL of each queue name (env QUEUE_URL_<NAME>, set by the CDK stack). Entries SQS reports
// as failed are sent again once, then the call fails with their ids.
import type { SQSClient } from '@aws-sdk/client-sqs';
import { onFirstUse } from '../lib/on-first-use';
import { traceClient } from '../lib/tracing';
import type { JobMessage, JobQueue, QueueName } from './port';

const MAX_ENTRIES_PER_CALL = 10;

export const sqsClient = onFirstUse(async () => {
  const { SQSClient } = await import('@aws-sdk/client-sqs');
  return traceClient(new SQSClient({ maxAttempts: 3, requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 } }));
});

export const queueUrlVariable = (queue: QueueName) => `QUEUE_URL_${queue.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

export class SqsJobQueue implements JobQueue {
  constructor(private readonly client: () => Promise<SQSClient> = sqsClient) {}

  async send(queue: QueueName, messages: readonly JobMessage[]): Promise<void> {
    const url = process.env[queueUrlVariable(queue)];
    if (!url) throw new Error(`Missing environment variable ${queueUrlVariable(queue)} (the SQS queue of '${queue}').`);
    const { SendMessageBatchCommand } = await import('@aws-sdk/client-sqs');
    const client = await this.client();
    for (let i = 0; i < messages.length; i += MAX_ENTRIES_PER_CALL) {
      let entries = messages.slice(i, i + MAX_ENTRIES_PER_CALL).map((message, index) => ({
        Id: String(index),
        MessageBody: JSON.stringify(message.body),
        ...(message.delaySeconds ? { DelaySeconds: Math.min(900, Math.max(0, Math.round(message.delaySeconds))) } : {}),
      }));
      for (let attempt = 1; entries.length; attempt += 1) {
        const result = await client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries }));
        const failed = new Set((result.Failed ?? []).map((entry) => entry.Id));
        entries = entries.filter((entry) => failed.has(entry.Id));
        if (entries.length && attempt >= 2) throw new Error(`SQS refused ${entries.length} message(s) on '${queue}'`);
      }
    }
  }
}
