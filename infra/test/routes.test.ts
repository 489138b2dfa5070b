// The API is generated from the route table: every route has its API route and function, no API
// route exists outside the table, and each function gets what its route's `needs` name, no more.
import { buildSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_HANDLERS, OUTBOX_RELAY, QUEUE_WORKERS, SCHEDULED_JOBS } from '#functions/event-handlers';
import { ROUTES, routeKey, type RouteDefinition } from '#functions/routes';
import { BUCKET_NEEDS, BUCKET_NEEDS_ENV } from '#functions/data/scoped-credentials';
import { COGNITO_ADMIN_ACTIONS, type Need } from '../lib/constructs/bindings';
import { paths } from '../lib/paths';
import { testStage, synthStage } from './support/synth';
import { allowedActions, appFunctions, environmentOf, functionOf, roleStatements, routeFunctions } from './support/template';

const { templates } = testStage('dev');

describe('the API generated from functions/routes.ts', () => {
  it('has exactly one API route per route-table entry, with the same route key', () => {
    const apiRouteKeys = routeFunctions(templates).map((route) => route.routeKey);
    expect(apiRouteKeys.sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it.each(ROUTES.map((route) => [routeKey(route), route.handler] as const))('integrates %s with the function of %s', (key, handler) => {
    const route = routeFunctions(templates).find((candidate) => candidate.routeKey === key);
    expect(route?.fn.Properties.Description).toBe(`${key} (functions/handlers/${handler}.ts)`);
  });

  it('gives every route its own function (no function serves two routes)', () => {
    const functionKeys = routeFunctions(templates).map((route) => route.functionKey);
    expect(new Set(functionKeys).size).toBe(ROUTES.length);
  });

  it('creates no function that neither a route nor the event-handler manifest names', () => {
    const handlers = new Set([...ROUTES, ...EVENT_HANDLERS, ...SCHEDULED_JOBS, ...QUEUE_WORKERS, OUTBOX_RELAY].map((entry) => entry.handler));
    const built = appFunctions(templates).map((located) => /\(functions\/handlers\/(.+)\.ts\)$/.exec(String(located.resource.Properties.Description))![1]);
    expect(built.sort()).toEqual([...handlers].sort());
  });

  it('follows the table it is given: another table gives another API', () => {
    const table: RouteDefinition[] = [
      { method: 'GET', path: '/api/health', handler: 'get-health', access: 'public' },
      { method: 'DELETE', path: '/api/things/{id}', handler: 'delete-thing', access: 'session' },
    ];
    const other = synthStage('dev', { routes: table, eventHandlers: [], scheduledJobs: [], queueWorkers: [] }).templates;
    expect(routeFunctions(other).map((route) => route.routeKey).sort()).toEqual(['DELETE /api/things/{id}', 'GET /api/health']);
    // The two routes' functions, and the events outbox's relay (every stage has it).
    expect(appFunctions(other)).toHaveLength(3);
  });
});

describe('least privilege from the route table', () => {
  // One route per kind of need, plus one with none, in a small table of their own. The photo bucket's
  // needs are held on a function's own role only where it acts for no company (public here): a
  // company's route holds them on its tenant session (`company-photos`; infra/test/tenant-role.test.ts).
  const NEEDS: Need[] = ['cognito', 'ses', 'sns', 'photos', 'uploads', 'confirm-uploads', 'logos', 'events', 'queue'];
  const table: RouteDefinition[] = [
    { method: 'GET', path: '/api/plain', handler: 'plain', access: 'session' },
    { method: 'POST', path: '/api/company-photos', handler: 'company-photos', access: 'session', needs: [...BUCKET_NEEDS] },
    ...NEEDS.map(
      (need): RouteDefinition => ({
        method: 'POST',
        path: `/api/${need}`,
        handler: `needs-${need}`,
        access: (BUCKET_NEEDS as readonly string[]).includes(need) ? 'public' : 'session',
        needs: [need],
        ...(need === 'cognito' ? { cognito: ['AdminCreateUser', 'AdminDeleteUser'] as const } : {}),
      }),
    ),
  ];
  // The manifest's queue workers stay: the 'queue' need grants SendMessage on their queues.
  const needs = synthStage('dev', { routes: table, eventHandlers: [], scheduledJobs: [] }).templates;
  const grants = (handler: string) => {
    const { template, fn } = functionOf(needs, handler);
    return roleStatements(template, fn);
  };
  const SERVICE_PREFIX: Partial<Record<Need, string>> = {
    cognito: 'cognito-idp:',
    ses: 'ses:',
    sns: 'sns:',
    photos: 's3:GetObject',
    uploads: 's3:PutObject',
    'confirm-uploads': 's3:PutObjectTagging',
    logos: 's3:DeleteObject',
    events: 'events:',
    queue: 'sqs:',
    payments: 'secretsmanager:GetSecretValue',
  };
  const HOLDERS: Partial<Record<Need, string[]>> = { 'confirm-uploads': ['needs-uploads', 'needs-confirm-uploads'] };

  it('gives a route without needs only its log group, tracing and item-level table access (and, acting for a company, its tenant role)', () => {
    expect(new Set(allowedActions(grants('plain')).map((action) => action.split(':')[0]))).toEqual(new Set(['logs', 'xray', 'dynamodb', 'sts']));
    expect(allowedActions(grants('plain')).filter((action) => action.startsWith('sts:')).sort()).toEqual(['sts:AssumeRole', 'sts:TagSession']);
  });

  it.each(NEEDS)('grants the %s service only to the function that needs it', (need) => {
    const prefix = SERVICE_PREFIX[need]!;
    const matches = (action: string) => (prefix.endsWith(':') ? action.startsWith(prefix) : action === prefix);
    const holders = table.filter((route) => allowedActions(grants(route.handler)).some(matches));
    // An upload is put with its pending tag, so the upload issuer also holds PutObjectTagging (on that tag only).
    expect(holders.map((route) => route.handler)).toEqual(HOLDERS[need] ?? [`needs-${need}`]);
  });

  it('never allows Scan or table management on the single table', () => {
    for (const route of table) {
      const dynamo = allowedActions(grants(route.handler)).filter((action) => action.startsWith('dynamodb:'));
      expect(dynamo).not.toContain('dynamodb:Scan');
      expect(dynamo.filter((action) => /Table|\*/.test(action))).toEqual([]);
    }
  });

  it('scopes cognito to the Admin* calls the route declares, on the pool', () => {
    const statement = grants('needs-cognito').find((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('cognito-idp:')))!;
    expect(([] as string[]).concat(statement.Action).sort()).toEqual(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser']);
    expect(JSON.stringify(statement.Resource)).toMatch(/AuthUserPool\w+Arn/);
  });

  it('lists every Cognito Admin* call the functions make (each granted only where a route declares it)', () => {
    const sources = ['functions/auth/cognito.ts', 'functions/team/cognito-admin.ts'].map((file) => readFileSync(path.join(paths.root, file), 'utf8'));
    const used = sources.flatMap((source) => [...source.matchAll(/new (Admin\w+)Command/g)].map((match) => `cognito-idp:${match[1]}`));
    expect([...COGNITO_ADMIN_ACTIONS]).toEqual(expect.arrayContaining([...new Set(used)]));
  });

  it('scopes ses:SendEmail to the sender identity', () => {
    const statement = grants('needs-ses').find((s) => ([] as string[]).concat(s.Action).includes('ses:SendEmail'))!;
    expect(JSON.stringify(statement.Resource)).toContain(':identity/dev.rentalops.example.com');
  });

  it('lets sns:Publish reach phone numbers only (a Deny on every topic)', () => {
    const statements = grants('needs-sns').filter((s) => ([] as string[]).concat(s.Action).includes('sns:Publish'));
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Effect: 'Allow', Resource: '*' }),
        expect.objectContaining({ Effect: 'Deny', Resource: 'arn:aws:sns:*:*:*' }),
      ]),
    );
  });

  it("gives a company's route no photo bucket grant on its own role, and its bucket needs to its tenant session", () => {
    expect(allowedActions(grants('company-photos')).filter((action) => action.startsWith('s3:'))).toEqual([]);
    expect(environmentOf(functionOf(needs, 'company-photos').fn)[BUCKET_NEEDS_ENV]).toBe(BUCKET_NEEDS.join(','));
    expect(environmentOf(functionOf(needs, 'needs-photos').fn)[BUCKET_NEEDS_ENV]).toBeUndefined();
  });

  it('scopes photos to GetObject under companies/', () => {
    const statement = grants('needs-photos').find((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('s3:')))!;
    expect(([] as string[]).concat(statement.Action).sort()).toEqual(['s3:GetObject']);
    expect(JSON.stringify(statement.Resource)).toMatch(/:::rentalops-dev-photos-.*\/companies\/\*"/);
  });

  it('lets only the upload issuer put objects, under companies/ and only tagged upload=pending', () => {
    const statement = grants('needs-uploads').find((s) => ([] as string[]).concat(s.Action).includes('s3:PutObject'))!;
    expect(([] as string[]).concat(statement.Action).sort()).toEqual(['s3:PutObject', 's3:PutObjectTagging']);
    expect(JSON.stringify(statement.Resource)).toMatch(/:::rentalops-dev-photos-.*\/companies\/\*"/);
    expect(statement.Condition).toEqual({
      StringEquals: { 's3:RequestObjectTag/upload': 'pending' },
      'ForAllValues:StringEquals': { 's3:RequestObjectTagKeys': ['upload'] },
    });
  });

  it('lets a recording route only retag an upload as kept', () => {
    const statement = grants('needs-confirm-uploads').find((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('s3:')))!;
    expect(statement.Action).toEqual('s3:PutObjectTagging');
    expect(statement.Condition).toMatchObject({ StringEquals: { 's3:RequestObjectTag/upload': 'kept' } });
  });

  it('scopes logo deletion to DeleteObject under companies/*/logo/', () => {
    const statements = grants('needs-logos').filter((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('s3:')));
    expect(statements).toHaveLength(1);
    expect(statements[0].Action).toEqual('s3:DeleteObject');
    expect(JSON.stringify(statements[0].Resource)).toMatch(/:::rentalops-dev-photos-.*\/companies\/\*\/logo\/\*"/);
  });

  it('scopes events:PutEvents to the stage bus', () => {
    const statement = grants('needs-events').find((s) => ([] as string[]).concat(s.Action).includes('events:PutEvents'))!;
    expect(JSON.stringify(statement.Resource)).toMatch(/NotificationsBus\w+Arn/);
  });
});

describe('environment variables', () => {
  // Read by the code but deliberately not set in AWS: switches and endpoints of the local stand-ins
  // (their defaults are the AWS behaviour), and AWS_* values the runtime provides.
  const LOCAL_ONLY = new Set(['S3_FORCE_PATH_STYLE', 'SES_STORE_URL', 'SMTP_ALLOW_PRIVATE_HOSTS', 'CALENDAR_ALLOW_PRIVATE_HOSTS', 'WEBHOOK_ALLOW_PRIVATE_HOSTS', 'API_RUNTIME']);
  // The variables of the needs' bindings. Read with requireEnv (at module load) they are enforced
  // like any other; read on demand (process.env inside a function, e.g. the bus name when an event
  // is published) the module graph cannot tell whether this route ever takes that path, so they
  // are the table's business (its `needs`), not this check's.
  // TENANT_ROLE_ARN: set where the function acts for a company (the route table's actsForCompany,
  // event handlers and workers), absent on purpose elsewhere (infra/test/tenant-role.test.ts checks which).
  const NEED_VARIABLES = new Set(['COGNITO_USER_POOL_ID', 'EMAIL_FROM', 'SMS_SENDER_ID', 'PHOTOS_BUCKET', 'EVENT_BUS_NAME', 'TENANT_ROLE_ARN']);
  const entries = [...ROUTES, ...EVENT_HANDLERS, ...SCHEDULED_JOBS, ...QUEUE_WORKERS].map((entry) => entry.handler);
  const handlers = [...new Set(entries)].filter((name) => {
    try {
      readFileSync(paths.handler(name));
      return true;
    } catch {
      return false;
    }
  });

  /**
   * Every environment variable the handler's own modules read (npm packages excluded), split into
   * required (requireEnv: the module fails to load without it) and read (optionalEnv, process.env).
   */
  function variablesRead(): Map<string, { required: Set<string>; read: Set<string> }> {
    const result = buildSync({
      entryPoints: Object.fromEntries(handlers.map((name) => [name, paths.handler(name)])),
      bundle: true,
      write: false,
      metafile: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      outdir: path.join(paths.root, 'cdk.out', 'env-scan'),
      absWorkingDir: paths.root,
      logLevel: 'silent',
    });
    const variables = new Map<string, { required: Set<string>; read: Set<string> }>();
    for (const [output, meta] of Object.entries(result.metafile.outputs)) {
      const name = /([^/]+)\.js$/.exec(output)?.[1];
      if (!name) continue;
      const entry = { required: new Set<string>(), read: new Set<string>() };
      for (const input of Object.keys(meta.inputs)) {
        const source = readFileSync(path.join(paths.root, input), 'utf8');
        for (const match of source.matchAll(/requireEnv\(\s*'([A-Z0-9_]+)'/g)) entry.required.add(match[1]);
        for (const match of source.matchAll(/optionalEnv\(\s*'([A-Z0-9_]+)'|process\.env\.([A-Z0-9_]+)|process\.env\[\s*'([A-Z0-9_]+)'/g)) {
          entry.read.add(match[1] ?? match[2] ?? match[3]);
        }
      }
      variables.set(name, entry);
    }
    return variables;
  }
  const read = variablesRead();

  it('finds the handler modules it checks', () => {
    expect(read.size).toBe(handlers.length);
    // The scan sees through the wrappers: every session route reads the table name via the HTTP wrapper.
    expect([...read.get('get-current-user')!.read]).toContain('TABLE_NAME');
  });

  it.each(handlers)('sets every variable the code of %s reads at load (a missing one: add the need to its table entry)', (handler) => {
    const set = new Set(Object.keys(environmentOf(functionOf(templates, handler).fn)));
    const { required, read: soft } = read.get(handler)!;
    const expected = [...required, ...[...soft].filter((name) => !name.startsWith('AWS_') && !LOCAL_ONLY.has(name) && !NEED_VARIABLES.has(name))];
    expect([...new Set(expected)].filter((name) => !set.has(name)).sort()).toEqual([]);
  });

  it('points the code at the stage resources and the site', () => {
    const env = environmentOf(functionOf(templates, 'register').fn);
    // The route functions live in nested stacks: stage resources arrive as nested stack parameters.
    expect(env).toMatchObject({
      TABLE_NAME: { Ref: expect.stringMatching(/DataTable\w+Ref$/) },
      COGNITO_USER_POOL_ID: { Ref: expect.stringMatching(/AuthUserPool[0-9A-F]+Ref$/) },
      COGNITO_CLIENT_ID: { Ref: expect.stringMatching(/AuthUserPoolWebClient\w+Ref$/) },
      EMAIL_FROM: 'no-reply@dev.rentalops.example.com',
      MASTER_EMAIL: 'owner@example.com',
      COOKIE_SECURE: 'true',
      LOG_LEVEL: 'DEBUG',
    });
    expect(JSON.stringify(env.APP_URL)).toContain('WebDistribution');
  });
});
