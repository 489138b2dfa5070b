// The channels: the EventBridge bus domain events travel on (with an archive for replay), the SES
// domain identity of the sender (DKIM records in Route 53 when the zone is known, otherwise stack
// outputs to add by hand) and the SMS sender id. The grants that use them are the `events`, `ses`
// and `sns` bindings (bindings.ts); the rules, handlers and schedules are in events.ts.
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import * as eventbridge from 'aws-cdk-lib/aws-events';
import type * as route53 from 'aws-cdk-lib/aws-route53';
import { CnameRecord } from 'aws-cdk-lib/aws-route53';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { putEvents, sendEmail, sendSms, type Binding } from './bindings';

export interface NotificationsProps {
  stage: string;
  retain: boolean;
  emailFrom: string;
  /** The SES identity: the domain part of emailFrom. */
  senderDomain: string;
  /** false: the identity exists already (created by another stage in the same account and region). */
  createIdentity: boolean;
  /** Where to create the DKIM records, when the sender's domain is in it. */
  hostedZone?: route53.IHostedZone;
  /** Verified recipients SES authorises while the account is in the sandbox. */
  sandboxRecipients: readonly string[];
  smsSenderId: string;
}

export class Notifications extends Construct {
  readonly bus: eventbridge.EventBus;
  readonly emailFrom: string;
  readonly senderDomain: string;
  readonly senderIdentity: ses.IEmailIdentity;
  readonly smsSenderId: string;
  private readonly sendableIdentityArns: string[];

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    this.emailFrom = props.emailFrom;
    this.senderDomain = props.senderDomain;
    this.smsSenderId = props.smsSenderId;

    this.bus = new eventbridge.EventBus(this, 'Bus', {
      eventBusName: `rentalops-${props.stage}`,
      description: `RentalOps ${props.stage}: domain events (tasks, reservations) and scheduled reminders`,
    });
    this.bus.archive('Archive', {
      description: 'Every event on the bus, for replay after a failed notifier',
      eventPattern: { account: [Stack.of(this).account] },
      retention: Duration.days(props.retain ? 90 : 7),
    });

    if (props.createIdentity) {
      const identity = new ses.EmailIdentity(this, 'SenderIdentity', {
        identity: ses.Identity.domain(props.senderDomain),
        feedbackForwarding: true,
      });
      const zone = props.hostedZone;
      const inZone = zone && `.${props.senderDomain}`.endsWith(`.${zone.zoneName}`);
      identity.dkimRecords.forEach((record, i) => {
        if (inZone) {
          new CnameRecord(this, `Dkim${i + 1}`, { zone, recordName: record.name, domainName: record.value });
        } else {
          new CfnOutput(this, `DkimRecord${i + 1}`, {
            description: `SES DKIM CNAME ${i + 1} for ${props.senderDomain}: add it to the domain's DNS`,
            value: `${record.name} CNAME ${record.value}`,
          });
        }
      });
      this.senderIdentity = identity;
    } else {
      this.senderIdentity = ses.EmailIdentity.fromEmailIdentityName(this, 'SenderIdentity', props.senderDomain);
    }

    const identityArn = (name: string) => Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: name });
    this.sendableIdentityArns = [identityArn(props.senderDomain), ...props.sandboxRecipients.map(identityArn)];
  }

  /** The `events` need: EVENT_BUS_NAME and events:PutEvents on this bus. */
  eventsBinding(): Binding {
    return putEvents(this.bus);
  }

  /** The `ses` need: EMAIL_FROM and ses:SendEmail from the sender identity. */
  emailBinding(): Binding {
    return sendEmail(this.emailFrom, this.sendableIdentityArns);
  }

  /** The `sns` need: SMS_SENDER_ID and sns:Publish to phone numbers. */
  smsBinding(): Binding {
    return sendSms(this.smsSenderId);
  }
}
