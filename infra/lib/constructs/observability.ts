// What operators look at: the stage's log groups (every function's structured JSON logs in one
// group, the API's JSON access logs in another, retention set per stage), an access-log bucket (S3
// server access logs and CloudFront logs), an SNS topic for alarms (e-mail subscription from the
// stage's configuration), and alarms on API 5xx, Lambda errors and throttles, and dead letters.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { RentalOpsFunction } from './rentalops-function';

export interface ObservabilityProps {
  stage: string;
  retain: boolean;
  logRetentionDays: logs.RetentionDays;
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);
/** CloudWatch allows at most 10 metrics in a metric-math alarm. */
const METRICS_PER_ALARM = 10;

export class Observability extends Construct {
  readonly functionLogs: logs.LogGroup;
  readonly apiAccessLogs: logs.LogGroup;
  readonly logBucket: s3.Bucket;
  readonly alarmTopic: sns.Topic;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const logRemoval = props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
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

  /** 5xx answers of the HTTP API (handler errors, Lambda failures and throttles all surface as 5xx). */
  watchApi(api: apigwv2.HttpApi): void {
    this.alarm('Api5xx', api.metricServerError({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }), 5, 'HTTP API answered 5 or more 5xx in 5 minutes');
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
  watchDeadLetters(queue: sqs.IQueue, description = 'Events or scheduled reminders ended in the dead-letter queue'): void {
    const id = this.deadLetterAlarms++ === 0 ? 'DeadLetters' : `DeadLetters${this.deadLetterAlarms}`;
    this.alarm(id, queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM }), 1, description);
  }

  private deadLetterAlarms = 0;

  private alarm(id: string, metric: cloudwatch.IMetric, threshold: number, description: string): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.alarmTopic));
    alarm.addOkAction(new actions.SnsAction(this.alarmTopic));
    return alarm;
  }
}
