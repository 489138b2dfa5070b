// Events and notifications: the bus (with its archive), one rule and function per consuming module of
// functions/event-handlers.ts, EventBridge Scheduler for the jobs, the dead-letter queue, the SES
// identity of the sender, and SMS permissions.
import { Match } from 'aws-cdk-lib/assertions';
import { EVENT_HANDLERS, SCHEDULED_JOBS, type EventHandlerDefinition } from '#functions/event-handlers';
import { PLATFORM_ONLY, testStage, synthStage } from './support/synth';
import { allowedActions, functionOf, referencedId, resources, roleStatements, type StackTemplates } from './support/template';

const { template, templates } = testStage('dev');
/** Event functions live in the stage stack itself: their logical id there. */
const eventFunction = (all: StackTemplates, handler: string) => {
  const { key, fn } = functionOf(all, handler);
  return { id: key, fn };
};

describe('the events construct', () => {
  it('creates the stage bus with an archive for replay', () => {
    template.hasResourceProperties('AWS::Events::EventBus', { Name: 'rentalops-dev' });
    template.hasResourceProperties('AWS::Events::Archive', { SourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^NotificationsBus'), 'Arn'] }, RetentionDays: 7 });
  });

  it.each(EVENT_HANDLERS.map((entry) => [entry.detailType, entry.handler] as const))('delivers %s from the bus to %s', (detailType, handler) => {
    const { id } = eventFunction(templates, handler);
    // One rule per consumer, naming every detail-type it takes: an event with several consumers is
    // in one rule (and target) of each.
    const targets = (rule: { Properties: { Targets?: Array<{ Arn?: unknown }> } }) => JSON.stringify(rule.Properties.Targets ?? []);
    const rules = Object.values(resources(template, 'AWS::Events::Rule')).filter(
      (rule) => rule.Properties.EventPattern?.['detail-type']?.includes(detailType) && targets(rule).includes(`"${id}"`),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0].Properties).toMatchObject({
      EventBusName: { Ref: expect.stringMatching(/^NotificationsBus/) },
      EventPattern: { source: ['rentalops'], 'detail-type': EVENT_HANDLERS.filter((entry) => entry.handler === handler).map((entry) => entry.detailType) },
      Targets: [
        expect.objectContaining({
          Arn: { 'Fn::GetAtt': [id, 'Arn'] },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [expect.stringMatching(/^EventsDeadLetters/), 'Arn'] } },
          RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 7200 },
        }),
      ],
    });
  });

  it('has no rule the manifest does not name: one per consuming module', () => {
    template.resourceCountIs('AWS::Events::Rule', new Set(EVENT_HANDLERS.map((entry) => entry.handler)).size);
  });

  it.each(SCHEDULED_JOBS.map((job) => [job.handler, job.schedule] as const))('runs %s on %s through EventBridge Scheduler', (handler, schedule) => {
    const { id } = eventFunction(templates, handler);
    const job = SCHEDULED_JOBS.find((candidate) => candidate.handler === handler)!;
    const schedules = Object.values(resources(template, 'AWS::Scheduler::Schedule')).filter((s) => referencedId(s.Properties.Target.Arn) === id);
    expect(schedules).toHaveLength(1);
    const [groupId] = Object.keys(resources(template, 'AWS::Scheduler::ScheduleGroup'));
    expect(schedules[0].DependsOn).toContain(groupId);
    expect(schedules[0].Properties).toMatchObject({
      ScheduleExpression: schedule,
      State: 'ENABLED',
      GroupName: 'rentalops-dev',
      Target: {
        Input: JSON.stringify(job.input),
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [expect.stringMatching(/^EventsDeadLetters/), 'Arn'] } },
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
      },
    });
  });

  it('sends failed asynchronous invocations of every event function to the dead-letter queue', () => {
    const configs = Object.values(resources(template, 'AWS::Lambda::EventInvokeConfig'));
    expect(configs).toHaveLength(new Set([...EVENT_HANDLERS, ...SCHEDULED_JOBS].map((entry) => entry.handler)).size);
    for (const config of configs) {
      expect(config.Properties).toMatchObject({
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [expect.stringMatching(/^EventsDeadLetters/), 'Arn'] } } },
      });
    }
  });

  it('keeps dead letters encrypted, TLS-only, for 14 days', () => {
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 1209600 });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('gives the event functions the grants of their needs', () => {
    for (const entry of EVENT_HANDLERS) {
      const actions = allowedActions(roleStatements(template, eventFunction(templates, entry.handler).fn));
      for (const need of entry.needs) {
        expect(actions).toContain({ ses: 'ses:SendEmail', sns: 'sns:Publish', events: 'events:PutEvents', queue: 'sqs:SendMessage', payments: 'secretsmanager:GetSecretValue' }[need]);
      }
    }
  });

  it('accepts an empty manifest: the bus, the schedules group, the dead-letter queue and the outbox relay (with its own) still exist', () => {
    const empty = synthStage('dev', PLATFORM_ONLY).template;
    empty.resourceCountIs('AWS::Events::Rule', 0);
    empty.resourceCountIs('AWS::Scheduler::Schedule', 0);
    empty.resourceCountIs('AWS::Events::EventBus', 1);
    empty.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    empty.resourceCountIs('AWS::SQS::Queue', 2);
    empty.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
  });

  it('gives one function to a module that consumes several detail-types', () => {
    const handlers: EventHandlerDefinition[] = [
      { detailType: 'task.created', handler: 'notify-everything', needs: ['ses'] },
      { detailType: 'task.completed', handler: 'notify-everything', needs: ['sns'] },
    ];
    const { template: shared, templates: sharedTemplates } = synthStage('dev', { ...PLATFORM_ONLY, eventHandlers: handlers });
    shared.resourceCountIs('AWS::Events::Rule', 1);
    const { id, fn } = eventFunction(sharedTemplates, 'notify-everything');
    const rules = Object.values(resources(shared, 'AWS::Events::Rule'));
    expect(rules.map((rule) => [rule.Properties.EventPattern['detail-type'], rule.Properties.Targets.map((target: { Arn: unknown }) => target.Arn)])).toEqual([
      [['task.created', 'task.completed'], [{ 'Fn::GetAtt': [id, 'Arn'] }]],
    ]);
    expect(allowedActions(roleStatements(shared, fn))).toEqual(expect.arrayContaining(['ses:SendEmail', 'sns:Publish']));
  });
});

describe('the notifications construct', () => {
  it('creates the SES domain identity of the sender, with DKIM, and prints the records to add', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'dev.rentalops.example.com',
      FeedbackAttributes: { EmailForwardingEnabled: true },
    });
    const outputs = Object.keys(template.findOutputs('*')).filter((name) => name.includes('DkimRecord'));
    expect(outputs).toHaveLength(3);
  });

  it('writes the DKIM records to Route 53 when the sender domain is in the hosted zone', () => {
    const zoned = synthStage('dev', {
      ...PLATFORM_ONLY,
      config: {
        domain: {
          name: 'dev.rentalops.example.com',
          certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab',
          hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'rentalops.example.com' },
        },
      },
    }).template;
    const cnames = Object.values(resources(zoned, 'AWS::Route53::RecordSet')).filter((record) => record.Properties.Type === 'CNAME');
    expect(cnames).toHaveLength(3);
  });

  it('uses an existing identity when told not to create one', () => {
    const existing = synthStage('dev', { ...PLATFORM_ONLY, config: { ses: { createIdentity: false } } }).template;
    existing.resourceCountIs('AWS::SES::EmailIdentity', 0);
  });
});
