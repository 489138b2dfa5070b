// The stage's abuse limits at the edge: a WAF web ACL for its CloudFront distribution. CloudFront
// only takes web ACLs of scope CLOUDFRONT, which live in us-east-1, so they get a small stack of
// their own there (RentalOps-<stage>-edge); the stage stack reads the ACL's ARN through a
// cross-region reference (an SSM parameter CDK writes here and reads there; a plain export when
// the stage is in us-east-1 too).
//
// Rules, in order (the first that matches decides):
//   1. AWS IP reputation list (known bots, scanners, DDoS sources): block.
//   2. Sign-in, sign-up and reset (/api/auth/* but /api/auth/user, /api/login, /api/callback,
//      /api/email/confirm):
//      at most `authRateLimit` requests per IP per 5 minutes, then 429 for that IP. This is on top
//      of the per-account sign-in throttle in the app (5 failures per e-mail per 15 minutes), which
//      stays: this one stops one client from spraying many accounts.
//   3. Everything: at most `rateLimit` requests per IP per 5 minutes (one client cannot use up the
//      API's shared throttle and lock everyone out).
//   4. AWS Common rule set (OWASP-style: bad bots, LFI/RFI, XSS), body size rule counted only (the
//      photos go straight to S3; a large JSON body is refused by the app's own limits).
//   5. AWS Known bad inputs (Log4j, Java deserialisation, localhost host headers).
// SQL injection rules are left out: there is no SQL behind the API (DynamoDB).
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** CloudFront only accepts web ACLs from this region. */
export const EDGE_REGION = 'us-east-1';

/** The sign-in, sign-up and reset routes of functions/routes.ts the tight rate rule covers. */
export const AUTH_PATHS = {
  startsWith: ['/api/auth/', '/api/login'],
  exactly: ['/api/callback', '/api/email/confirm'],
  /** Under /api/auth/ but read on every screen (the signed-in user): the site-wide limit applies. */
  except: ['/api/auth/user'],
} as const;

export interface EdgeStackProps extends StackProps {
  stage: string;
  /** Requests per IP per 5 minutes, site-wide. */
  rateLimit: number;
  /** Requests per IP per 5 minutes to the sign-in, sign-up and reset routes. */
  authRateLimit: number;
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const tooMany: wafv2.CfnWebACL.RuleActionProperty = {
  block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooMany' } },
};

function pathMatch(positional: 'STARTS_WITH' | 'EXACTLY', path: string): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: positional,
      searchString: path,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

function managed(name: string, priority: number, excludedCount: string[] = []): wafv2.CfnWebACL.RuleProperty {
  return {
    name: `aws-${name}`,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ruleActionOverrides: excludedCount.length ? excludedCount.map((rule) => ({ name: rule, actionToUse: { count: {} } })) : undefined,
      },
    },
    visibilityConfig: visibility(`aws-${name}`),
  };
}

export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const authPaths = [
      ...AUTH_PATHS.startsWith.map((path) => pathMatch('STARTS_WITH', path)),
      ...AUTH_PATHS.exactly.map((path) => pathMatch('EXACTLY', path)),
    ];

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `rentalops-${props.stage}`,
      description: `RentalOps ${props.stage}: per-IP rate limits and AWS managed rules for the CloudFront distribution`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        tooMany: { contentType: 'APPLICATION_JSON', content: '{"message":"Too many requests. Please wait a few minutes and try again."}' },
      },
      visibilityConfig: visibility(`rentalops-${props.stage}`),
      rules: [
        managed('AWSManagedRulesAmazonIpReputationList', 0),
        {
          name: 'auth-rate-per-ip',
          priority: 1,
          action: tooMany,
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: props.authRateLimit,
              evaluationWindowSec: 300,
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    { orStatement: { statements: authPaths } },
                    ...AUTH_PATHS.except.map((path) => ({ notStatement: { statement: pathMatch('EXACTLY', path) } })),
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility('auth-rate-per-ip'),
        },
        {
          name: 'rate-per-ip',
          priority: 2,
          action: tooMany,
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit: props.rateLimit, evaluationWindowSec: 300 } },
          visibilityConfig: visibility('rate-per-ip'),
        },
        managed('AWSManagedRulesCommonRuleSet', 3, ['SizeRestrictions_BODY']),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 4),
      ],
    });

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn, description: 'The web ACL of the stage distribution' });
  }
}
