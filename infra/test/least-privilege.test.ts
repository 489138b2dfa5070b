// Issue 20 point 3: least privilege from the route table. Every function of the synthesised stage
// (its real route table and event manifest) is walked, and each action its role allows must be one
// its declaration grants: `table` read/write, each `needs`, each Cognito Admin* call in `cognito`.
// The local permission guard that holds the API tests to the same declarations is checked here too.
import { EVENT_HANDLERS, QUEUE_WORKERS, SCHEDULED_JOBS } from '#functions/event-handlers';
import { actsForCompany, ROUTES, tableAccessOf, type RouteDefinition } from '#functions/routes';
import { checkCognitoCall, checkTableCall } from '../../local/permission-guard';
import { withCompany } from '#functions/lib/tenant';
import { API_KEY_LEADING_KEYS, SESSION_LEADING_KEYS, TABLE_ACTIONS, TABLE_READ_ACTIONS, type Need } from '../lib/constructs/bindings';
import { BUCKET_NEEDS, BUCKET_NEEDS_ENV, parseBucketNeeds, sessionPolicy } from '#functions/data/scoped-credentials';
import { testStage } from './support/synth';
import { actionsOf, appFunctions, environmentOf, roleStatements, type Statement } from './support/template';

const { templates } = testStage('dev');

/** Every function's own plumbing: its log group, X-Ray. */
const PLUMBING = ['logs:CreateLogStream', 'logs:PutLogEvents', 'xray:PutTraceSegments', 'xray:PutTelemetryRecords'];
/** Assuming the tenant role of its level (routes acting for a company; event handlers and workers, per message). */
const TENANT_ACTIONS = ['sts:AssumeRole', 'sts:TagSession'];
/**
 * The actions each need grants (a new need: list its actions here, and the walker checks them). The
 * photo bucket's needs are granted on a company route's tenant session, not its own role
 * (infra/test/tenant-role.test.ts checks the tenant roles and the session's needs).
 */
const NEED_ACTIONS: Partial<Record<Exclude<Need, 'cognito'>, readonly string[]>> = {
  ses: ['ses:SendEmail', 'ses:SendRawEmail'],
  sns: ['sns:Publish'],
  photos: ['s3:GetObject'],
  uploads: ['s3:PutObject', 's3:PutObjectTagging'],
  'confirm-uploads': ['s3:PutObjectTagging'],
  logos: ['s3:DeleteObject'],
  events: ['events:PutEvents'],
  queue: ['sqs:SendMessage'],
  payments: ['secretsmanager:GetSecretValue'],
};
/** What a trigger adds to an event function's role (queue polling, failure destinations, streams). */
const TRIGGER_ACTIONS = /^(sqs:(ReceiveMessage|ChangeMessageVisibility|GetQueueUrl|DeleteMessage|GetQueueAttributes|SendMessage)|dynamodb:(DescribeStream|GetRecords|GetShardIterator|ListStreams)|events:PutEvents|kms:(Decrypt|GenerateDataKey))$/;

function declaredActions(route: RouteDefinition): Set<string> {
  const actions = new Set<string>([...PLUMBING, ...(tableAccessOf(route) === 'read' ? TABLE_READ_ACTIONS : TABLE_ACTIONS)]);
  // A read's own bookkeeping on its own role: the master console's session renewal, a public API key's
  // call counter (a company's session renews in its company's context, with the read tenant role).
  if (tableAccessOf(route) === 'read' && ((route.access === 'session' && route.master) || route.access === 'apiKey')) actions.add('dynamodb:UpdateItem');
  // A company's route assumes its level's tenant role (infra/test/tenant-role.test.ts checks which).
  if (actsForCompany(route)) TENANT_ACTIONS.forEach((action) => actions.add(action));
  for (const need of route.needs ?? []) {
    if (actsForCompany(route) && (BUCKET_NEEDS as readonly string[]).includes(need)) continue;
    if (need === 'cognito') (route.cognito ?? []).forEach((call) => actions.add(`cognito-idp:${call}`));
    else if (NEED_ACTIONS[need]) NEED_ACTIONS[need].forEach((action) => actions.add(action));
    else throw new Error(`The need '${need}' of ${route.handler} has no actions listed in NEED_ACTIONS (infra/test/least-privilege.test.ts)`);
  }
  return actions;
}

const handlerOf = (description: unknown) => /\(functions\/handlers\/(.+)\.ts\)$/.exec(String(description))![1];
const allows = (statements: Statement[]) => statements.filter((s) => s.Effect === 'Allow');

describe('every function holds only what its declaration grants', () => {
  const functions = appFunctions(templates).map((located) => ({
    handler: handlerOf(located.resource.Properties.Description),
    statements: roleStatements(located.template, located.resource),
  }));
  const routeFunctions = functions.filter((fn) => ROUTES.some((route) => route.handler === fn.handler));

  it('walks every route function of the stage', () => {
    expect(routeFunctions).toHaveLength(ROUTES.length);
  });

  it.each(ROUTES.map((route) => [route.handler, route] as const))('%s: no action beyond its row of functions/routes.ts', (handler, route) => {
    const { statements } = routeFunctions.find((fn) => fn.handler === handler)!;
    const declared = declaredActions(route);
    const extra = allows(statements).flatMap(actionsOf).filter((action) => !declared.has(action));
    expect(extra).toEqual([]);
  });

  it.each(ROUTES.filter((route) => tableAccessOf(route) === 'read').map((route) => [route.handler, route] as const))(
    '%s reads the table: its own role\'s only write is the master console\'s session renewal on SESSION# partitions (a public API read: its key\'s bookkeeping on APIKEY#), a company\'s session route none',
    (handler, route) => {
      const { statements } = routeFunctions.find((fn) => fn.handler === handler)!;
      const writes = allows(statements).filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:') && !(TABLE_READ_ACTIONS as readonly string[]).includes(a)));
      // A company's session route renews in its company's context (the read tenant role's ReadBookkeeping: tenant-role.test.ts).
      if (route.access === 'public' || (route.access === 'session' && !route.master)) return expect(writes).toEqual([]);
      expect(writes).toHaveLength(1);
      expect(actionsOf(writes[0])).toEqual(['dynamodb:UpdateItem']);
      const leading = route.access === 'apiKey' ? API_KEY_LEADING_KEYS : SESSION_LEADING_KEYS;
      expect(writes[0].Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...leading] } });
    },
  );

  it('lets only the upload-issuing routes put objects (with their company\'s session), and only with the pending tag', () => {
    // No function's own role may put an object: the company routes put with their tenant session.
    expect(functions.filter((fn) => allows(fn.statements).some((s) => actionsOf(s).includes('s3:PutObject'))).map((fn) => fn.handler)).toEqual([]);
    const located = appFunctions(templates);
    const putters = located.filter((fn) => parseBucketNeeds(environmentOf(fn.resource)[BUCKET_NEEDS_ENV] as string | undefined).includes('uploads')).map((fn) => handlerOf(fn.resource.Properties.Description));
    expect(putters.sort()).toEqual(ROUTES.filter((route) => route.needs?.includes('uploads')).map((route) => route.handler).sort());
    expect(putters.sort()).toEqual(['create-guest-photo-upload', 'create-logo-upload-url', 'create-upload-url']);
    const put = (JSON.parse(sessionPolicy(['uploads'])) as { Statement: Statement[] }).Statement.find((s) => actionsOf(s).includes('s3:PutObject'))!;
    expect(put.Condition).toMatchObject({ StringEquals: { 's3:RequestObjectTag/upload': 'pending' } });
  });

  it('grants each Cognito Admin* call only to the routes that declare it', () => {
    for (const fn of functions) {
      const calls = allows(fn.statements).flatMap(actionsOf).filter((a) => a.startsWith('cognito-idp:'));
      const route = ROUTES.find((candidate) => candidate.handler === fn.handler);
      expect({ handler: fn.handler, calls: calls.sort() }).toEqual({ handler: fn.handler, calls: (route?.cognito ?? []).map((c) => `cognito-idp:${c}`).sort() });
    }
  });

  it('gives event handlers and workers the table and their needs, plus what their trigger needs, nothing else', () => {
    const entries = [...EVENT_HANDLERS, ...SCHEDULED_JOBS, ...QUEUE_WORKERS];
    const eventFunctions = functions.filter((fn) => !ROUTES.some((route) => route.handler === fn.handler));
    expect(eventFunctions.length).toBeGreaterThan(0);
    for (const fn of eventFunctions) {
      const needs = new Set(entries.filter((entry) => entry.handler === fn.handler).flatMap((entry) => [...entry.needs]) as Need[]);
      const declared = declaredActions({ method: 'POST', path: '/', handler: fn.handler, access: 'public', needs: [...needs] });
      const extra = allows(fn.statements).flatMap(actionsOf).filter((action) => !declared.has(action) && !TRIGGER_ACTIONS.test(action) && !TENANT_ACTIONS.includes(action));
      expect({ handler: fn.handler, extra }).toEqual({ handler: fn.handler, extra: [] });
    }
  });
});

describe('the local permission guard (API tests are held to the same declarations)', () => {
  const read: RouteDefinition = { method: 'GET', path: '/api/things', handler: 'list-things', access: 'session' };
  const write: RouteDefinition = { method: 'POST', path: '/api/things', handler: 'create-thing', access: 'session' };
  class PutCommand {
    constructor(readonly input: unknown) {}
  }
  class UpdateCommand {
    constructor(readonly input: unknown) {}
  }
  class QueryCommand {
    constructor(readonly input: unknown) {}
  }
  class ScanCommand {
    constructor(readonly input: unknown) {}
  }
  class AdminDeleteUserCommand {
    constructor(readonly input: unknown) {}
  }
  class InitiateAuthCommand {
    constructor(readonly input: unknown) {}
  }

  it("lets a read route read and renew its session (a company's in its company's context only), nothing else", () => {
    expect(() => checkTableCall(read, new QueryCommand({}))).not.toThrow();
    const renewal = new UpdateCommand({ Key: { pk: 'SESSION#abc', sk: 'SESSION' } });
    expect(() => withCompany('1', () => checkTableCall(read, renewal))).not.toThrow();
    expect(() => checkTableCall(read, renewal)).toThrow(/reads the table only/);
    expect(() => checkTableCall({ ...read, master: true }, renewal)).not.toThrow();
    expect(() => checkTableCall(read, new UpdateCommand({ Key: { pk: 'COMPANY#1', sk: 'STATS' } }))).toThrow(/GET \/api\/things .*declare table: 'write'/);
    expect(() => checkTableCall(read, new PutCommand({ Item: {} }))).toThrow(/AccessDenied|reads the table only/);
    expect(() => checkTableCall(write, new PutCommand({ Item: {} }))).not.toThrow();
  });

  it('refuses Scan everywhere', () => {
    expect(() => checkTableCall(write, new ScanCommand({}))).toThrow(/Scan/);
  });

  it('refuses an undeclared Cognito Admin* call, lets unauthenticated calls pass', () => {
    expect(() => checkCognitoCall(write, new AdminDeleteUserCommand({}))).toThrow(/AdminDeleteUser/);
    expect(() => checkCognitoCall({ ...write, needs: ['cognito'], cognito: ['AdminDeleteUser'] }, new AdminDeleteUserCommand({}))).not.toThrow();
    expect(() => checkCognitoCall(write, new InitiateAuthCommand({}))).not.toThrow();
  });
});
