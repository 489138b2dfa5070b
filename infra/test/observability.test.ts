// Observability: structured logs with retention, JSON access logs, the alarm topic, alarms on
// API 5xx, Lambda errors and throttles (every function covered) and dead letters.
import { Match } from 'aws-cdk-lib/assertions';
import { ACCESS_LOG_FIELDS } from '../lib/constructs/api';
import { testStage } from './support/synth';
import { appFunctions, resolveRootReference, resources } from './support/template';

const { template, templates } = testStage('dev');
const prod = testStage('prod').template;
const alarms = () => Object.values(resources(template, 'AWS::CloudWatch::Alarm'));
const functionKeys = appFunctions(templates).map((located) => located.key);

/** The functions a metric-math alarm sums for the given Lambda metric. */
function coveredBy(metricName: string): string[] {
  return alarms().flatMap((alarm) =>
    ((alarm.Properties.Metrics ?? []) as Array<{ MetricStat?: { Metric: { MetricName: string; Dimensions: Array<{ Value: unknown }> } } }>)
      .filter((metric) => metric.MetricStat?.Metric.MetricName === metricName)
      .map((metric) => resolveRootReference(templates, metric.MetricStat!.Metric.Dimensions[0].Value)!.key),
  );
}

describe('the observability construct', () => {
  it('sends every function to one JSON log group with the stage retention', () => {
    template.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/rentalops/dev/functions', RetentionInDays: 14 });
    for (const { resource: fn } of appFunctions(templates)) {
      expect(fn.Properties.LoggingConfig).toEqual({
        LogFormat: 'JSON',
        LogGroup: { Ref: expect.stringMatching(/ObservabilityFunctionLogs/) },
        ApplicationLogLevel: 'DEBUG',
        SystemLogLevel: 'WARN',
      });
    }
  });

  it('keeps a year of logs in prod, and keeps them when the stack goes', () => {
    const group = Object.values(resources(prod, 'AWS::Logs::LogGroup')).find((g) => g.Properties.LogGroupName === '/rentalops/prod/functions')!;
    expect(group).toMatchObject({ DeletionPolicy: 'Retain', Properties: { RetentionInDays: 365 } });
  });

  it('writes API access logs as JSON', () => {
    const stage = Object.values(resources(template, 'AWS::ApiGatewayV2::Stage'))[0];
    expect(stage.Properties.AccessLogSettings).toEqual({
      DestinationArn: { 'Fn::GetAtt': [expect.stringMatching(/^ObservabilityApiAccessLogs/), 'Arn'] },
      Format: JSON.stringify(ACCESS_LOG_FIELDS),
    });
  });

  it('alarms on HTTP API 5xx', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Dimensions: [{ Name: 'ApiId', Value: { Ref: Match.stringLikeRegexp('^ApiHttpApi') } }],
      Statistic: 'Sum',
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('alarms on Lambda errors of every function, at most ten functions per alarm', () => {
    expect(coveredBy('Errors').sort()).toEqual([...functionKeys].sort());
    for (const alarm of alarms().filter((a) => JSON.stringify(a.Properties.Metrics ?? []).includes('"Errors"'))) {
      expect(alarm.Properties.Metrics.length).toBeLessThanOrEqual(11);
      expect(alarm.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
  });

  it('alarms on Lambda throttles in the region (concurrency is an account-level limit)', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/Lambda', MetricName: 'Throttles', Dimensions: Match.absent(), Threshold: 1, Statistic: 'Sum' });
  });

  it('alarms when anything reaches the dead-letter queue', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^EventsDeadLetters'), 'QueueName'] } }],
      Threshold: 1,
    });
  });

  it('notifies the alarm topic, TLS-only, subscribed by e-mail where configured', () => {
    for (const alarm of alarms()) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^ObservabilityAlarms/) }]);
    }
    template.resourceCountIs('AWS::SNS::Subscription', 0);
    testStage('staging').template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('keeps the access-log bucket private and expires its logs', () => {
    const [, bucket] = Object.entries(resources(template, 'AWS::S3::Bucket')).find(([id]) => id.startsWith('ObservabilityAccessLogs'))!;
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, RestrictPublicBuckets: true },
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: 30, Status: 'Enabled' }] },
    });
  });
});
