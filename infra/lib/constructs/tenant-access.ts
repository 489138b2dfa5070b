// The company fence in IAM (issue 42 points 3 and 4; docs/tenant-fence.md). One tenant role per item
// access level of the route table (functions/routes.ts itemAccessOf: read, write, delete): a
// function that acts for a company assumes its level's role with the session tag `companyId=<id>`
// (functions/data/scoped-credentials.ts), and the role's policy admits the level's item actions only
// on keys whose partition is that company's (`COMPANY#<id>`, `COMPANY#<id>#...`: items, and the index
// partitions a Query names) or one of the few partitions that are no company's
// (NON_COMPANY_PARTITIONS). A handler that builds another company's key is refused by IAM. The write
// level may also delete in one partition, its company's idempotency records (COMPANY#<id>#IDEMPOTENCY).
//
// Trust: the stage account's principals whose role carries the tags `stage=<stage>` and
// `rentalops:tenant-access=<level>` (the function roles bound here; naming ~110 role ARNs would not
// fit a trust policy), each AssumeRole carrying a `companyId` tag and no other, and the function
// role's own policy naming this one role. Three roles in the stage stack, whatever the number of routes.
// The photo bucket likewise (allowPhotoBucket): each role's S3 actions on `companies/<the tag's company>/` only.
import { Stack, Tags, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { keys } from '#functions/data/keys';
import { BUCKET_GRANTS, BUCKET_NEEDS, BUCKET_NEEDS_ENV, NON_COMPANY_LEADING_KEYS, TENANT_TAG, type BucketNeed } from '#functions/data/scoped-credentials';
import type { ItemAccess } from '#functions/routes';

export const ITEM_ACCESS_LEVELS: readonly ItemAccess[] = ['read', 'write', 'delete'];

/**
 * The photo bucket's needs each level's role holds (on its company's prefix only): a read route only
 * reads objects (presigned GETs); writing routes may also issue uploads, record them and delete logos.
 * Each function's session policy keeps only its own route's needs (TENANT_BUCKET_NEEDS).
 */
export const LEVEL_BUCKET_NEEDS: Readonly<Record<ItemAccess, readonly BucketNeed[]>> = {
  read: ['photos'],
  write: BUCKET_NEEDS,
  delete: BUCKET_NEEDS,
};

/** The statement id of a bucket need's grant on a tenant role. */
export const bucketSid = (need: BucketNeed) => `CompanyObjects${need.split('-').map((part) => part[0].toUpperCase() + part.slice(1)).join('')}`;

/** The item actions of each level on the table (TransactWrite/GetItems are authorised by the actions they contain). */
export const LEVEL_ACTIONS: Readonly<Record<ItemAccess, readonly string[]>> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  write: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  // BatchWriteItem puts and deletes alike (IAM cannot tell them apart): deleting routes only.
  delete: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
};

/** The tag of a function role naming the tenant role it may assume. */
export const TENANT_ACCESS_TAG = 'rentalops:tenant-access';
/** The stage tag every resource of the stack carries (rentalops-stack.ts). */
export const STAGE_TAG = 'stage';
/** The variable the data layer reads (functions/data/client.ts). */
export const TENANT_ROLE_ENV = 'TENANT_ROLE_ARN';

/** The company's own partitions, from the session tag. */
export const COMPANY_LEADING_KEYS = [`COMPANY#\${aws:PrincipalTag/${TENANT_TAG}}`, `COMPANY#\${aws:PrincipalTag/${TENANT_TAG}}#*`] as const;
/**
 * The company's idempotency records (functions/lib/idempotency.ts, keys.idempotencyPartition): the
 * one partition where the write level may delete (a refused request's record is removed).
 */
export const IDEMPOTENCY_LEADING_KEYS = [keys.idempotencyPartition(`\${aws:PrincipalTag/${TENANT_TAG}}`)] as const;
/** What a tenant session may touch: its company's partitions and the non-company ones. */
export const TENANT_LEADING_KEYS: readonly string[] = [...COMPANY_LEADING_KEYS, ...NON_COMPANY_LEADING_KEYS];

/** A resource as cdk-nag prints it in a finding id: references as <Ref>, policy variables ${x} as <x>. */
function nagRendering(stack: Stack, value: string): string {
  const resolved: unknown = stack.resolve(value);
  const join = typeof resolved === 'string' ? undefined : (resolved as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
  const text = join ? join[1].map((part) => (typeof part === 'string' ? part : `<${(part as { Ref: string }).Ref}>`)).join(join[0]) : (resolved as string);
  return text.replace(/\$\{([^}]+)\}/g, '<$1>');
}

const leadingKeys = (patterns: readonly string[]) => ({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] } });

export interface TenantAccessProps {
  stage: string;
  table: dynamodb.ITable;
  indexNames: readonly string[];
}

export class TenantAccess extends Construct {
  readonly roles: Readonly<Record<ItemAccess, iam.Role>>;

  constructor(scope: Construct, id: string, props: TenantAccessProps) {
    super(scope, id);
    const account = Stack.of(this).account;
    const roles = {} as Record<ItemAccess, iam.Role>;
    for (const level of ITEM_ACCESS_LEVELS) {
      const callers = { StringEquals: { [`aws:PrincipalTag/${TENANT_ACCESS_TAG}`]: level, [`aws:PrincipalTag/${STAGE_TAG}`]: props.stage, 'aws:PrincipalAccount': account } };
      const role = new iam.Role(this, `${level[0].toUpperCase()}${level.slice(1)}Role`, {
        description: `RentalOps ${props.stage}: one company's ${level} access to the table (session tag ${TENANT_TAG}; docs/tenant-fence.md)`,
        assumedBy: new iam.AccountPrincipal(account).withConditions({ ...callers, Null: { [`aws:RequestTag/${TENANT_TAG}`]: 'false' } }),
      });
      // The session tag: `companyId` and nothing else, never a value with a wildcard in it.
      role.assumeRolePolicy!.addStatements(
        new iam.PolicyStatement({
          actions: ['sts:TagSession'],
          principals: [new iam.AccountPrincipal(account)],
          conditions: {
            ...callers,
            'ForAllValues:StringEquals': { 'aws:TagKeys': [TENANT_TAG] },
            StringLike: { [`aws:RequestTag/${TENANT_TAG}`]: '?*' },
            StringNotLike: { [`aws:RequestTag/${TENANT_TAG}`]: ['*${*}*', '*${?}*'] },
          },
        }),
      );
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({ sid: 'CompanyItems', actions: [...LEVEL_ACTIONS[level]], resources: [props.table.tableArn], conditions: leadingKeys(TENANT_LEADING_KEYS) }),
      );
      if (props.indexNames.length) {
        role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            sid: 'CompanyIndexPartitions',
            actions: ['dynamodb:Query'],
            resources: props.indexNames.map((name) => `${props.table.tableArn}/index/${name}`),
            conditions: leadingKeys(TENANT_LEADING_KEYS),
          }),
        );
      }
      if (level === 'write') {
        // A writing route's idempotency record: removed when its request is refused (a write that deletes has DeleteItem already).
        role.addToPrincipalPolicy(
          new iam.PolicyStatement({ sid: 'IdempotencyRecords', actions: ['dynamodb:DeleteItem'], resources: [props.table.tableArn], conditions: leadingKeys(IDEMPOTENCY_LEADING_KEYS) }),
        );
      }
      if (level === 'read') {
        // A read's own bookkeeping inside the company's context: the session's renewal, an API key's last use.
        role.addToPrincipalPolicy(
          new iam.PolicyStatement({ sid: 'ReadBookkeeping', actions: ['dynamodb:UpdateItem'], resources: [props.table.tableArn], conditions: leadingKeys(['SESSION#*', 'APIKEY#*']) }),
        );
      }
      roles[level] = role;
    }
    this.roles = roles;
  }

  /**
   * The photo bucket, fenced like the table: each level's bucket needs (LEVEL_BUCKET_NEEDS) on
   * `<bucket>/<prefix>${aws:PrincipalTag/companyId}/...` only (puts and taggings with the upload tag
   * conditions, DeleteObject on the company's logo/ only). The functions' own roles hold no bucket grant
   * for a company's route (bindings.ts): a handler that builds another company's key is refused by IAM.
   */
  allowPhotoBucket(bucketName: string, prefix: string): void {
    const partition = Stack.of(this).partition;
    for (const level of ITEM_ACCESS_LEVELS) {
      const reasons = new Map<string, string[]>();
      for (const need of LEVEL_BUCKET_NEEDS[level]) {
        const grant = BUCKET_GRANTS[need];
        const resource = `arn:${partition}:s3:::${bucketName}/${prefix}\${aws:PrincipalTag/${TENANT_TAG}}/${grant.path}`;
        this.roles[level].addToPrincipalPolicy(new iam.PolicyStatement({ sid: bucketSid(need), actions: [...grant.actions], resources: [resource], conditions: grant.condition }));
        const id = `AwsSolutions-IAM5[Resource::${nagRendering(Stack.of(this), resource)}]`;
        reasons.set(id, [...(reasons.get(id) ?? []), `${grant.actions.join(', ')} (${need})`]);
      }
      for (const [id, actions] of reasons) {
        Validations.of(this.roles[level]).acknowledge({
          id,
          reason: `Photo keys are created per upload under the session's company (${prefix}<the companyId session tag>/...): ${actions.join('; ')} on that company's objects only.`,
        });
      }
    }
  }

  /**
   * Lets the function assume its level's role (tag, trust, policy) and tells its data layer which
   * (TENANT_ROLE_ARN), and which of the photo bucket's needs its session keeps (TENANT_BUCKET_NEEDS,
   * from its row's `needs`; unset: none).
   */
  grantAssume(
    fn: { role: iam.IRole; addEnvironment(name: string, value: string): unknown; addToRolePolicy(statement: iam.PolicyStatement): unknown },
    level: ItemAccess,
    needs: readonly string[] = [],
  ): void {
    const role = this.roles[level];
    Tags.of(fn.role).add(TENANT_ACCESS_TAG, level);
    fn.addEnvironment(TENANT_ROLE_ENV, role.roleArn);
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sts:AssumeRole', 'sts:TagSession'], resources: [role.roleArn] }));
    const bucketNeeds = BUCKET_NEEDS.filter((need) => needs.includes(need));
    const beyond = bucketNeeds.filter((need) => !LEVEL_BUCKET_NEEDS[level].includes(need));
    if (beyond.length) throw new Error(`A ${level} function cannot use the photo bucket for ${beyond.join(', ')} (the ${level} tenant role does not hold it; tenant-access.ts LEVEL_BUCKET_NEEDS)`);
    if (bucketNeeds.length) fn.addEnvironment(BUCKET_NEEDS_ENV, bucketNeeds.join(','));
  }
}
