// What operators look at: the stage's log groups (every function's structured JSON logs in one
// group, the API's JSON access logs in another, retention set per stage), an access-log bucket (S3
// server access logs and CloudFront logs), an SNS topic for alarms (e-mail subscription from the
// stage's configuration), alarms on API 5xx and p99 latency, Lambda errors and throttles, DynamoDB
// throttles, every dead-letter queue, SES bounce and complaint rates and SMS spend, and one
// CloudWatch dashboard of it all beside the product's own metrics (functions/lib/metrics.ts).
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE } from '#functions/lib/metrics';
import type { RentalOpsFunction } from './rentalops-function';

export interface ObservabilityProps {
  stage: string;
  retain: boolean;
  logRetentionDays: logs.RetentionDays;
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);
/** API p99 latency (ms) that alarms when held for three 5-minute periods. */
export const API_P99_LATENCY_MS = 2_000;
/** SES reviews an account at a 5% bounce rate and a 0.1% complaint rate: alarm at half of each. */
export const SES_BOUNCE_RATE_ALARM = 0.025;
export const SES_COMPLAINT_RATE_ALARM = 0.0005;
/** Powertools Metrics' default dimension (functions/lib/metrics.ts serviceName). */
const SERVICE_DIMENSION = { service: 'rentalops' };
/** CloudWatch allows at most 10 metrics in a metric-math alarm. */
const METRICS_PER_ALARM = 10;

export class Observability extends Construct {
  readonly functionLogs: logs.LogGroup;
  readonly apiAccessLogs: logs.LogGroup;
  readonly logBucket: s3.Bucket;
  readonly alarmTopic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  private readonly watchedDeadLetters: Array<{ queue: sqs.IQueue; label: string }> = [];

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const logRemoval = props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName: `rentalops-${props.stage}`, defaultInterval: Duration.hours(6) });
    this.functionLogs = new logs.LogGroup(this, 'FunctionLogs', {
      logGroupName: `/rentalops/${props.stage}/functions`,
      retention: props.logRetentionDays,
      removalPolicy: logRemoval,
    });
    this.apiAccessLogs = new logs.LogGroup(this, 'ApiAccessLogs', {
      logGroupName: `/rentalops/${props.stage}/api-access`,
      retention: props.logRetentionDays,
      removalPolicy: logRemoval,
    });

    this.logBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL, so ACLs stay enabled on this bucket only.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(props.retain ? 365 : 30) }],
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.retain,
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging its own access into itself would loop.',
    });

    this.alarmTopic = new sns.Topic(this, 'Alarms', { displayName: `RentalOps ${props.stage} alarms`, enforceSSL: true });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
  }

  /**
   * 5xx answers of the HTTP API (handler errors, Lambda failures and throttles all surface as 5xx),
   * and its p99 latency held above API_P99_LATENCY_MS for 15 minutes.
   */
  watchApi(api: apigwv2.HttpApi): void {
    const errors = api.metricServerError({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
    const latency = api.metricLatency({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.p(99) });
    this.alarm('Api5xx', errors, 5, 'HTTP API answered 5 or more 5xx in 5 minutes');
    this.alarm('ApiLatencyP99', latency, API_P99_LATENCY_MS, `HTTP API p99 latency at or above ${API_P99_LATENCY_MS} ms for 15 minutes`, 3);
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'API requests and 5xx', left: [api.metricCount({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM })], right: [errors], width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'API latency (ms)',
        left: [api.metricLatency({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.p(50), label: 'p50' }), latency],
        leftAnnotations: [{ value: API_P99_LATENCY_MS, label: 'p99 alarm' }],
        width: 12,
      }),
    );
  }

  /** DynamoDB throttling of the table (reads and writes, its indexes included). */
  watchTable(table: dynamodb.ITable): void {
    const throttled = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: table.tableName }, period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
    const throttles = new cloudwatch.MathExpression({
      expression: 'SUM([r, w])',
      usingMetrics: { r: throttled('ReadThrottleEvents'), w: throttled('WriteThrottleEvents') },
      label: 'DynamoDB throttle events',
      period: FIVE_MINUTES,
    });
    this.alarm('DynamoDbThrottles', throttles, 1, 'DynamoDB throttled reads or writes on the table');
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'DynamoDB throttles', left: [throttled('ReadThrottleEvents'), throttled('WriteThrottleEvents')], width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'DynamoDB consumed capacity',
        left: [
          new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName: 'ConsumedReadCapacityUnits', dimensionsMap: { TableName: table.tableName }, period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }),
          new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName: 'ConsumedWriteCapacityUnits', dimensionsMap: { TableName: table.tableName }, period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }),
        ],
        width: 12,
      }),
    );
  }

  /**
   * SES reputation (the account's bounce and complaint rates, which SES publishes) and SNS's
   * month-to-date SMS spend, each against its alarm threshold.
   */
  watchSending(smsSpendAlarmUsd: number): void {
    const reputation = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: cloudwatch.Stats.MAXIMUM });
    const bounce = reputation('Reputation.BounceRate');
    const complaint = reputation('Reputation.ComplaintRate');
    const smsSpend = new cloudwatch.Metric({ namespace: 'AWS/SNS', metricName: 'SMSMonthToDateSpentUSD', period: Duration.hours(1), statistic: cloudwatch.Stats.MAXIMUM });
    this.alarm('SesBounceRate', bounce, SES_BOUNCE_RATE_ALARM, `SES bounce rate at or above ${SES_BOUNCE_RATE_ALARM * 100}% (SES reviews the account at 5%)`);
    this.alarm('SesComplaintRate', complaint, SES_COMPLAINT_RATE_ALARM, `SES complaint rate at or above ${SES_COMPLAINT_RATE_ALARM * 100}% (SES reviews the account at 0.1%)`);
    this.alarm('SmsSpend', smsSpend, smsSpendAlarmUsd, `SMS spend this month reached ${smsSpendAlarmUsd} USD (SNS SMSMonthToDateSpentUSD)`);
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'SES reputation', left: [bounce, complaint], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'SMS spend this month (USD)', left: [smsSpend], leftAnnotations: [{ value: smsSpendAlarmUsd, label: 'alarm' }], width: 12 }),
    );
  }

  /**
   * The rest of the dashboard: the product's metrics (functions/lib/metrics.ts), Lambda errors and
   * throttles, the job queues' depth and every dead-letter queue. Call it last.
   */
  finishDashboard(options: { functions: readonly RentalOpsFunction[]; queues: ReadonlyMap<string, sqs.IQueue> }): void {
    const product = (metricName: string, dimensions: Record<string, string> = {}, label?: string) =>
      new cloudwatch.Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { ...SERVICE_DIMENSION, ...dimensions }, period: Duration.hours(1), statistic: cloudwatch.Stats.SUM, label });
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'Tasks completed', left: [product(METRIC.tasksCompleted)], width: 8 }),
      new cloudwatch.GraphWidget({ title: 'Calendar syncs failed', left: [product(METRIC.syncsFailed)], width: 8 }),
      new cloudwatch.GraphWidget({
        title: 'Notifications sent and failed',
        left: ['email', 'sms'].flatMap((channel) => [
          product(METRIC.notificationsSent, { channel }, `${channel} sent`),
          product(METRIC.notificationsFailed, { channel }, `${channel} failed`),
        ]),
        width: 8,
      }),
    );
    const lambda = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName, period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: `Lambda errors and throttles (${options.functions.length} functions, this region)`, left: [lambda('Errors'), lambda('Throttles')], right: [lambda('Invocations')], width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'Job queues: messages waiting',
        left: [...options.queues.entries()].map(([name, queue]) => queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM, label: name })),
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Dead-letter queues (each alarms at 1)',
        left: this.watchedDeadLetters.map(({ queue, label }) => queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM, label })),
        width: 24,
      }),
    );
  }

  /**
   * Lambda errors (unhandled failures, timeouts, init crashes) of every function, summed over
   * groups of ten functions (the metric-math limit) so the alarm count stays small; each alarm's
   * description names the functions it covers. Throttling is an account-and-region concurrency
   * limit (no function reserves concurrency), so one alarm watches Lambda's regional Throttles.
   */
  watchFunctions(functions: readonly RentalOpsFunction[]): void {
    for (let start = 0; start < functions.length; start += METRICS_PER_ALARM) {
      const group = functions.slice(start, start + METRICS_PER_ALARM);
      const suffix = functions.length > METRICS_PER_ALARM ? String(start / METRICS_PER_ALARM + 1) : '';
      const errors = new cloudwatch.MathExpression({
        expression: `SUM([${group.map((_, i) => `m${i}`).join(', ')}])`,
        usingMetrics: Object.fromEntries(group.map((fn, i) => [`m${i}`, fn.fn.metricErrors({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM })])),
        label: 'Lambda errors',
        period: FIVE_MINUTES,
      });
      this.alarm(`LambdaErrors${suffix}`, errors, 1, `Lambda errors in: ${group.map((fn) => fn.handlerName).join(', ')}`);
    }
    const throttles = new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
    this.alarm('LambdaThrottles', throttles, 1, 'Lambda throttled invocations in this account and region (concurrency limit reached)');
  }

  /** Anything in a dead-letter queue is an event that was not handled. */
  /** An alarm when a message lands in `queue` (the first call's alarm keeps its id; later ones are named by their description). */
  watchDeadLetters(queue: sqs.IQueue, description = 'Events or scheduled reminders ended in the dead-letter queue', label = `dead letters ${this.deadLetterAlarms + 1}`): void {
    const id = this.deadLetterAlarms++ === 0 ? 'DeadLetters' : `DeadLetters${this.deadLetterAlarms}`;
    this.watchedDeadLetters.push({ queue, label });
    this.alarm(id, queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM }), 1, description);
  }

  private deadLetterAlarms = 0;

  private alarm(id: string, metric: cloudwatch.IMetric, threshold: number, description: string, evaluationPeriods = 1): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.alarmTopic));
    alarm.addOkAction(new actions.SnsAction(this.alarmTopic));
    return alarm;
  }
}
