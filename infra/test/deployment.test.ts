// Issue 20 point 9: API functions deploy through a `live` alias shifted by CodeDeploy (a canary by
// default) that rolls back on the function's error alarm; the stacks stay under CloudFormation's
// 500 resources, and a deployed function never moves to another nested stack (the first generation,
// Functions<A-D>, is frozen: infra/lib/deployed-route-functions.json); the CI workflow runs test,
// synth, dev (+ smoke test), staging (+ smoke test), then prod behind a manual approval.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTES, routeKey } from '#functions/routes';
import {
  DEPLOYED_ROUTE_FUNCTIONS,
  functionStackIndex,
  handlerHash,
  LIVE_ALIAS,
  readDeployedRouteFunctions,
  RESOURCES_PER_ROUTE_FUNCTION,
  ROUTE_FUNCTION_STACKS,
  stackLetter,
} from '../lib/constructs/api';
import { pascalCase } from '../lib/constructs/naming';
import { paths } from '../lib/paths';
import { PLATFORM_ONLY, synthStage, testStage } from './support/synth';
import { allResources, referencedId, resources, routeFunctions } from './support/template';

const dev = testStage('dev');

describe('API functions deploy through aliases with a canary', () => {
  const aliases = allResources(dev.templates, 'AWS::Lambda::Alias');
  const groups = allResources(dev.templates, 'AWS::CodeDeploy::DeploymentGroup');

  it('invokes every route through its function\'s live alias, on the current version', () => {
    const routes = routeFunctions(dev.templates);
    expect(routes).toHaveLength(ROUTES.length);
    for (const route of routes) {
      expect({ route: route.routeKey, alias: route.aliasId !== undefined }).toEqual({ route: route.routeKey, alias: true });
      const alias = resources(route.template, 'AWS::Lambda::Alias')[route.aliasId!];
      expect(alias.Properties.Name).toBe(LIVE_ALIAS);
      expect(referencedId(alias.Properties.FunctionVersion)).toMatch(/CurrentVersion/);
    }
  });

  it('lets API Gateway invoke the alias only, for its own route', () => {
    const permissions = allResources(dev.templates, 'AWS::Lambda::Permission').filter((p) => p.resource.Properties.Principal === 'apigateway.amazonaws.com');
    expect(permissions).toHaveLength(ROUTES.length);
    for (const permission of permissions) {
      const target = resources(permission.template, 'AWS::Lambda::Alias')[referencedId(permission.resource.Properties.FunctionName)!];
      expect(target).toBeDefined();
    }
    const sources = permissions.map((p) => JSON.stringify(p.resource.Properties.SourceArn));
    for (const route of ROUTES) expect(sources.some((source) => source.includes(`/${route.method}${route.path}`))).toBe(true);
  });

  it('shifts each alias with CodeDeploy, a 10% canary for 5 minutes, rolling back on its error alarm', () => {
    expect(groups).toHaveLength(ROUTES.length);
    for (const group of groups) {
      const props = group.resource.Properties;
      expect(props.DeploymentConfigName).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
      expect(props.AutoRollbackConfiguration).toEqual({ Enabled: true, Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']) });
      expect(props.AlarmConfiguration.Enabled).toBe(true);
      const [alarmRef] = props.AlarmConfiguration.Alarms as Array<{ Name: unknown }>;
      const alarm = resources(group.template, 'AWS::CloudWatch::Alarm')[referencedId(alarmRef.Name)!];
      expect(alarm.Properties).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda', Threshold: 1, TreatMissingData: 'notBreaching' });
      // The alarm watches the alias (Resource = function:live), i.e. the new version during the canary.
      expect(JSON.stringify(alarm.Properties.Dimensions)).toContain('Resource');
    }
    // The aliases carry CodeDeploy's update policy (CloudFormation hands the shift to CodeDeploy).
    for (const alias of aliases) expect(alias.resource).toHaveProperty('UpdatePolicy.CodeDeployLambdaAliasUpdate');
  });

  it('takes the deployment style from the stage configuration', () => {
    const quick = synthStage('dev', { config: { deployment: 'ALL_AT_ONCE' }, routes: ROUTES.slice(0, 2), eventHandlers: [], scheduledJobs: [] });
    const names = allResources(quick.templates, 'AWS::CodeDeploy::DeploymentGroup').map((g) => g.resource.Properties.DeploymentConfigName);
    expect(names).toEqual(['CodeDeployDefault.LambdaAllAtOnce', 'CodeDeployDefault.LambdaAllAtOnce']);
  });

  it('stays well under 500 resources in every stack (about 7 per route function), with room for 10 more routes in each', () => {
    const counts = [dev.templates.root, ...dev.templates.nested.values()].map((t) => Object.keys(t.toJSON().Resources).length);
    for (const count of counts) expect(count).toBeLessThan(400);
    const functionStacks = [...dev.templates.nested.entries()].filter(([id]) => id.includes('Functions')).map(([, t]) => t);
    // One Functions stack per letter some route uses, no empty one.
    expect(functionStacks).toHaveLength(new Set(ROUTES.map((route) => functionStackIndex(route.handler))).size);
    const nestedTotal = functionStacks.reduce((sum, t) => sum + Object.keys(t.toJSON().Resources).length, 0);
    // Each route function: function, role, permission, version, alias, alarm, deployment group;
    // plus a CodeDeploy application and role per nested stack.
    expect(nestedTotal).toBe(ROUTES.length * RESOURCES_PER_ROUTE_FUNCTION + functionStacks.length * 2);
    // Room left before 400 in every stack. The first generation (A-D) never takes a new function;
    // the second (E-H) takes all of them, about a quarter each by the hash.
    for (const t of functionStacks) expect(Math.floor((400 - Object.keys(t.toJSON().Resources).length) / RESOURCES_PER_ROUTE_FUNCTION)).toBeGreaterThanOrEqual(10);
    expect(routeKey(ROUTES[0])).toBeTruthy();
  });
});

describe('templates CloudFormation takes', () => {
  /** CloudFormation's limit on a template read from S3 (as cdk deploy uploads them), and CDK's warning at 80% of it. */
  const LIMIT = 1_000_000;
  const WARNING = 0.8 * LIMIT;

  it('are written without indentation (cdk.json), so the same template is about 40% smaller', () => {
    const { app } = synthStage('dev', PLATFORM_ONLY);
    const assembly = app.synth();
    const files = readdirSync(assembly.directory).filter((file) => file.endsWith('.template.json'));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const text = readFileSync(path.join(assembly.directory, file), 'utf8');
      expect({ file, indented: /\n\s/.test(text) }).toEqual({ file, indented: false });
    }
  });

  it.each(['dev', 'staging', 'prod'])('stay under CDK\'s warning at 80%% of the 1 MB limit in %s, the root and every nested stack', (stage) => {
    const { templates } = testStage(stage);
    const sizes = [['root', templates.root], ...templates.nested] as Array<[string, { toJSON(): unknown }]>;
    for (const [id, template] of sizes) {
      // What the synth writes with the indentation suppressed.
      const bytes = Buffer.byteLength(JSON.stringify(template.toJSON()));
      expect({ id, under: bytes < WARNING }).toEqual({ id, under: true });
    }
  });
});

describe('deployed route functions never move to another nested stack', () => {
  const frozen = DEPLOYED_ROUTE_FUNCTIONS;
  const handlers = new Set(ROUTES.map((route) => route.handler));
  const isFrozen = (handler: string) => Object.hasOwn(frozen.functions, handler);
  /** Nested stack logical id -> its construct letter: ApiFunctionsCNestedStack... -> C. */
  const letterOf = (nestedId: string, kind: 'Functions' | 'Routes') => new RegExp(`^Api${kind}([A-Z])NestedStack${kind}\\1NestedStackResource`).exec(nestedId)?.[1];

  it('keeps the first generation as the route table of its commit made it: every handler in its hashed stack A-D', () => {
    expect(frozen.commit).toMatch(/^280602c[0-9a-f]{33}$/);
    expect(frozen.stacks).toBe(ROUTE_FUNCTION_STACKS);
    expect(Object.keys(frozen.functions).length).toBeGreaterThan(100);
    for (const [handler, letter] of Object.entries(frozen.functions)) expect({ handler, letter }).toEqual({ handler, letter: stackLetter(handlerHash(handler)) });
  });

  it('lists every frozen handler that left the route table as removed, and only those', () => {
    const gone = Object.keys(frozen.functions).filter((handler) => !handlers.has(handler));
    expect(Object.keys(frozen.removed).sort()).toEqual(gone.sort());
    for (const reason of Object.values(frozen.removed)) expect(reason.trim().length).toBeGreaterThan(0);
  });

  it('refuses a frozen list that puts a handler outside A-D', () => {
    const file = path.join(mkdtempSync(path.join(process.env.RENTALOPS_TEST_RUN_DIR ?? os.tmpdir(), 'deployed-route-functions-')), 'moved.json');
    writeFileSync(file, JSON.stringify({ ...frozen, functions: { ...frozen.functions, 'get-health': 'E' } }));
    expect(() => readDeployedRouteFunctions(file)).toThrow(/get-health is in stack E/);
  });

  it('synthesises each frozen handler\'s function and route in the stack of its letter, every other one in E-H by the same hash', () => {
    const routeStackOf = new Map(allResources(dev.templates, 'AWS::ApiGatewayV2::Route').map((route) => [route.resource.Properties.RouteKey as string, route.key]));
    const placed = routeFunctions(dev.templates).map((route) => {
      const handler = /\(functions\/handlers\/(.+)\.ts\)$/.exec(route.fn.Properties.Description as string)![1];
      const [functionStack, functionId] = route.functionKey.split('/');
      const [routeStack, routeId] = routeStackOf.get(route.routeKey)!.split('/');
      return { handler, functions: letterOf(functionStack, 'Functions'), routes: letterOf(routeStack, 'Routes'), functionId, routeId };
    });
    expect(placed).toHaveLength(ROUTES.length);
    let kept = 0;
    for (const { handler, functions, routes, functionId, routeId } of placed) {
      const letter = isFrozen(handler) ? frozen.functions[handler] : stackLetter(ROUTE_FUNCTION_STACKS + handlerHash(handler));
      if (isFrozen(handler)) kept += 1;
      // The logical ids come from the construct path Api/Functions<L>/<PascalHandler>/..., as deployed.
      expect({ handler, functions, routes }).toEqual({ handler, functions: letter, routes: letter });
      expect(functionId).toMatch(new RegExp(`^${pascalCase(handler)}Function[0-9A-F]{8}$`));
      expect(routeId).toMatch(new RegExp(`^${pascalCase(handler)}Route[0-9A-F]{8}$`));
    }
    expect(kept).toBe(Object.keys(frozen.functions).length - Object.keys(frozen.removed).length);
    // The first generation's stacks keep the description they were deployed with.
    for (const [id, t] of dev.templates.nested) {
      const kind = id.includes('Functions') ? 'Functions' : 'Routes';
      const letter = letterOf(id, kind)!;
      const description = t.toJSON().Description as string;
      if (letter < stackLetter(ROUTE_FUNCTION_STACKS)) expect(description).toMatch(new RegExp(`, group ${letter} of ${ROUTE_FUNCTION_STACKS}$`));
      else expect(description).toMatch(new RegExp(`, group ${letter} of E-H$`));
    }
  });

  it('creates a second-generation stack only for a letter that holds a function', () => {
    const fresh = ROUTES.filter((route) => !isFrozen(route.handler));
    const old = ROUTES.filter((route) => isFrozen(route.handler)).slice(0, 2);
    expect(fresh.length).toBeGreaterThan(0);
    const quick = synthStage('dev', { routes: [...old, fresh[0]], eventHandlers: [], scheduledJobs: [] });
    const letters = [...quick.templates.nested.keys()].map((id) => letterOf(id, id.includes('Functions') ? 'Functions' : 'Routes')).sort();
    const expected = [...new Set([...old.map((route) => frozen.functions[route.handler]), stackLetter(ROUTE_FUNCTION_STACKS + handlerHash(fresh[0].handler))])].sort();
    expect(letters).toEqual(expected.flatMap((letter) => [letter, letter]));
  });
});

describe('the CI workflow', () => {
  const workflow = readFileSync(path.join(paths.root, '.github', 'workflows', 'deploy.yml'), 'utf8');
  const stageWorkflow = readFileSync(path.join(paths.root, '.github', 'workflows', 'deploy-stage.yml'), 'utf8');
  /** job id -> the job it needs, from the `jobs:` block (two-space job keys). */
  const jobs = new Map<string, { needs?: string; body: string }>();
  const block = workflow.slice(workflow.indexOf('\njobs:\n') + '\njobs:\n'.length);
  for (const part of block.split(/^(?= {2}[\w-]+:$)/m).filter((chunk) => /^ {2}[\w-]+:$/m.test(chunk))) {
    const [, id] = /^ {2}([\w-]+):$/m.exec(part)!;
    jobs.set(id, { needs: /^ {4}needs: ([\w-]+)$/m.exec(part)?.[1], body: part });
  }

  it('runs test, synth, deploy dev, deploy staging, deploy prod, each after the one before', () => {
    expect([...jobs.keys()]).toEqual(['test', 'synth', 'deploy-dev', 'deploy-staging', 'deploy-prod']);
    expect([...jobs.values()].map((job) => job.needs)).toEqual([undefined, 'test', 'synth', 'deploy-dev', 'deploy-staging']);
    expect(jobs.get('test')!.body).toContain('npm test');
    expect(jobs.get('synth')!.body).toContain('npm run synth');
    expect(jobs.get('deploy-dev')!.body).toMatch(/stage: dev\b/);
    expect(jobs.get('deploy-staging')!.body).toMatch(/stage: staging\b/);
    expect(jobs.get('deploy-prod')!.body).toMatch(/stage: prod\b/);
  });

  it('puts prod behind the manual approval of a protected environment', () => {
    expect(jobs.get('deploy-prod')!.body).toMatch(/environment: production/);
    expect(stageWorkflow).toMatch(/environment: \$\{\{ inputs\.environment \}\}/);
  });

  it('deploys a stage, then smoke-tests /api/health through CloudFront and the direct endpoint refused', () => {
    const deploy = stageWorkflow.indexOf('npx cdk deploy --all -c stage=');
    const smoke = stageWorkflow.indexOf('name: smoke test');
    expect(deploy).toBeGreaterThan(0);
    expect(smoke).toBeGreaterThan(deploy);
    expect(stageWorkflow).toContain('SiteUrl');
    expect(stageWorkflow).toMatch(/test "\$status" = 403/);
  });
});
