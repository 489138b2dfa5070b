// The port background jobs leave through: a message on a named queue, taken by that queue's worker
// (functions/event-handlers.ts QUEUE_WORKERS). The adapters implement it: SQS in AWS (./sqs.ts, the
// default) and the in-process queue of `npm start` and the tests (local/job-queue.ts, configured by
// local/ports.ts).

/** The queues of the product (one SQS queue with its dead-letter queue each in AWS). */
export const QUEUE_NAMES = ['calendar-sync', 'checkin-reminders', 'task-digests', 'trial-reminders', 'owner-reports', 'due-downgrades', 'webhook-deliveries', 'webhook-deliveries-slow'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface JobMessage {
  body: Record<string, unknown>;
  /** Seconds before a worker may take it (at most 900, SQS's limit). */
  delaySeconds?: number;
}

export interface JobQueue {
  /** Sends every message or throws. */
  send(queue: QueueName, messages: readonly JobMessage[]): Promise<void>;
}

/** The SQS message a worker receives (the fields our workers read), as Lambda's SQS event has them. */
export interface QueueRecord {
  messageId: string;
  body: string;
  attributes: { ApproximateReceiveCount: string };
}

export interface QueueEvent {
  Records: QueueRecord[];
}

/** SQS partial batch response: the records to be received again (the rest are done). */
export interface QueueBatchResult {
  batchItemFailures: Array<{ itemIdentifier: string }>;
}
