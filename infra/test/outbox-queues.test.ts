// Issue 20 points 5-7 in the synthesised stage: the events outbox (the table's stream to the relay,
// with bisect, partial batch failures and a dead-letter queue), background work on SQS (a
// dead-letter queue per queue, ReportBatchItemFailures on every worker), and observability (the
// dashboard, and an alarm on each metric that matters).
import { DEFAULT_WORKER_CONCURRENCY, OUTBOX_RELAY, QUEUE_WORKERS, SCHEDULED_JOBS } from '#functions/event-handlers';
import { METRIC } from '#functions/lib/metrics';
import { API_P99_LATENCY_MS, SES_BOUNCE_RATE_ALARM, SES_COMPLAINT_RATE_ALARM } from '../lib/constructs/observability';
import { PLATFORM_ONLY, synthStage, testStage } from './support/synth';
import { allowedActions, allResources, environmentOf, functionOf, referencedId, resources, roleStatements, type Resource } from './support/template';

const { template, templates } = testStage('dev');
const alarms = () => Object.values(resources(template, 'AWS::CloudWatch::Alarm'));
const mappingsOf = (fnId: string) => Object.values(resources(template, 'AWS::Lambda::EventSourceMapping')).filter((mapping) => referencedId(mapping.Properties.FunctionName) === fnId);
const queueIdOf = (value: unknown) => {
  const getAtt = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
  return getAtt?.[0];
};
/** The alarm watching an SQS queue's visible messages, by the queue's logical id. */
const deadLetterAlarm = (queueId: string) =>
  alarms().find(
    (alarm) =>
      alarm.Properties.Namespace === 'AWS/SQS' &&
      alarm.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
      queueIdOf(alarm.Properties.Dimensions?.[0]?.Value) === queueId,
  );

describe('the events outbox (point 5)', () => {
  const relay = functionOf(templates, OUTBOX_RELAY.handler);

  it('streams new images of the table', () => {
    const [table] = Object.values(resources(template, 'AWS::DynamoDB::Table'));
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
  });

  it('relays only new outbox items, in order, reporting partial failures, bisecting, then to its dead-letter queue', () => {
    const mappings = mappingsOf(relay.key);
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0].Properties;
    expect(mapping).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [expect.stringMatching(/^DataTable/), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: OUTBOX_RELAY.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: OUTBOX_RELAY.maxRetryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [expect.stringMatching(/^EventsOutboxDeadLetters/), 'Arn'] } } },
    });
    const [filter] = mapping.FilterCriteria.Filters as Array<{ Pattern: string }>;
    expect(JSON.parse(filter.Pattern)).toEqual({ eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [{ prefix: 'OUTBOX#' }] } } } });
  });

  it('lets the relay put events on the bus and read the stream; the API functions no longer publish', () => {
    const actions = allowedActions(roleStatements(relay.template, relay.fn));
    expect(actions).toEqual(expect.arrayContaining(['events:PutEvents', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator']));
    for (const handler of ['create-task', 'update-task', 'update-reservation', 'remove-member']) {
      const { fn, template: own } = functionOf(templates, handler);
      expect(allowedActions(roleStatements(own, fn))).not.toContain('events:PutEvents');
    }
  });

  it('alarms on the relay dead-letter queue', () => {
    const [dlqId] = Object.keys(resources(template, 'AWS::SQS::Queue')).filter((id) => id.startsWith('EventsOutboxDeadLetters'));
    expect(deadLetterAlarm(dlqId)?.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  });

  it('names each event consumer (its idempotency scope)', () => {
    const { fn } = functionOf(templates, 'notify-task-assigned');
    expect(environmentOf(fn)).toMatchObject({ EVENT_CONSUMER: 'notify-task-assigned' });
  });
});

describe('background work on queues (point 6)', () => {
  it.each(QUEUE_WORKERS.map((worker) => [worker.queue, worker] as const))('%s: a queue with its own dead-letter queue (alarmed), consumed with ReportBatchItemFailures', (_queue, worker) => {
    const { key } = functionOf(templates, worker.handler);
    const [mapping] = mappingsOf(key);
    expect(mapping.Properties).toMatchObject({
      BatchSize: worker.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: worker.maxConcurrency ?? DEFAULT_WORKER_CONCURRENCY },
    });
    const queueId = queueIdOf(mapping.Properties.EventSourceArn)!;
    const queue = resources(template, 'AWS::SQS::Queue')[queueId] as Resource;
    expect(queue.Properties.RedrivePolicy).toMatchObject({ maxReceiveCount: worker.maxReceiveCount });
    const dlqId = queueIdOf(queue.Properties.RedrivePolicy.deadLetterTargetArn)!;
    expect(dlqId).not.toBe(queueId);
    expect(deadLetterAlarm(dlqId)).toBeDefined();
    expect(queue.Properties.VisibilityTimeout).toBe(worker.timeoutSeconds * 6);
  });

  it('has every scheduled dispatcher only queue work (no SES, SNS, PutEvents or payment secret of its own)', () => {
    for (const handler of ['send-checkin-reminders', 'send-task-digests', 'send-trial-reminders', 'send-owner-reports', 'apply-due-downgrades']) {
      expect(SCHEDULED_JOBS.find((job) => job.handler === handler)?.needs).toEqual(['queue']);
      const { fn, template: own } = functionOf(templates, handler);
      const actions = allowedActions(roleStatements(own, fn));
      expect(actions).toContain('sqs:SendMessage');
      expect(actions.filter((action) => /^(ses|sns|events|secretsmanager):/.test(action))).toEqual([]);
    }
    // A webhook endpoint that times out holds one delivery invocation for 10 s per event: the deliveries
    // get room for ten events a second of such an endpoint before the others wait (docs/webhooks.md).
    expect(QUEUE_WORKERS.find((worker) => worker.queue === 'webhook-deliveries')?.maxConcurrency).toBe(100);
    expect(QUEUE_WORKERS.map((worker) => worker.queue)).toEqual(
      expect.arrayContaining(['calendar-sync', 'checkin-reminders', 'task-digests', 'trial-reminders', 'owner-reports', 'due-downgrades']),
    );
  });

  describe('the webhook deliveries lanes (issue 39 point 4: a slow endpoint has a queue of its own)', () => {
    const lanes = [
      { queue: 'webhook-deliveries', handler: 'deliver-webhook', queueId: 'QueuesWebhookDeliveries', concurrency: 100 },
      { queue: 'webhook-deliveries-slow', handler: 'deliver-webhook-slow', queueId: 'QueuesWebhookDeliveriesSlow', concurrency: 10 },
    ] as const;
    const queueIds = Object.keys(resources(template, 'AWS::SQS::Queue'));
    const laneQueueId = (prefix: string) => queueIds.find((id) => new RegExp(`^${prefix}[0-9A-F]{8}$`).test(id))!;

    it.each(lanes.map((lane) => [lane.queue, lane] as const))('%s: its own queue, dead-letter queue (alarmed), worker function and event source concurrency', (_queue, lane) => {
      const worker = QUEUE_WORKERS.find((entry) => entry.queue === lane.queue)!;
      expect(worker).toMatchObject({ handler: lane.handler, batchSize: 10, maxConcurrency: lane.concurrency });
      const queueId = laneQueueId(lane.queueId);
      expect(queueId).toBeDefined();
      const { key } = functionOf(templates, lane.handler);
      const mappings = mappingsOf(key);
      expect(mappings).toHaveLength(1);
      expect(queueIdOf(mappings[0].Properties.EventSourceArn)).toBe(queueId);
      expect(mappings[0].Properties).toMatchObject({ BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'], ScalingConfig: { MaximumConcurrency: lane.concurrency } });
      const queue = resources(template, 'AWS::SQS::Queue')[queueId];
      const dlqId = queueIdOf(queue.Properties.RedrivePolicy.deadLetterTargetArn)!;
      expect(dlqId).toMatch(new RegExp(`^${lane.queueId}DeadLetters`));
      expect(deadLetterAlarm(dlqId)?.Properties).toMatchObject({ Threshold: 1 });
    });

    it('lets the fan-out, both workers (their retries) and the retry dispatcher send to both lanes, and tells them both queue URLs', () => {
      const ids = lanes.map((lane) => laneQueueId(lane.queueId));
      for (const handler of ['fan-out-webhooks', 'deliver-webhook', 'deliver-webhook-slow', 'dispatch-webhook-retries']) {
        const { fn, template: own } = functionOf(templates, handler);
        const sends = roleStatements(own, fn).filter((statement) => statement.Effect === 'Allow' && allowedActions([statement]).includes('sqs:SendMessage'));
        const targets = sends.flatMap((statement) => ([] as unknown[]).concat(statement.Resource)).map(queueIdOf);
        expect({ handler, lanes: ids.every((id) => targets.includes(id)) }).toEqual({ handler, lanes: true });
        const env = environmentOf(fn);
        expect(env).toHaveProperty('QUEUE_URL_WEBHOOK_DELIVERIES');
        expect(env).toHaveProperty('QUEUE_URL_WEBHOOK_DELIVERIES_SLOW');
      }
    });
  });

  it('gives the trial reminder, owner report and downgrade workers what they send with, and their queue', () => {
    const expected: Record<string, { queue: string; queueId: string; action: string }> = {
      'send-trial-reminder': { queue: 'trial-reminders', queueId: 'QueuesTrialReminders', action: 'ses:SendEmail' },
      'send-owner-report': { queue: 'owner-reports', queueId: 'QueuesOwnerReports', action: 'ses:SendRawEmail' },
      'apply-due-downgrade': { queue: 'due-downgrades', queueId: 'QueuesDueDowngrades', action: 'secretsmanager:GetSecretValue' },
    };
    for (const [handler, { queue, queueId, action }] of Object.entries(expected)) {
      expect(QUEUE_WORKERS.find((worker) => worker.handler === handler)?.queue).toBe(queue);
      const { key, fn, template: own } = functionOf(templates, handler);
      expect(allowedActions(roleStatements(own, fn))).toContain(action);
      const [mapping] = mappingsOf(key);
      expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      expect(queueIdOf(mapping.Properties.EventSourceArn)).toMatch(new RegExp(`^${queueId}[0-9A-F]{8}$`));
    }
  });
});

describe('observability (point 7)', () => {
  const alarmOn = (namespace: string, metricName: string) => alarms().filter((alarm) => alarm.Properties.Namespace === namespace && alarm.Properties.MetricName === metricName);
  const mathAlarmOn = (namespace: string, metricName: string) =>
    alarms().filter((alarm) => JSON.stringify(alarm.Properties.Metrics ?? []).includes(`"Namespace":"${namespace}","MetricName":"${metricName}"`) || JSON.stringify(alarm.Properties.Metrics ?? []).includes(`"MetricName":"${metricName}","Namespace":"${namespace}"`));

  it('has a dashboard of the stage with the product metrics, the API, DynamoDB, the queues and every dead-letter queue', () => {
    const dashboards = Object.values(resources(template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0].Properties.DashboardName).toBe('rentalops-dev');
    const body = JSON.stringify(dashboards[0].Properties.DashboardBody);
    for (const name of [...Object.values(METRIC), 'Latency', '5xx', 'ReadThrottleEvents', 'Reputation.BounceRate', 'SMSMonthToDateSpentUSD', 'ApproximateNumberOfMessagesVisible', 'Throttles']) {
      expect(body).toContain(name);
    }
    for (const queue of QUEUE_WORKERS) expect(body).toContain(`${queue.queue} jobs`);
    expect(body).toContain('outbox relay');
  });

  it('alarms on API p99 latency (three periods) and 5xx', () => {
    const [latency] = alarmOn('AWS/ApiGateway', 'Latency');
    expect(latency.Properties).toMatchObject({ ExtendedStatistic: 'p99', Threshold: API_P99_LATENCY_MS, EvaluationPeriods: 3 });
    expect(alarmOn('AWS/ApiGateway', '5xx')).toHaveLength(1);
  });

  it('alarms on DynamoDB read and write throttles of the table', () => {
    const [throttles] = mathAlarmOn('AWS/DynamoDB', 'ReadThrottleEvents');
    expect(JSON.stringify(throttles.Properties.Metrics)).toContain('WriteThrottleEvents');
    expect(throttles.Properties.Threshold).toBe(1);
  });

  it('alarms on SES bounce and complaint rates and on SMS spend from the configuration', () => {
    expect(alarmOn('AWS/SES', 'Reputation.BounceRate')[0].Properties.Threshold).toBe(SES_BOUNCE_RATE_ALARM);
    expect(alarmOn('AWS/SES', 'Reputation.ComplaintRate')[0].Properties.Threshold).toBe(SES_COMPLAINT_RATE_ALARM);
    expect(alarmOn('AWS/SNS', 'SMSMonthToDateSpentUSD')[0].Properties.Threshold).toBe(20);
    const custom = synthStage('dev', { ...PLATFORM_ONLY, config: { smsSpendAlarmUsd: 75 } }).template;
    custom.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/SNS', MetricName: 'SMSMonthToDateSpentUSD', Threshold: 75 });
  });

  it('alarms on Lambda errors and throttles, and on every dead-letter queue of the stage', () => {
    expect(mathAlarmOn('AWS/Lambda', 'Errors').length).toBeGreaterThan(0);
    expect(alarmOn('AWS/Lambda', 'Throttles')).toHaveLength(1);
    const queues = resources(template, 'AWS::SQS::Queue');
    const redriveTargets = Object.values(queues)
      .map((queue) => (queue.Properties.RedrivePolicy ? queueIdOf(queue.Properties.RedrivePolicy.deadLetterTargetArn) : undefined))
      .filter((id): id is string => Boolean(id));
    const dlqIds = [...new Set([...redriveTargets, ...Object.keys(queues).filter((id) => /^Events(Outbox)?DeadLetters/.test(id))])];
    // One per queue, the event targets' and the outbox relay's.
    expect(dlqIds).toHaveLength(QUEUE_WORKERS.length + 2);
    for (const id of dlqIds) expect(deadLetterAlarm(id)).toBeDefined();
    for (const alarm of alarms()) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^ObservabilityAlarms/) }]);
  });

  it('covers the relay and the new workers with the Lambda error alarms', () => {
    const covered = JSON.stringify(alarms().map((alarm) => alarm.Properties.Metrics ?? []));
    for (const handler of [OUTBOX_RELAY.handler, ...QUEUE_WORKERS.map((worker) => worker.handler)]) expect(covered).toContain(functionOf(templates, handler).key);
    expect(allResources(templates, 'AWS::Lambda::Function').length).toBeGreaterThan(0);
  });
});
