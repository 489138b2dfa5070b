// Domain events and scheduled jobs, generated from the event-handler manifest
// (functions/event-handlers.ts) the way the API is generated from the route table: one function per
// handler module, one EventBridge rule per (handler, detail-type) on the stage's bus, and one
// EventBridge Scheduler schedule per job. An empty manifest is fine. Whatever cannot be delivered,
// or fails every retry, lands in the dead-letter queue (alarmed by Observability). The events
// outbox's relay reads the table's stream (new outbox items only) and puts their events on the bus,
// with partial batch failures, bisect on error and a dead-letter queue of its own.
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as eventbridge from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { DEFAULT_WORKER_CONCURRENCY, type EventHandlerDefinition, type OutboxRelayDefinition, type QueueWorkerDefinition, type ScheduledJobDefinition } from '#functions/event-handlers';
import type { Queues } from './queues';
import { EVENT_SOURCE } from '../../../events/catalogue';
import { bindAll, type FunctionBindings, type Need } from './bindings';
import { pascalCase } from './naming';
import { RentalOpsFunction, type FunctionDefaults } from './rentalops-function';

/** Lambda's limit on a function's description, EventBridge's on a rule's. */
const MAX_DESCRIPTION = 256;
const MAX_RULE_DESCRIPTION = 512;

export interface EventsProps {
  stage: string;
  bus: eventbridge.IEventBus;
  handlers: readonly EventHandlerDefinition[];
  jobs: readonly ScheduledJobDefinition[];
  /** Queue workers: one function per entry, fed by its queue (partial batch failures reported). */
  workers?: readonly QueueWorkerDefinition[];
  queues?: Queues;
  functions: FunctionDefaults;
  bindings: FunctionBindings;
  /** The events outbox: the table (its stream, NEW_IMAGE) and the relay's definition. */
  outbox?: { table: dynamodb.ITable; relay: OutboxRelayDefinition };
}

interface HandlerUse {
  detailTypes: string[];
  schedules: string[];
  needs: Set<Need>;
}

export class Events extends Construct {
  readonly deadLetters: sqs.Queue;
  /** Outbox records the relay could not publish after its retries. */
  readonly outboxDeadLetters?: sqs.Queue;
  readonly relay?: RentalOpsFunction;
  readonly scheduleGroup: scheduler.ScheduleGroup;
  /** One per handler module of the manifest. */
  readonly functions: RentalOpsFunction[] = [];

  constructor(scope: Construct, id: string, props: EventsProps) {
    super(scope, id);

    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: "This queue is the dead-letter queue (of the rule targets, the schedules and the handlers' failed invocations); it has none of its own.",
    });
    this.scheduleGroup = new scheduler.ScheduleGroup(this, 'Schedules', { scheduleGroupName: `rentalops-${props.stage}` });

    // A module may consume several detail-types and run on a schedule: one function for all of it.
    const uses = new Map<string, HandlerUse>();
    const use = (handler: string) => {
      let entry = uses.get(handler);
      if (!entry) uses.set(handler, (entry = { detailTypes: [], schedules: [], needs: new Set() }));
      return entry;
    };
    for (const entry of props.handlers) {
      use(entry.handler).detailTypes.push(entry.detailType);
      entry.needs.forEach((need) => use(entry.handler).needs.add(need));
    }
    for (const job of props.jobs) {
      use(job.handler).schedules.push(job.schedule);
      job.needs.forEach((need) => use(job.handler).needs.add(need));
    }

    for (const [handler, { detailTypes, schedules, needs }] of uses) {
      const name = pascalCase(handler);
      const source = `(functions/handlers/${handler}.ts)`;
      const listed = `on ${[...detailTypes, ...schedules].join(', ')} ${source}`;
      // Lambda takes 256 characters: a consumer of many events (the webhooks' fan-out) counts them.
      const counted = `on ${detailTypes.length} event types (functions/event-handlers.ts)${schedules.length ? ` and ${schedules.join(', ')}` : ''} ${source}`;
      const fn = new RentalOpsFunction(this, name, {
        ...props.functions,
        handler,
        description: listed.length <= MAX_DESCRIPTION ? listed : counted,
        timeout: Duration.seconds(60),
      });
      bindAll(fn, props.bindings, [...needs]);
      // The consumer's name, the scope of its idempotency (functions/events/event-handler.ts).
      if (detailTypes.length) fn.addEnvironment('EVENT_CONSUMER', handler);
      // Asynchronous invocations (rules and schedules): two retries, then the dead-letter queue.
      fn.fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(this.deadLetters) });
      this.functions.push(fn);

      // One rule per consumer, matching every detail-type it takes: a rule per pair gave the
      // webhooks' fan-out 13 rules, 13 invoke permissions and 13 statements in the dead-letter
      // queue's policy (docs/deploy.md, "Template size").
      if (detailTypes.length) {
        const rule = `${detailTypes.join(', ')} -> ${handler}`;
        new eventbridge.Rule(this, `${name}Rule`, {
          eventBus: props.bus,
          description: rule.length <= MAX_RULE_DESCRIPTION ? rule : `${detailTypes.length} event types -> ${handler}`,
          eventPattern: { source: [EVENT_SOURCE], detailType: [...detailTypes] },
          targets: [new targets.LambdaFunction(fn.fn, { deadLetterQueue: this.deadLetters, retryAttempts: 3, maxEventAge: Duration.hours(2) })],
        });
      }
    }

    for (const worker of props.workers ?? []) {
      const fn = new RentalOpsFunction(this, pascalCase(worker.handler), {
        ...props.functions,
        handler: worker.handler,
        description: `worker of the ${worker.queue} queue (functions/handlers/${worker.handler}.ts)`,
        timeout: Duration.seconds(worker.timeoutSeconds),
      });
      bindAll(fn, props.bindings, [...worker.needs]);
      fn.fn.addEventSource(
        new SqsEventSource(props.queues!.queue(worker.queue), { batchSize: worker.batchSize, reportBatchItemFailures: true, maxConcurrency: worker.maxConcurrency ?? DEFAULT_WORKER_CONCURRENCY }),
      );
      this.functions.push(fn);
    }

    if (props.outbox) {
      const { table, relay } = props.outbox;
      this.outboxDeadLetters = new sqs.Queue(this, 'OutboxDeadLetters', {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      Validations.of(this.outboxDeadLetters).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: 'The dead-letter queue of the outbox relay (stream records not published after every retry); it has none of its own.',
      });
      const fn = new RentalOpsFunction(this, pascalCase(relay.handler), {
        ...props.functions,
        handler: relay.handler,
        description: `events outbox relay: table stream -> bus (functions/handlers/${relay.handler}.ts)`,
        timeout: Duration.seconds(relay.timeoutSeconds),
      });
      bindAll(fn, props.bindings, [...relay.needs]);
      fn.fn.addEventSource(
        new DynamoEventSource(table, {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          batchSize: relay.batchSize,
          bisectBatchOnError: true,
          retryAttempts: relay.maxRetryAttempts,
          maxRecordAge: Duration.hours(24),
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(this.outboxDeadLetters),
          // Only new outbox items: the table's other writes (and the TTL's deletions) never invoke it.
          filters: [lambda.FilterCriteria.filter({ eventName: lambda.FilterRule.isEqual('INSERT'), dynamodb: { Keys: { pk: { S: lambda.FilterRule.beginsWith('OUTBOX#') } } } })],
        }),
      );
      this.relay = fn;
      this.functions.push(fn);
    }

    // The role EventBridge Scheduler assumes to invoke the job functions (only those).
    const schedulerRole = props.jobs.length
      ? new iam.Role(this, 'SchedulerRole', {
          assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } } }),
          description: 'EventBridge Scheduler: invokes the scheduled job functions',
        })
      : undefined;
    props.jobs.forEach((job, index) => {
      const fn = this.functions.find((candidate) => candidate.handlerName === job.handler)!;
      const fnLogicalId = Stack.of(this).resolve((fn.fn.node.defaultChild as lambda.CfnFunction).logicalId) as string;
      Validations.of(schedulerRole!).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${fnLogicalId}.Arn>:*]`,
        reason: `aws-cdk-lib's LambdaInvoke target also allows the versions and aliases of ${job.handler} (<arn>:*); no other function.`,
      });
      const schedule = new scheduler.Schedule(this, `${pascalCase(job.handler)}Schedule${index > 0 ? index + 1 : ''}`, {
        description: `${job.schedule} -> ${job.handler}`,
        scheduleGroup: this.scheduleGroup,
        schedule: scheduler.ScheduleExpression.expression(job.schedule),
        target: new schedulerTargets.LambdaInvoke(fn.fn, {
          role: schedulerRole,
          input: scheduler.ScheduleTargetInput.fromObject(job.input),
          deadLetterQueue: this.deadLetters,
          retryAttempts: 3,
          maxEventAge: Duration.hours(1),
        }),
      });
      // The schedule names its group by name only: without this, CloudFormation may create it first.
      schedule.node.addDependency(this.scheduleGroup);
    });
  }
}
