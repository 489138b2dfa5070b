// Sending background jobs through the job-queue port (./port.ts). The adapter is the composition
// root's choice: in AWS nothing is configured and the port makes the SQS adapter on first use;
// `npm start` and the tests configure the in-process queue (local/ports.ts -> configureJobQueue).
import { definePort } from '#functions/lib/ports';
import type { JobMessage, JobQueue, QueueName } from './port';

export type { JobMessage, JobQueue, QueueName } from './port';

async function sqsJobQueue(): Promise<JobQueue> {
  const { SqsJobQueue } = await import('./sqs');
  return new SqsJobQueue();
}

export const jobQueuePort = definePort<JobQueue>('job-queue', sqsJobQueue);

/** For composition roots (local/ports.ts) and tests: every later job goes through `queue`. */
export function configureJobQueue(queue: JobQueue): void {
  jobQueuePort.configure(queue);
}

export async function sendJobs(queue: QueueName, messages: readonly JobMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await (await jobQueuePort.use()).send(queue, messages);
}
