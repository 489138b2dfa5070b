// Issue 20 point 9: API functions deploy through a `live` alias shifted by CodeDeploy (a canary by
// default) that rolls back on the function's error alarm; the stacks stay under CloudFormation's
// 500 resources; the CI workflow runs test, synth, dev (+ smoke test), staging (+ smoke test), then
// prod behind a manual approval.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTES, routeKey } from '#functions/routes';
import { LIVE_ALIAS, RESOURCES_PER_ROUTE_FUNCTION } from '../lib/constructs/api';
import { paths } from '../lib/paths';
import { synthStage, testStage } from './support/synth';
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

  it('stays well under 500 resources in every stack (about 7 per route function)', () => {
    const counts = [dev.templates.root, ...dev.templates.nested.values()].map((t) => Object.keys(t.toJSON().Resources).length);
    for (const count of counts) expect(count).toBeLessThan(400);
    const functionStacks = [...dev.templates.nested.entries()].filter(([id]) => id.includes('Functions')).map(([, t]) => t);
    const nestedTotal = functionStacks.reduce((sum, t) => sum + Object.keys(t.toJSON().Resources).length, 0);
    // Each route function: function, role, permission, version, alias, alarm, deployment group;
    // plus a CodeDeploy application and role per nested stack.
    expect(nestedTotal).toBe(ROUTES.length * RESOURCES_PER_ROUTE_FUNCTION + functionStacks.length * 2);
    // Room left: the fullest nested stack takes this many more of its routes before 400 (about 4x as many routes in all, by the hash).
    const fullest = Math.max(...functionStacks.map((t) => Object.keys(t.toJSON().Resources).length));
    expect(Math.floor((400 - fullest) / RESOURCES_PER_ROUTE_FUNCTION)).toBeGreaterThanOrEqual(10);
    expect(routeKey(ROUTES[0])).toBeTruthy();
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
