// `bind`: one call gives a function a resource's name (the env var its code reads) and the least
// privilege it needs on that resource, so the two cannot drift apart. The route table's `needs`
// select the bindings; every function also gets the common ones (the table and configuration).
import { Stack, Validations } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { RouteDefinition } from '#functions/routes';
import type { RentalOpsFunction } from './rentalops-function';

export type Need = NonNullable<RouteDefinition['needs']>[number];

export interface Binding {
  /** The environment variables the binding sets (documentation and tests). */
  readonly env: readonly string[];
  bind(fn: RentalOpsFunction): void;
}

export interface FunctionBindings {
  /** Every function: the table and the app's configuration. */
  readonly common: readonly Binding[];
  /** One per kind of need; a Record, so a new need in the route table fails to compile until it is bound here. */
  readonly needs: Readonly<Record<Need, Binding>>;
}

export function bindAll(fn: RentalOpsFunction, bindings: FunctionBindings, needs: readonly Need[] = []): void {
  for (const binding of bindings.common) binding.bind(fn);
  for (const need of new Set(needs)) bindings.needs[need].bind(fn);
}

/** Plain configuration values (no grant). */
export function environment(values: Readonly<Record<string, string>>): Binding {
  return {
    env: Object.keys(values),
    bind: (fn) => {
      for (const [name, value] of Object.entries(values)) fn.addEnvironment(name, value);
    },
  };
}

/**
 * The single table, item-level actions only: no Scan (no Scan on a request path), no table
 * management. Indexes are named one by one (from functions/data/table.ts) rather than `index/*`,
 * and only Query is allowed on them. TransactWriteItems and TransactGetItems are authorised by the
 * item actions they contain.
 */
export const TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;
export const INDEX_ACTIONS = ['dynamodb:Query'] as const;

export function tableAccess(table: dynamodb.ITable, indexNames: readonly string[]): Binding {
  return {
    env: ['TABLE_NAME'],
    bind: (fn) => {
      fn.addEnvironment('TABLE_NAME', table.tableName);
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...TABLE_ACTIONS], resources: [table.tableArn] }));
      if (indexNames.length) {
        fn.addToRolePolicy(
          new iam.PolicyStatement({ actions: [...INDEX_ACTIONS], resources: indexNames.map((name) => `${table.tableArn}/index/${name}`) }),
        );
      }
    },
  };
}

/** The Admin* calls functions/auth/cognito.ts makes (SignUp and InitiateAuth are unauthenticated calls). */
export const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminConfirmSignUp',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
] as const;

export function cognitoAdmin(userPool: cognito.IUserPool): Binding {
  return {
    env: ['COGNITO_USER_POOL_ID'],
    bind: (fn) => {
      fn.addEnvironment('COGNITO_USER_POOL_ID', userPool.userPoolId);
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...COGNITO_ADMIN_ACTIONS], resources: [userPool.userPoolArn] }));
    },
  };
}

/** ses:SendEmail from the sender's identity (plus the sandbox's verified recipients, which SES also authorises). */
export function sendEmail(emailFrom: string, identityArns: readonly string[]): Binding {
  return {
    env: ['EMAIL_FROM'],
    bind: (fn) => {
      fn.addEnvironment('EMAIL_FROM', emailFrom);
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [...identityArns] }));
    },
  };
}

/**
 * SMS straight to a phone number: sns:Publish has no resource to name for it, so it is allowed on
 * `*` and denied on every topic ARN, which leaves phone numbers only.
 */
export function sendSms(senderId: string): Binding {
  return {
    env: ['SMS_SENDER_ID'],
    bind: (fn) => {
      fn.addEnvironment('SMS_SENDER_ID', senderId);
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          effect: iam.Effect.DENY,
          actions: ['sns:Publish'],
          resources: [`arn:${Stack.of(fn).partition}:sns:*:*:*`],
        }),
      );
      fn.acknowledgeWildcardResource('SMS: sns:Publish to a phone number has no resource ARN (a Deny on every topic ARN keeps it to SMS)');
    },
  };
}

/**
 * Objects under the photos prefix only (the API presigns PUT and GET for keys under
 * companies/<companyId>/). The ARN is built from the bucket's name (pseudo parameters only), so it
 * reads the same in the nested stacks that hold the route functions.
 */
export function photoObjects(bucket: s3.IBucket, bucketName: string, prefix: string): Binding {
  return {
    env: ['PHOTOS_BUCKET'],
    bind: (fn) => {
      fn.addEnvironment('PHOTOS_BUCKET', bucket.bucketName);
      const stack = Stack.of(fn);
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [`arn:${stack.partition}:s3:::${bucketName}/${prefix}*`] }));
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagRendering(stack, `arn:${stack.partition}:s3:::${bucketName}/${prefix}*`)}]`,
        reason: `Photo keys are created per upload (${prefix}<companyId>/...); the grant is limited to that prefix and to GetObject/PutObject.`,
      });
    },
  };
}

/**
 * Deleting company logos (a replaced or removed one): DeleteObject under companies/<id>/logo/ only.
 * The bucket is versioned, so a deleted logo stays recoverable until its noncurrent version expires.
 */
export function logoDeletion(bucketName: string, prefix: string): Binding {
  return {
    env: [],
    bind: (fn) => {
      const stack = Stack.of(fn);
      const resource = `arn:${stack.partition}:s3:::${bucketName}/${prefix}*/logo/*`;
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:DeleteObject'], resources: [resource] }));
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagRendering(stack, resource)}]`,
        reason: `Logo keys are created per upload (${prefix}<companyId>/logo/...); the grant is DeleteObject on logos only.`,
      });
    },
  };
}

/** A string with pseudo parameters as cdk-nag prints it in a finding id (e.g. <AWS::AccountId>). */
function nagRendering(stack: Stack, value: string): string {
  const resolved: unknown = stack.resolve(value);
  if (typeof resolved === 'string') return resolved;
  const join = (resolved as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
  return join[1].map((part) => (typeof part === 'string' ? part : `<${(part as { Ref: string }).Ref}>`)).join(join[0]);
}

export function putEvents(bus: events.IEventBus): Binding {
  return {
    env: ['EVENT_BUS_NAME'],
    bind: (fn) => {
      fn.addEnvironment('EVENT_BUS_NAME', bus.eventBusName);
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['events:PutEvents'], resources: [bus.eventBusArn] }));
    },
  };
}
