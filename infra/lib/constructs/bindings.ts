// `bind`: one call gives a function a resource's name (the env var its code reads) and the least
// privilege it needs on that resource, so the two cannot drift apart. The route table declares what
// each route touches (functions/routes.ts: `table`, `needs`, `cognito`) and the bindings grant
// exactly that: read or write on the table, the S3 actions of each photo need, each Cognito Admin*
// call where it is made. infra/test/least-privilege.test.ts walks every function of the template.
import { Stack, Validations } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { COGNITO_ADMIN_CALLS, type CognitoAdminCall, type ItemAccess, type RouteDefinition, type TableAccess } from '#functions/routes';
import type { RentalOpsFunction } from './rentalops-function';
import { BUCKET_GRANTS, NON_COMPANY_LEADING_KEYS, type BucketNeed } from '#functions/data/scoped-credentials';
import { LEVEL_ACTIONS, type TenantAccess } from './tenant-access';

export type Need = NonNullable<RouteDefinition['needs']>[number];

/** What the function's route (or event handler) declares beyond its needs. */
export interface Declared {
  /** Default `write` (event handlers and workers write). */
  table?: TableAccess;
  /** A writing route that deletes items (deletesOf); default true when `table` is not declared (event handlers and workers). */
  deletes?: boolean;
  /**
   * The route acts for the caller's company (actsForCompany): its handler's table calls go through
   * the tenant role of its level, and its own role keeps only what comes before the company is known.
   */
  actsForCompany?: boolean;
  /**
   * A public route acting for the company its token names (RouteDefinition.companyFromToken): the
   * partition prefixes its own role keeps (the token's lookup), instead of the NON_COMPANY_PARTITIONS.
   */
  companyFromToken?: readonly string[];
  /**
   * A read route with a session renews it: an UpdateItem narrowed to SESSION# items, on its own role
   * only when it acts for no company (the master console; a company's renews in its context, with the
   * read tenant role). A public API read route keeps UpdateItem on APIKEY# (its key's call counter).
   */
  access?: RouteDefinition['access'];
  cognito?: readonly CognitoAdminCall[];
  /** The function's needs (bindAll fills it in): the tenant session keeps its photo bucket needs (TENANT_BUCKET_NEEDS). */
  needs?: readonly Need[];
}

export interface Binding {
  /** The environment variables the binding sets (documentation and tests). */
  readonly env: readonly string[];
  bind(fn: RentalOpsFunction, declared?: Declared): void;
}

export interface FunctionBindings {
  /** Every function: the app's configuration. */
  readonly common: readonly Binding[];
  /** The table, read-only or read-write (tableAccess). */
  readonly table: Readonly<Record<TableAccess, Binding>>;
  /** One per kind of need; a Record, so a new need in the route table fails to compile until it is bound here. */
  readonly needs: Readonly<Record<Need, Binding>>;
}

export function bindAll(fn: RentalOpsFunction, bindings: FunctionBindings, needs: readonly Need[] = [], given: Declared = {}): void {
  const declared: Declared = { ...given, needs };
  bindings.table[declared.table ?? 'write'].bind(fn, declared);
  for (const binding of bindings.common) binding.bind(fn, declared);
  for (const need of new Set(needs)) {
    const binding = bindings.needs[need] as Binding | undefined;
    if (!binding) throw new Error(`${fn.handlerName} needs '${need}', which has no binding: add one to the stack's bindings.needs (infra/lib/rentalops-stack.ts).`);
    binding.bind(fn, declared);
  }
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
/** A read route's table actions (TransactGetItems is authorised by the GetItem it contains). */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;
export const INDEX_ACTIONS = ['dynamodb:Query'] as const;
/** Partition keys of session items (functions/data/keys.ts: SESSION#<sid>): a read route's only write. */
export const SESSION_LEADING_KEYS = ['SESSION#*'] as const;
/** Partition keys of API key lookup items (keys.apiKeyLookup: APIKEY#<hash>): a public API read's only write. */
export const API_KEY_LEADING_KEYS = ['APIKEY#*'] as const;

/** The item access a declaration asks for: read, write, or write with deletes (event handlers and workers delete). */
export function itemAccessOfDeclared(declared: Declared | undefined): ItemAccess {
  const table = declared?.table ?? 'write';
  if (table === 'read') return 'read';
  return (declared?.deletes ?? declared?.table === undefined) ? 'delete' : 'write';
}

const leadingKeys = (patterns: readonly string[]) => ({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] } });

/**
 * Access to the table, for bindAll to pick per function from its declaration (issue 42 points 3 and 4):
 * - the item actions of its level (itemAccessOfDeclared): a read gets GetItem, BatchGetItem, Query; a
 *   write adds ConditionCheckItem, PutItem, UpdateItem; only a deleting one DeleteItem and BatchWriteItem;
 * - a function that acts for a company (`actsForCompany`), given the tenant roles: TENANT_ROLE_ARN and
 *   sts:AssumeRole/TagSession on its level's tenant role (every company item it touches: the HTTP
 *   wrappers run all that follows the session's or key's lookup in the company's context), and an
 *   own role narrowed by dynamodb:LeadingKeys to the non-company partitions (the session's or key's
 *   lookup, the key's call counter), or for a public route acting for its token's company to the
 *   token's lookup partitions (`companyFromToken`): no company item, nothing on the cross-company indexes;
 * - event handlers and workers (no route), given the tenant roles: the delete level's tenant role for
 *   the company each message names, and their own role whole for work that names none;
 * - a route that acts for no company (public, master console): its own role on every partition.
 * A read's only writes are its own bookkeeping: UpdateItem on SESSION# (a master console route; a
 * company's route renews with its tenant role) or APIKEY# (a public API route) partitions.
 */
export function tableAccess(table: dynamodb.ITable, indexNames: readonly string[], tenant?: TenantAccess): Record<TableAccess, Binding> {
  const binding: Binding = {
    env: ['TABLE_NAME'],
    bind: (fn, declared) => {
      fn.addEnvironment('TABLE_NAME', table.tableName);
      const level = itemAccessOfDeclared(declared);
      const fenced = Boolean(tenant && declared?.actsForCompany);
      const own = fenced ? leadingKeys(declared?.companyFromToken?.map((prefix) => `${prefix}*`) ?? NON_COMPANY_LEADING_KEYS) : undefined;
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...LEVEL_ACTIONS[level]], resources: [table.tableArn], conditions: own }));
      if (indexNames.length) {
        fn.addToRolePolicy(
          new iam.PolicyStatement({ actions: [...INDEX_ACTIONS], resources: indexNames.map((name) => `${table.tableArn}/index/${name}`), conditions: own }),
        );
      }
      // The sliding session renewal of functions/lib/http.ts (touchSession): UpdateItem, and only on
      // items whose partition key is SESSION#<sid>; on the own role of a route that acts for no company
      // only (a company's read route renews in its company's context: the read tenant role's ReadBookkeeping).
      // A public API read's own bookkeeping (functions/lib/public-api.ts): its key's call counter and
      // last use, UpdateItem on items whose partition key is APIKEY#<hash> only (the counter runs
      // beside the key's lookup, before the company is known).
      const leading = declared?.access === 'session' && !fenced ? SESSION_LEADING_KEYS : declared?.access === 'apiKey' ? API_KEY_LEADING_KEYS : undefined;
      if (level === 'read' && leading) {
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [table.tableArn], conditions: leadingKeys(leading) }));
      }
      if (tenant && (fenced || declared?.table === undefined)) tenant.grantAssume(fn, level, declared?.needs);
    },
  };
  return { read: binding, write: binding };
}

/** Every Cognito Admin* action a function may be granted (each only where its route declares it). */
export const COGNITO_ADMIN_ACTIONS = COGNITO_ADMIN_CALLS.map((call) => `cognito-idp:${call}` as const);

/**
 * The pool id, and the Admin* calls the route declares (`cognito` of its row), on this pool only.
 * AssociateSoftwareToken and VerifySoftwareToken are authorised by the user's access token, not IAM.
 */
export function cognitoAdmin(userPool: cognito.IUserPool): Binding {
  return {
    env: ['COGNITO_USER_POOL_ID'],
    bind: (fn, declared) => {
      fn.addEnvironment('COGNITO_USER_POOL_ID', userPool.userPoolId);
      const calls = [...new Set(declared?.cognito ?? [])];
      if (calls.length) fn.addToRolePolicy(new iam.PolicyStatement({ actions: calls.map((call) => `cognito-idp:${call}`), resources: [userPool.userPoolArn] }));
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
 * The payment provider (functions/payments/stripe.ts): its keys' secret, read once per cold start
 * (GetSecretValue on that one secret, by name: Secrets Manager adds a 6-character suffix to the ARN,
 * and a name-built ARN reads the same in the nested stacks), and the price ids (configuration).
 */
export function paymentSecret(secretName: string, priceIds: string): Binding {
  return {
    env: ['STRIPE_SECRET_ID', 'STRIPE_PRICE_IDS'],
    bind: (fn) => {
      fn.addEnvironment('STRIPE_SECRET_ID', secretName);
      fn.addEnvironment('STRIPE_PRICE_IDS', priceIds);
      const stack = Stack.of(fn);
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [`arn:${stack.partition}:secretsmanager:${stack.region}:${stack.account}:secret:${secretName}-??????`],
        }),
      );
    },
  };
}

/**
 * Whether a function's photo bucket calls are fenced by its tenant role (issue 42 point 3): a route that
 * acts for a company calls the bucket only in its company's context, with the company's scoped
 * credentials (functions/storage/photos.ts), so its own role holds no bucket grant at all. The tenant
 * roles hold the grants on the company's prefix (TenantAccess.allowPhotoBucket), each function's
 * session its own needs (TENANT_BUCKET_NEEDS). Functions that act for no company (none needs the
 * bucket today) keep the grants below on their own role.
 */
const bucketFenced = (tenant: TenantAccess | undefined, declared: Declared | undefined) => Boolean(tenant && declared?.actsForCompany);

/**
 * Reading photos under the prefix (presigned GETs, the HEAD and first bytes of an upload being
 * checked). The ARN is built from the bucket's name (pseudo parameters only), so it reads the same in
 * the nested stacks that hold the route functions.
 */
export function photoObjects(bucket: s3.IBucket, bucketName: string, prefix: string, tenant?: TenantAccess): Binding {
  return {
    env: ['PHOTOS_BUCKET'],
    bind: (fn, declared) => {
      fn.addEnvironment('PHOTOS_BUCKET', bucket.bucketName);
      if (bucketFenced(tenant, declared)) return;
      const resource = grantOwnBucketNeed(fn, 'photos', bucketName, prefix);
      acknowledgePrefix(fn, resource, `Photo keys are created per upload (${prefix}<companyId>/...); the grant is GetObject under that prefix.`);
    },
  };
}

/**
 * Issuing uploads (the only functions that may put objects): presigned PUTs under the prefix, each
 * carrying the tag upload=pending (IAM refuses a put without it, so no upload escapes the lifecycle
 * rule that expires pending ones). The handler builds keys under the caller's company only.
 */
export function photoUploads(bucket: s3.IBucket, bucketName: string, prefix: string, tenant?: TenantAccess): Binding {
  return {
    env: ['PHOTOS_BUCKET'],
    bind: (fn, declared) => {
      fn.addEnvironment('PHOTOS_BUCKET', bucket.bucketName);
      if (bucketFenced(tenant, declared)) return;
      const resource = grantOwnBucketNeed(fn, 'uploads', bucketName, prefix);
      acknowledgePrefix(fn, resource, `Upload keys are created per upload (${prefix}<companyId>/...); PutObject only with the tag upload=pending.`);
    },
  };
}

/** Recording an upload: its tag becomes upload=kept (nothing else may be tagged, nothing put). */
export function uploadConfirmation(bucketName: string, prefix: string, tenant?: TenantAccess): Binding {
  return {
    env: [],
    bind: (fn, declared) => {
      if (bucketFenced(tenant, declared)) return;
      const resource = grantOwnBucketNeed(fn, 'confirm-uploads', bucketName, prefix);
      acknowledgePrefix(fn, resource, `Uploads are recorded per key (${prefix}<companyId>/...); PutObjectTagging to upload=kept only.`);
    },
  };
}

function objectsArn(fn: RentalOpsFunction, bucketName: string, prefix: string): string {
  return `arn:${Stack.of(fn).partition}:s3:::${bucketName}/${prefix}*`;
}

/**
 * A bucket need on the function's own role (a function acting for no company): the same actions, path
 * and tag conditions as the tenant roles' (BUCKET_GRANTS), on every company's prefix. Returns the resource.
 */
function grantOwnBucketNeed(fn: RentalOpsFunction, need: BucketNeed, bucketName: string, prefix: string): string {
  const grant = BUCKET_GRANTS[need];
  const resource = grant.path === '*' ? objectsArn(fn, bucketName, prefix) : `${objectsArn(fn, bucketName, prefix)}/${grant.path}`;
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...grant.actions], resources: [resource], ...(grant.condition && { conditions: grant.condition }) }));
  return resource;
}

const prefixReasons = new WeakMap<RentalOpsFunction, Map<string, string[]>>();

/** One acknowledgement per finding and role, listing the reason of every grant on that prefix. */
function acknowledgePrefix(fn: RentalOpsFunction, resource: string, reason: string): void {
  const id = `AwsSolutions-IAM5[Resource::${nagRendering(Stack.of(fn), resource)}]`;
  let byId = prefixReasons.get(fn);
  if (!byId) prefixReasons.set(fn, (byId = new Map()));
  const reasons = [...(byId.get(id) ?? []), reason];
  byId.set(id, reasons);
  Validations.of(fn.role).acknowledge({ id, reason: reasons.join(' ') });
}

/**
 * Deleting company logos (a replaced or removed one): DeleteObject under companies/<id>/logo/ only.
 * The bucket is versioned, so a deleted logo stays recoverable until its noncurrent version expires.
 */
export function logoDeletion(bucketName: string, prefix: string, tenant?: TenantAccess): Binding {
  return {
    env: [],
    bind: (fn, declared) => {
      if (bucketFenced(tenant, declared)) return;
      const stack = Stack.of(fn);
      const resource = grantOwnBucketNeed(fn, 'logos', bucketName, prefix);
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
