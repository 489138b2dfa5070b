// The api construct: the HTTP API with its $default stage (throttling, access logs), and the house
// settings of every function (Node 22 on ARM64, tracing, JSON logs, own role without AWS managed
// policies).
import { ROUTES, routeKey } from '#functions/routes';
import { functionStackIndex, ROUTE_FUNCTION_STACKS } from '../lib/constructs/api';
import { testStage } from './support/synth';
import { appFunctions as allAppFunctions, functionOf, referencedId, resources } from './support/template';

const { template, templates } = testStage('dev');
const prod = testStage('prod').template;
const stage = (t = template) => Object.values(resources(t, 'AWS::ApiGatewayV2::Stage'))[0];
const appFunctions = allAppFunctions(templates);
const functionOfRoute = (handler: string) => functionOf(templates, handler);

describe('the api construct', () => {
  it('is one HTTP API', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { Name: 'rentalops-dev', ProtocolType: 'HTTP' });
  });

  it('deploys automatically to its $default stage, throttled with the stage settings', () => {
    expect(stage().Properties).toMatchObject({ StageName: '$default', AutoDeploy: true, DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 } });
    expect(stage(prod).Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 });
  });

  it('throttles public POST routes (sign-up, sign-in, password reset) harder, after creating them', () => {
    const publicWrites = ROUTES.filter((route) => route.access === 'public' && route.method === 'POST').map(routeKey);
    expect(publicWrites).toContain('POST /api/auth/login-email');
    const settings = stage().Properties.RouteSettings as Record<string, unknown>;
    expect(Object.keys(settings).sort()).toEqual(publicWrites.sort());
    for (const key of publicWrites) expect(settings[key]).toEqual({ ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 });
    // The routes live in the Routes nested stacks: the stage waits for the stacks holding them.
    const routeStacks = [...templates.nested.entries()]
      .filter(([, t]) => Object.values(resources(t, 'AWS::ApiGatewayV2::Route')).some((route) => publicWrites.includes(route.Properties.RouteKey)))
      .map(([id]) => id);
    expect(routeStacks.length).toBeGreaterThan(0);
    expect(stage().DependsOn).toEqual(expect.arrayContaining(routeStacks));
  });

  it('invokes functions with the 2.0 payload (the local server builds the same event)', () => {
    const integrations = [...templates.nested.values()].flatMap((t) => Object.values(resources(t, 'AWS::ApiGatewayV2::Integration')));
    expect(integrations).toHaveLength(ROUTES.length);
    for (const integration of integrations) {
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    }
  });

  it.each(appFunctions.map((located) => [located.resource.Properties.Description as string, located.resource] as const))('runs %s on Node 22, ARM64, traced, with source maps', (_name, fn) => {
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      TracingConfig: { Mode: 'Active' },
      MemorySize: 512,
      Environment: { Variables: expect.objectContaining({ NODE_OPTIONS: '--enable-source-maps', LOG_LEVEL: 'DEBUG' }) },
    });
  });

  it('gives every function its own role, with no AWS managed policy', () => {
    const roleKeys = appFunctions.map((located) => `${located.key}->${referencedId(located.resource.Properties.Role)}`);
    expect(new Set(roleKeys).size).toBe(appFunctions.length);
    for (const located of appFunctions) {
      const role = resources(located.template, 'AWS::IAM::Role')[referencedId(located.resource.Properties.Role)!];
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('keeps every stack well inside the CloudFormation limit of 500 resources', () => {
    for (const stackTemplate of [templates.root, ...templates.nested.values()]) {
      expect(Object.keys(stackTemplate.toJSON().Resources).length).toBeLessThan(400);
    }
  });

  it('puts each route function with its role and invoke permission in a Functions nested stack, its route and integration in a Routes one', () => {
    // A Functions and a Routes stack per letter in use (A-D: the deployed handlers, E-H: the others).
    expect(templates.nested.size).toBe(2 * new Set(ROUTES.map((route) => functionStackIndex(route.handler))).size);
    let routes = 0;
    for (const [id, stackTemplate] of templates.nested) {
      const functions = Object.keys(resources(stackTemplate, 'AWS::Lambda::Function')).length;
      if (id.includes('Routes')) {
        expect(functions).toBe(0);
        const count = Object.keys(resources(stackTemplate, 'AWS::ApiGatewayV2::Route')).length;
        stackTemplate.resourceCountIs('AWS::ApiGatewayV2::Integration', count);
        routes += count;
        continue;
      }
      // The function's role, and the CodeDeploy role of the stack.
      expect(Object.keys(resources(stackTemplate, 'AWS::IAM::Role'))).toHaveLength(functions + 1);
      expect(Object.values(resources(stackTemplate, 'AWS::Lambda::Permission')).map((p) => p.Properties.Principal)).toEqual(Array(functions).fill('apigateway.amazonaws.com'));
      stackTemplate.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
    }
    expect(routes).toBe(ROUTES.length);
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
  });

  it('lets API Gateway invoke each function for its own route only', () => {
    const route = ROUTES.find((candidate) => candidate.path.includes('{'))!;
    const { template: nested } = functionOfRoute(route.handler);
    const permission = Object.values(resources(nested, 'AWS::Lambda::Permission')).find((p) => JSON.stringify(p.Properties.SourceArn).includes(`/*/${route.method}${route.path}`));
    expect(permission?.Properties).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com' });
  });

  it('assigns functions to nested stacks by a stable hash of the handler name', () => {
    expect(functionStackIndex('get-health')).toBe(functionStackIndex('get-health'));
    const counts = [0, 0, 0, 0];
    for (const route of ROUTES) counts[functionStackIndex(route.handler) % ROUTE_FUNCTION_STACKS] += 1;
    expect(counts.every((count) => count > 0)).toBe(true);
  });
});
