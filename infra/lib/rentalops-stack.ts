// One stage of RentalOps. Read it as the table of contents: each line is one concern, and the
// wiring between them (what each function may touch) goes through the bindings.
import { CfnOutput, RemovalPolicy, Stack, Tags, Validations, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as route53 from 'aws-cdk-lib/aws-route53';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import {
  EVENT_HANDLERS,
  OUTBOX_RELAY,
  QUEUE_WORKERS,
  SCHEDULED_JOBS,
  type EventHandlerDefinition,
  type QueueWorkerDefinition,
  type ScheduledJobDefinition,
} from '#functions/event-handlers';
import { ROUTES, type RouteDefinition } from '#functions/routes';
import type { StageConfig } from './config';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { environment, logoDeletion, paymentSecret, photoObjects, photoUploads, tableAccess, uploadConfirmation, type FunctionBindings } from './constructs/bindings';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Data } from './constructs/data';
import { Events } from './constructs/events';
import { Notifications } from './constructs/notifications';
import { Observability } from './constructs/observability';
import { Queues } from './constructs/queues';
import { TenantAccess } from './constructs/tenant-access';
import type { FunctionDefaults } from './constructs/rentalops-function';
import { bundledCode, stubCode, type BuildMode } from './handler-code';
import { PHOTOS_PREFIX, Storage } from './constructs/storage';
import { OriginSecret, Web } from './constructs/web';
import { acknowledgeCdkProviders } from './nag';

export interface RentalOpsStackProps extends StackProps {
  config: StageConfig;
  /** `bundle` for synth and deploy; `stub` in stack tests (no esbuild, no vite). */
  build: BuildMode;
  /** Default to functions/routes.ts and functions/event-handlers.ts; tests pass other tables. */
  routes?: readonly RouteDefinition[];
  eventHandlers?: readonly EventHandlerDefinition[];
  scheduledJobs?: readonly ScheduledJobDefinition[];
  queueWorkers?: readonly QueueWorkerDefinition[];
  /** The WAF web ACL of the distribution (infra/lib/edge-stack.ts, us-east-1). */
  webAclArn?: string;
}

export class RentalOpsStack extends Stack {
  readonly api: Api;
  readonly auth: Auth;
  readonly data: Data;
  readonly tenantAccess: TenantAccess;
  readonly events: Events;
  readonly queues: Queues;
  readonly notifications: Notifications;
  readonly observability: Observability;
  readonly storage: Storage;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: RentalOpsStackProps) {
    super(scope, id, { terminationProtection: props.config.isProduction, ...props });
    const { config } = props;
    const retain = config.isProduction;
    Tags.of(this).add('app', 'rentalops');
    Tags.of(this).add('stage', config.stage);

    const routes = props.routes ?? ROUTES;
    const eventHandlers = props.eventHandlers ?? EVENT_HANDLERS;
    const scheduledJobs = props.scheduledJobs ?? SCHEDULED_JOBS;
    const queueWorkers = props.queueWorkers ?? QUEUE_WORKERS;
    const hostedZone = config.domain?.hostedZone
      ? route53.HostedZone.fromHostedZoneAttributes(this, 'HostedZone', { hostedZoneId: config.domain.hostedZone.id, zoneName: config.domain.hostedZone.name })
      : undefined;

    this.observability = new Observability(this, 'Observability', {
      stage: config.stage,
      retain,
      logRetentionDays: config.logRetentionDays as RetentionDays,
      alarmEmail: config.alarmEmail,
    });
    const functions: FunctionDefaults = {
      code: props.build === 'bundle' ? bundledCode([...routes, ...eventHandlers, ...scheduledJobs, ...queueWorkers, OUTBOX_RELAY].map((entry) => entry.handler)) : stubCode(),
      logLevel: config.logLevel,
      logGroup: this.observability.functionLogs,
    };
    this.data = new Data(this, 'Data', { retain });
    // The company fence (docs/tenant-fence.md): one tenant role per item access level, assumed per company.
    this.tenantAccess = new TenantAccess(this, 'TenantAccess', { stage: config.stage, table: this.data.table, indexNames: this.data.indexNames });
    this.storage = new Storage(this, 'Storage', { stage: config.stage, retain, logBucket: this.observability.logBucket });
    // The photo bucket fenced the same way: each tenant role's S3 actions on its company's prefix only.
    this.tenantAccess.allowPhotoBucket(this.storage.photosBucketName, PHOTOS_PREFIX);
    // The API answers only through CloudFront: it adds this secret header, the HTTP wrapper checks it.
    const originSecret = new OriginSecret(this, 'OriginSecret', { stage: config.stage });
    this.web = new Web(this, 'Web', {
      stage: config.stage,
      webAclArn: props.webAclArn,
      originSecret: originSecret.value,
      build: props.build,
      logBucket: this.observability.logBucket,
      photosOrigin: this.storage.photosOrigin,
      // The hosted UI sign-in goes to (CSP form-action).
      authOrigin: `https://${config.authDomainPrefix}.auth.${config.region}.amazoncognito.com`,
      domain: config.domain && {
        name: config.domain.name,
        certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', config.domain.certificateArn),
        hostedZone,
      },
    });
    this.storage.allowBrowserAccessFrom(this.web.url);
    this.notifications = new Notifications(this, 'Notifications', {
      stage: config.stage,
      retain,
      emailFrom: config.emailFrom,
      senderDomain: config.senderDomain,
      createIdentity: config.ses.createIdentity,
      hostedZone,
      sandboxRecipients: config.ses.sandboxRecipients,
      smsSenderId: config.smsSenderId,
    });
    this.auth = new Auth(this, 'Auth', {
      stage: config.stage,
      retain,
      siteUrl: this.web.url,
      domainPrefix: config.authDomainPrefix,
      ses: config.ses.identityVerified ? { fromEmail: config.emailFrom, fromName: config.emailFromName, senderDomain: config.senderDomain } : undefined,
      threatProtection: config.threatProtection,
    });

    this.queues = new Queues(this, 'Queues', { workers: queueWorkers });
    // The Stripe keys (issue 22): `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }`, filled in by
    // the operator after the first deploy (never in code or configuration); only the functions whose
    // route or job declares `payments` may read it.
    const stripeSecretName = `rentalops/${config.stage}/stripe`;
    const stripeSecret = new secretsmanager.Secret(this, 'StripeSecret', {
      secretName: stripeSecretName,
      description: 'Stripe secret key and webhook signing secret (JSON: secretKey, webhookSecret)',
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(stripeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'The Stripe keys are issued and rolled in the Stripe dashboard (README, Payments); a rotation Lambda cannot create them. The operator pastes the new pair into this secret.',
    });
    const bindings: FunctionBindings = {
      table: tableAccess(this.data.table, this.data.indexNames, this.tenantAccess),
      common: [
        environment({ APP_URL: this.web.url, ALLOWED_ORIGINS: config.allowedOrigins.join(','), MASTER_EMAIL: config.masterEmail, COOKIE_SECURE: 'true' }),
        this.auth.oauthBinding(),
      ],
      needs: {
        cognito: this.auth.adminBinding(),
        ses: this.notifications.emailBinding(),
        sns: this.notifications.smsBinding(),
        photos: photoObjects(this.storage.photos, this.storage.photosBucketName, PHOTOS_PREFIX, this.tenantAccess),
        uploads: photoUploads(this.storage.photos, this.storage.photosBucketName, PHOTOS_PREFIX, this.tenantAccess),
        'confirm-uploads': uploadConfirmation(this.storage.photosBucketName, PHOTOS_PREFIX, this.tenantAccess),
        logos: logoDeletion(this.storage.photosBucketName, PHOTOS_PREFIX, this.tenantAccess),
        events: this.notifications.eventsBinding(),
        queue: this.queues.binding(),
        payments: paymentSecret(stripeSecretName, JSON.stringify(config.stripePriceIds ?? {})),
      },
    };
    this.events = new Events(this, 'Events', {
      stage: config.stage,
      bus: this.notifications.bus,
      handlers: eventHandlers,
      jobs: scheduledJobs,
      workers: queueWorkers,
      queues: this.queues,
      functions,
      bindings,
      // The events outbox: the table's stream to the relay, which puts the events on the bus.
      outbox: { table: this.data.table, relay: OUTBOX_RELAY },
    });
    this.api = new Api(this, 'Api', {
      stage: config.stage,
      routes,
      functions,
      bindings,
      accessLogs: this.observability.apiAccessLogs,
      throttle: config.apiThrottle,
      publicWriteThrottle: config.publicWriteThrottle,
      apiKeyRateLimit: config.apiKeyRateLimit,
      originSecret: originSecret.value,
      deployment: config.deployment,
    });

    this.web.routeApi(this.api.httpApi);
    this.web.publish({
      stage: config.stage,
      region: this.region,
      apiBaseUrl: '/api',
      auth: {
        userPoolId: this.auth.userPool.userPoolId,
        clientId: this.auth.client.userPoolClientId,
        hostedUiUrl: this.auth.hostedUiUrl,
        loginUrl: '/api/login',
        logoutUrl: '/api/logout',
      },
    });

    this.observability.watchApi(this.api.httpApi);
    this.observability.watchFunctions([...this.api.functions, ...this.events.functions]);
    this.observability.watchDeadLetters(this.events.deadLetters);
    for (const [name, queue] of this.queues.deadLetters) this.observability.watchDeadLetters(queue, `${name} jobs ended in their dead-letter queue after their last delivery`, `${name} jobs`);
    if (this.events.outboxDeadLetters) this.observability.watchDeadLetters(this.events.outboxDeadLetters, 'Outbox entries whose events the relay could not put on the bus after its retries', 'outbox relay');
    this.observability.watchTable(this.data.table);
    this.observability.watchSending(config.smsSpendAlarmUsd);
    this.observability.finishDashboard({ functions: [...this.api.functions, ...this.events.functions], queues: this.queues.queues });

    new CfnOutput(this, 'SiteUrl', { value: this.web.url, description: 'The site (and /api/*)' });
    new CfnOutput(this, 'DistributionDomain', { value: this.web.distribution.distributionDomainName, description: 'CNAME target for a custom domain' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'HostedUiUrl', { value: this.auth.hostedUiUrl });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'PhotosBucket', { value: this.storage.photos.bucketName });
    new CfnOutput(this, 'EventBusName', { value: this.notifications.bus.eventBusName });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.observability.alarmTopic.topicArn });

    acknowledgeCdkProviders(this);
  }
}
