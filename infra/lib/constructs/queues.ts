// The job queues of functions/jobs/port.ts (QUEUE_NAMES): one SQS queue each, with a dead-letter
// queue that takes a message after its worker's last delivery (alarmed by Observability). The
// queue's visibility timeout is six times its worker's timeout (AWS's advice for Lambda event
// sources), so a message being worked on is not delivered twice. `binding()` is the 'queue' need:
// the queue URLs (QUEUE_URL_<NAME>, read by functions/jobs/sqs.ts) and SendMessage on them only.
import { Duration, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueWorkerDefinition } from '#functions/event-handlers';
import type { QueueName } from '#functions/jobs/port';
import { queueUrlVariable } from '#functions/jobs/sqs';
import type { Binding } from './bindings';
import { pascalCase } from './naming';

export interface QueuesProps {
  workers: readonly QueueWorkerDefinition[];
}

export class Queues extends Construct {
  readonly queues = new Map<QueueName, sqs.Queue>();
  readonly deadLetters = new Map<QueueName, sqs.Queue>();

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id);
    for (const worker of props.workers) {
      const name = pascalCase(worker.queue);
      const deadLetters = new sqs.Queue(this, `${name}DeadLetters`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      Validations.of(deadLetters).acknowledge({ id: 'AwsSolutions-SQS3', reason: `The dead-letter queue of the ${worker.queue} queue; it has none of its own.` });
      const queue = new sqs.Queue(this, name, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(worker.timeoutSeconds * 6),
        retentionPeriod: Duration.days(4),
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: worker.maxReceiveCount },
      });
      this.queues.set(worker.queue, queue);
      this.deadLetters.set(worker.queue, deadLetters);
    }
  }

  queue(name: QueueName): sqs.Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`No queue '${name}' (QUEUE_WORKERS has no worker for it)`);
    return queue;
  }

  /** The 'queue' need: every queue's URL and sqs:SendMessage on those queues only. */
  binding(): Binding {
    const entries = [...this.queues.entries()];
    return {
      env: entries.map(([name]) => queueUrlVariable(name)),
      bind: (fn) => {
        for (const [name, queue] of entries) fn.addEnvironment(queueUrlVariable(name), queue.queueUrl);
        if (entries.length) fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: entries.map(([, queue]) => queue.queueArn) }));
      },
    };
  }
}
