// Issue 42 points 3 and 4 over the synthesised dev stage: the tenant roles (one per item access level)
// admit only the caller's company's keys (dynamodb:LeadingKeys from the session tag) and the
// non-company partitions; only the stage's tagged function roles may assume them, with a `companyId`
// tag and no other; each route function that acts for a company may assume its level's role and its
// own role keeps only the non-company partitions (no company item: every one is read and written in
// the company's context); and every function's item actions are its row's (functions/routes.ts
// itemAccessOf): no DeleteItem without `deletes` (but the write level's on its company's idempotency
// records), no write on a read. The photo bucket is fenced the same way: the tenant roles hold the S3
// actions on `companies/${aws:PrincipalTag/companyId}/` only, a company route's own role none, and
// each function's session keeps its row's bucket needs (TENANT_BUCKET_NEEDS, the session policy).
import { EVENT_HANDLERS, QUEUE_WORKERS, SCHEDULED_JOBS } from '#functions/event-handlers';
import { BUCKET_GRANTS, BUCKET_NEEDS, BUCKET_NEEDS_ENV, NON_COMPANY_LEADING_KEYS, NON_COMPANY_PARTITIONS, parseBucketNeeds, sessionPolicy, TENANT_TAG, type BucketNeed } from '#functions/data/scoped-credentials';
import { actsForCompany, deletesOf, itemAccessOf, ROUTES, type ItemAccess } from '#functions/routes';
import { NON_COMPANY_PARTITIONS as GUARD_PARTITIONS } from '../../local/permission-guard';
import { keys } from '#functions/data/keys';
import { bucketSid, COMPANY_LEADING_KEYS, IDEMPOTENCY_LEADING_KEYS, ITEM_ACCESS_LEVELS, LEVEL_ACTIONS, LEVEL_BUCKET_NEEDS, STAGE_TAG, TENANT_ACCESS_TAG, TENANT_ROLE_ENV } from '../lib/constructs/tenant-access';
import { testStage } from './support/synth';
import { actionsOf, appFunctions, environmentOf, resolveReference, resources, roleStatements, referencedId, type Resource, type Statement } from './support/template';

const { templates } = testStage('dev');
const root = templates.root;

const allows = (statements: Statement[]) => statements.filter((s) => s.Effect === 'Allow');
const dynamoActions = (statements: Statement[]) => new Set(allows(statements).flatMap(actionsOf).filter((a) => a.startsWith('dynamodb:')));
const leadingKeysOf = (statement: Statement): string[] | undefined =>
  (statement.Condition as { 'ForAllValues:StringLike'?: { 'dynamodb:LeadingKeys'?: string[] } } | undefined)?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
const resourcesOf = (statement: Statement): unknown[] => ([] as unknown[]).concat(statement.Resource);
/** A resource as text: a join's references as <LogicalId> (or <AWS::Partition>). */
const rendered = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(rendered).join(join[0]);
  const ref = (value as { Ref?: string }).Ref ?? (value as { 'Fn::GetAtt'?: string[] })['Fn::GetAtt']?.join('.');
  return `<${ref ?? JSON.stringify(value)}>`;
};
const sidOf = (statement: Statement) => (statement as Statement & { Sid?: string }).Sid;
const s3Statements = (statements: Statement[]) => allows(statements).filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
/** The company prefix of the tenant roles' S3 resources: the session tag's company only. */
const COMPANY_OBJECTS = `/companies/\${aws:PrincipalTag/${TENANT_TAG}}/`;

/** The tenant roles of the stage stack, by level (their description names it). */
const tenantRoles = new Map<ItemAccess, { id: string; role: Resource }>();
for (const [id, role] of Object.entries(resources(root, 'AWS::IAM::Role'))) {
  const level = /one company's (read|write|delete) access/.exec(String(role.Properties.Description ?? ''))?.[1] as ItemAccess | undefined;
  if (level) tenantRoles.set(level, { id, role });
}

const inlineStatements = (role: Resource): Statement[] =>
  ((role.Properties.Policies ?? []) as Array<{ PolicyDocument: { Statement: Statement[] } }>).flatMap((policy) => policy.PolicyDocument.Statement);
/** A tenant role's permissions: inline, or in an AWS::IAM::Policy attached to it. */
function tenantStatements(level: ItemAccess): Statement[] {
  const { id, role } = tenantRoles.get(level)!;
  const attached = Object.values(resources(root, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as unknown[]).some((ref) => referencedId(ref) === id))
    .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  return [...inlineStatements(role), ...attached];
}

const tagsOf = (resource: Resource): Record<string, string> =>
  Object.fromEntries(((resource.Properties.Tags ?? []) as Array<{ Key: string; Value: string }>).map((tag) => [tag.Key, tag.Value]));

const handlerOf = (description: unknown) => /\(functions\/handlers\/(.+)\.ts\)$/.exec(String(description))![1];
const functions = appFunctions(templates).map((located) => {
  const roleId = referencedId(located.resource.Properties.Role)!;
  const role = resources(located.template, 'AWS::IAM::Role')[roleId];
  const tenantRef = environmentOf(located.resource)[TENANT_ROLE_ENV];
  const tenantRoleId = tenantRef === undefined ? undefined : resolveReference(templates, located.template, tenantRef)?.id;
  const statements = roleStatements(located.template, located.resource);
  const assumable = allows(statements)
    .filter((s) => actionsOf(s).includes('sts:AssumeRole'))
    .flatMap((s) => resourcesOf(s).map((value) => resolveReference(templates, located.template, value)?.id));
  return { handler: handlerOf(located.resource.Properties.Description), resource: located.resource, role, statements, tenantRoleId, assumable };
});
const fnOf = (handler: string) => functions.find((fn) => fn.handler === handler)!;
const levelOfRoleId = (id: string | undefined) => [...tenantRoles].find(([, role]) => role.id === id)?.[0];

describe('the tenant roles', () => {
  it('are one per item access level', () => {
    expect([...tenantRoles.keys()].sort()).toEqual([...ITEM_ACCESS_LEVELS].sort());
  });

  it.each(ITEM_ACCESS_LEVELS.map((level) => [level]))('%s: every statement is held to the company of the session tag (and the non-company partitions)', (level) => {
    const statements = tenantStatements(level).filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
    expect(statements.length).toBeGreaterThan(0);
    // Every statement is the table's or the photo bucket's (below).
    expect(tenantStatements(level).length).toBe(statements.length + s3Statements(tenantStatements(level)).length);
    for (const statement of statements) {
      expect(statement.Effect).toBe('Allow');
      const patterns = leadingKeysOf(statement);
      expect(patterns).toBeDefined();
      // No bare wildcard and no other company's prefix: the company's own partitions come from the tag only.
      for (const pattern of patterns!) {
        expect([...COMPANY_LEADING_KEYS, ...NON_COMPANY_LEADING_KEYS, ...IDEMPOTENCY_LEADING_KEYS]).toContain(pattern);
      }
      expect(patterns!.filter((p) => p.startsWith('COMPANY#')).every((p) => p.startsWith(`COMPANY#\${aws:PrincipalTag/${TENANT_TAG}}`))).toBe(true);
    }
    const company = statements.find((s) => leadingKeysOf(s)?.includes(COMPANY_LEADING_KEYS[0]))!;
    expect(leadingKeysOf(company)).toEqual([`COMPANY#\${aws:PrincipalTag/companyId}`, `COMPANY#\${aws:PrincipalTag/companyId}#*`, ...NON_COMPANY_LEADING_KEYS]);
  });

  it.each(ITEM_ACCESS_LEVELS.map((level) => [level]))('%s: the item actions of its level, never Scan or table management', (level) => {
    const actions = dynamoActions(tenantStatements(level));
    // Beside its level's: a read's UpdateItem of its bookkeeping, a write's DeleteItem of its idempotency records (below).
    const extra = { read: ['dynamodb:UpdateItem'], write: ['dynamodb:DeleteItem'], delete: [] }[level];
    const expected = new Set([...LEVEL_ACTIONS[level], ...extra]);
    expect([...actions].sort()).toEqual([...expected].sort());
    expect(actions.has('dynamodb:Scan')).toBe(false);
    if (level !== 'delete') expect(actions.has('dynamodb:BatchWriteItem')).toBe(false);
    // DeleteItem: the delete level's everywhere; the write level's on its company's idempotency records only; never a read's.
    const deletes = allows(tenantStatements(level)).filter((s) => actionsOf(s).includes('dynamodb:DeleteItem'));
    if (level === 'read') expect(deletes).toEqual([]);
    if (level === 'write') {
      expect(deletes).toHaveLength(1);
      expect(actionsOf(deletes[0])).toEqual(['dynamodb:DeleteItem']);
      expect(leadingKeysOf(deletes[0])).toEqual([`COMPANY#\${aws:PrincipalTag/${TENANT_TAG}}#IDEMPOTENCY`]);
      // The pattern is the partition the records are kept in (keys.ts), for the company of the tag.
      expect(leadingKeysOf(deletes[0])).toEqual([keys.idempotencyPartition(`\${aws:PrincipalTag/${TENANT_TAG}}`)]);
    }
    if (level === 'read') {
      // A read's only write: its own bookkeeping on SESSION# and APIKEY# partitions.
      const writes = allows(tenantStatements(level)).filter((s) => actionsOf(s).includes('dynamodb:UpdateItem'));
      expect(writes).toHaveLength(1);
      expect(leadingKeysOf(writes[0])).toEqual(['SESSION#*', 'APIKEY#*']);
    }
  });

  it.each(ITEM_ACCESS_LEVELS.map((level) => [level]))('%s: only the stage\'s function roles tagged with its level may assume it, with a companyId tag and no other', (level) => {
    const trust = (tenantRoles.get(level)!.role.Properties.AssumeRolePolicyDocument as { Statement: Statement[] }).Statement;
    const assume = trust.find((s) => actionsOf(s).includes('sts:AssumeRole'))!;
    const tag = trust.find((s) => actionsOf(s).includes('sts:TagSession'))!;
    for (const statement of [assume, tag]) {
      expect(JSON.stringify((statement as unknown as { Principal: unknown }).Principal)).toContain(':root');
      expect(statement.Condition).toMatchObject({ StringEquals: { [`aws:PrincipalTag/${TENANT_ACCESS_TAG}`]: level, [`aws:PrincipalTag/${STAGE_TAG}`]: 'dev' } });
    }
    expect(assume.Condition).toMatchObject({ Null: { [`aws:RequestTag/${TENANT_TAG}`]: 'false' } });
    expect(tag.Condition).toMatchObject({
      'ForAllValues:StringEquals': { 'aws:TagKeys': [TENANT_TAG] },
      StringNotLike: { [`aws:RequestTag/${TENANT_TAG}`]: ['*${*}*', '*${?}*'] },
    });
    expect(trust).toHaveLength(2);
  });

  it.each(ITEM_ACCESS_LEVELS.map((level) => [level]))('%s: the photo bucket\'s actions of its level, on the session tag\'s company\'s objects only', (level) => {
    const statements = s3Statements(tenantStatements(level));
    expect(statements.map((s) => sidOf(s)).sort()).toEqual(LEVEL_BUCKET_NEEDS[level].map(bucketSid).sort());
    for (const need of LEVEL_BUCKET_NEEDS[level]) {
      const statement = statements.find((s) => sidOf(s) === bucketSid(need))!;
      expect(actionsOf(statement).sort()).toEqual([...BUCKET_GRANTS[need].actions].sort());
      const [resource, ...others] = resourcesOf(statement).map(rendered);
      expect(others).toEqual([]);
      // arn:<partition>:s3:::<the stage's photo bucket>/companies/${aws:PrincipalTag/companyId}/<path>: no other company's, no bucket-wide grant.
      expect(resource).toMatch(/^arn:(aws|<AWS::Partition>):s3:::rentalops-dev-photos-<AWS::AccountId>-[a-z0-9-]+\/companies\/\$\{aws:PrincipalTag\/companyId\}\/(\*|logo\/\*)$/);
      expect(resource.endsWith(`${COMPANY_OBJECTS}${BUCKET_GRANTS[need].path}`)).toBe(true);
    }
    // A read role reads objects only; puts and taggings only with the upload tag (pending to upload, kept to record); DeleteObject on logos only.
    const actions = statements.flatMap(actionsOf);
    if (level === 'read') expect(actions).toEqual(['s3:GetObject']);
    for (const statement of statements.filter((s) => actionsOf(s).some((a) => a.startsWith('s3:Put')))) {
      const tag = actionsOf(statement).includes('s3:PutObject') ? 'pending' : 'kept';
      expect(statement.Condition).toEqual({ StringEquals: { 's3:RequestObjectTag/upload': tag }, 'ForAllValues:StringEquals': { 's3:RequestObjectTagKeys': ['upload'] } });
    }
    for (const statement of statements.filter((s) => actionsOf(s).includes('s3:DeleteObject'))) {
      expect(actionsOf(statement)).toEqual(['s3:DeleteObject']);
      expect(rendered(resourcesOf(statement)[0]).endsWith(`${COMPANY_OBJECTS}logo/*`)).toBe(true);
    }
  });
});

describe('the functions', () => {
  const companyRoutes = ROUTES.filter((route) => actsForCompany(route));
  const otherRoutes = ROUTES.filter((route) => !actsForCompany(route));

  it('the local guard and the stack fence the same non-company partitions', () => {
    expect(GUARD_PARTITIONS).toBe(NON_COMPANY_PARTITIONS);
  });

  it.each(companyRoutes.map((route) => [route.handler, route] as const))('%s may assume its level\'s tenant role only, and is tagged for it', (handler, route) => {
    const fn = fnOf(handler);
    const level = itemAccessOf(route);
    expect(levelOfRoleId(fn.tenantRoleId)).toBe(level);
    expect(fn.assumable.map(levelOfRoleId)).toEqual([level]);
    expect(tagsOf(fn.role)).toMatchObject({ [TENANT_ACCESS_TAG]: level, [STAGE_TAG]: 'dev' });
    const sts = allows(fn.statements).filter((s) => actionsOf(s).some((a) => a.startsWith('sts:')));
    expect(sts.flatMap(actionsOf).sort()).toEqual(['sts:AssumeRole', 'sts:TagSession']);
  });

  it.each(companyRoutes.map((route) => [route.handler, route] as const))('%s: its own role keeps the non-company partitions only (a token route: its token\'s lookup), each by key condition', (handler, route) => {
    const fn = fnOf(handler);
    const table = allows(fn.statements).filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')));
    expect(table.length).toBeGreaterThan(0);
    // A public route acting for its token's company: the partitions of its token's lookup only (routes.ts companyFromToken).
    const own = route.companyFromToken ? route.companyFromToken.map((prefix) => `${prefix}*`) : NON_COMPANY_LEADING_KEYS;
    for (const statement of table) {
      const patterns = leadingKeysOf(statement);
      expect({ handler, actions: actionsOf(statement), patterns }).toEqual({ handler, actions: actionsOf(statement), patterns: expect.any(Array) });
      // No company item (COMPANY#...), not even the door's: the session's company's items are read in its context.
      for (const pattern of patterns!) expect(own).toContain(pattern);
      expect(patterns!.some((pattern) => pattern.startsWith('COMPANY#'))).toBe(false);
    }
    if (route.companyFromToken) {
      // Its level's actions on exactly those partitions, and nothing on the others.
      const items = table.find((s) => resourcesOf(s).every((r) => !JSON.stringify(r).includes('/index/')))!;
      expect(leadingKeysOf(items)).toEqual(own);
      expect(actionsOf(items).sort()).toEqual([...LEVEL_ACTIONS[itemAccessOf(route)]].sort());
    }
  });

  it.each(companyRoutes.filter((route) => itemAccessOf(route) === 'read').map((route) => [route.handler, route] as const))(
    '%s reads for a company: its own role writes nothing but a public API key\'s call counter (the session renews in the company\'s context)',
    (handler, route) => {
      const fn = fnOf(handler);
      const writes = allows(fn.statements).filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:') && !LEVEL_ACTIONS.read.includes(a)));
      if (route.access === 'apiKey') {
        expect(writes.flatMap(actionsOf)).toEqual(['dynamodb:UpdateItem']);
        expect(writes.map(leadingKeysOf)).toEqual([['APIKEY#*']]);
      } else {
        expect(writes).toEqual([]);
      }
    },
  );

  it.each(companyRoutes.map((route) => [route.handler, route] as const))('%s: its own role holds nothing on the photo bucket, its session its row\'s bucket needs', (handler, route) => {
    const fn = fnOf(handler);
    expect(s3Statements(fn.statements)).toEqual([]);
    const needs = BUCKET_NEEDS.filter((need) => route.needs?.includes(need));
    const env = environmentOf(fn.resource)[BUCKET_NEEDS_ENV];
    if (needs.length) expect(env).toBe(needs.join(','));
    else expect(env).toBeUndefined();
    // What the session may do on the bucket (its tenant role's S3 statements, intersected with its
    // session policy by IAM) is exactly its needs' actions.
    const policy = JSON.parse(sessionPolicy(parseBucketNeeds(env as string | undefined))) as { Statement: Statement[] };
    const sessionS3 = policy.Statement.filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
    expect(sessionS3.map((s) => s.Resource)).toEqual(needs.map(() => '*'));
    const roleStatementsOfLevel = s3Statements(tenantStatements(itemAccessOf(route)));
    for (const need of needs as BucketNeed[]) {
      const inRole = roleStatementsOfLevel.find((s) => sidOf(s) === bucketSid(need))!;
      expect(inRole).toBeDefined();
      // The session statement of a need: the same actions under the same tag condition as the role's.
      expect(sessionS3.some((s) => actionsOf(s).join() === actionsOf(inRole).join() && JSON.stringify(s.Condition) === JSON.stringify(inRole.Condition))).toBe(true);
    }
    expect(sessionS3).toHaveLength(needs.length);
  });

  it('the photo bucket\'s needs are all company routes\' (no function keeps a bucket grant on its own role)', () => {
    for (const fn of functions) expect({ handler: fn.handler, s3: s3Statements(fn.statements) }).toEqual({ handler: fn.handler, s3: [] });
    const withBucket = ROUTES.filter((route) => BUCKET_NEEDS.some((need) => route.needs?.includes(need)));
    expect(withBucket.length).toBeGreaterThan(10);
    expect(withBucket.filter((route) => !actsForCompany(route))).toEqual([]);
  });

  it('the public routes acting for their token\'s company are the calendar feed, the guest link\'s and the payment webhook', () => {
    expect(companyRoutes.filter((route) => route.access === 'public').map((route) => route.handler).sort()).toEqual(
      ['create-guest-photo-upload', 'get-calendar-export', 'get-guest-stay', 'receive-payment-webhook', 'record-guest-left'],
    );
  });

  it.each(otherRoutes.map((route) => [route.handler, route] as const))('%s acts for no company: no tenant role', (handler) => {
    const fn = fnOf(handler);
    expect(fn.tenantRoleId).toBeUndefined();
    expect(fn.assumable).toEqual([]);
  });

  it('event handlers, workers and jobs assume the delete level\'s role for the company a message names', () => {
    const handlers = new Set([...EVENT_HANDLERS, ...SCHEDULED_JOBS, ...QUEUE_WORKERS].map((entry) => entry.handler));
    expect(handlers.size).toBeGreaterThan(0);
    for (const handler of handlers) {
      const fn = fnOf(handler);
      expect({ handler, level: levelOfRoleId(fn.tenantRoleId) }).toEqual({ handler, level: 'delete' });
    }
  });
});

describe('each grant fits its route (point 4): the synthesised actions against the route table', () => {
  it.each(ROUTES.map((route) => [route.handler, route] as const))('%s', (handler, route) => {
    const fn = fnOf(handler);
    const level = itemAccessOf(route);
    // What the function can do to the table: its own role's actions and its tenant role's.
    const actions = new Set([...dynamoActions(fn.statements), ...(fn.tenantRoleId ? dynamoActions(tenantStatements(levelOfRoleId(fn.tenantRoleId)!)) : [])]);
    const deletes = actions.has('dynamodb:DeleteItem') || actions.has('dynamodb:BatchWriteItem');
    const deletesWithOwnRole = allows(fn.statements).some((s) => actionsOf(s).includes('dynamodb:DeleteItem'));
    /** The tenant role's DeleteItem statements other than the write level's on its idempotency records. */
    const tenantDeletes = fn.tenantRoleId
      ? allows(tenantStatements(levelOfRoleId(fn.tenantRoleId)!)).filter(
          (s) => actionsOf(s).includes('dynamodb:DeleteItem') && leadingKeysOf(s)?.join() !== IDEMPOTENCY_LEADING_KEYS.join(),
        )
      : [];
    if (level === 'read') {
      expect([...actions].filter((a) => !['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:UpdateItem'].includes(a))).toEqual([]);
      expect(deletes).toBe(false);
    } else if (!deletesOf(route)) {
      // No DeleteItem but on the company's idempotency records (tenant role), no BatchWriteItem.
      expect(actions.has('dynamodb:BatchWriteItem')).toBe(false);
      expect(deletesWithOwnRole).toBe(false);
      expect(tenantDeletes).toEqual([]);
    } else {
      expect(actions.has('dynamodb:DeleteItem')).toBe(true);
    }
    for (const action of actions) expect(LEVEL_ACTIONS.delete).toContain(action);
  });

  it('a DELETE route deletes unless it says otherwise, another method only when it says so', () => {
    for (const route of ROUTES) {
      expect({ route: route.handler, deletes: deletesOf(route) }).toEqual({ route: route.handler, deletes: route.method === 'GET' && route.table !== 'write' ? false : (route.deletes ?? route.method === 'DELETE') });
    }
  });
});
