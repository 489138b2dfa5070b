// The HTTP API, generated from the route table (functions/routes.ts): one function per route, named
// after its handler module, with the common bindings plus the ones its `needs` name, and one route
// `METHOD /path` integrated with it. Nothing here lists routes by hand, so the API and the local
// server cannot disagree. Stage-wide throttling, a tighter throttle on public POST routes, and JSON
// access logs.
//
// Resource budget (CloudFormation allows 500 per stack): each function with its role, invoke
// permission, version, `live` alias, error alarm and CodeDeploy deployment group (7 resources)
// lives in a nested stack of functions, and its route and integration (2) in the nested stack of
// routes with the same letter; the stage stack keeps the API and its stage. The stacks come in two
// generations of ROUTE_FUNCTION_STACKS (4) each, and a stable hash of the handler name (sha256 % 4)
// picks the stack within a generation:
// - first generation, Functions<A-D> / Routes<A-D>: exactly the handlers deployed when it filled
//   up (route table of commit 280602c), kept as data in infra/lib/deployed-route-functions.json
//   (made once by scripts/deployed-route-functions.ts) with the letter each was deployed in. These
//   stacks never take a new function: moving a function to another stack replaces it.
// - second generation, Functions<E-H> / Routes<E-H> (hash % 4 + 4): every other handler. A stack
//   exists only while it holds at least one function.
// So a new route never moves an existing function or route. A frozen handler taken out of the route
// table goes into the file's `removed` (infra/test/deployment.test.ts checks it); its letter stays.
// Data rather than a `stackGeneration` field on each route: the route table stays free of
// deployment detail and nobody can put a new route in a full stack by copying an entry.
// (Routes moved out of the stage stack when the aliases came in, issue 20: a stack deployed before
// that replaces each route once; on an existing stack with the same route keys, deploy twice with
// the routes removed in between, or delete the API's routes first.)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Duration, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { actsForCompany, deletesOf, routeKey, tableAccessOf, type RouteDefinition } from '#functions/routes';
import { paths } from '../paths';
import { bindAll, type FunctionBindings } from './bindings';
import { pascalCase } from './naming';
import { RentalOpsFunction, type FunctionDefaults } from './rentalops-function';

/** Nested stacks of functions per generation. Never change it: it decides which stack holds each function. */
export const ROUTE_FUNCTION_STACKS = 4;

/** infra/lib/deployed-route-functions.json: the first generation's handlers, frozen. */
export interface DeployedRouteFunctions {
  /** The commit whose route table was frozen. */
  commit: string;
  /** Stacks of the first generation (ROUTE_FUNCTION_STACKS then). */
  stacks: number;
  /** Handler -> the letter (A-D) of the stack its function was deployed in. */
  functions: Record<string, string>;
  /** Frozen handlers no longer in the route table -> why. */
  removed: Record<string, string>;
}

export const DEPLOYED_ROUTE_FUNCTIONS_FILE = path.join(paths.root, 'infra', 'lib', 'deployed-route-functions.json');

export function readDeployedRouteFunctions(file = DEPLOYED_ROUTE_FUNCTIONS_FILE): DeployedRouteFunctions {
  const data = JSON.parse(readFileSync(file, 'utf8')) as DeployedRouteFunctions;
  for (const [handler, letter] of Object.entries(data.functions)) {
    if (!/^[A-Z]$/.test(letter) || letter.charCodeAt(0) - 65 >= ROUTE_FUNCTION_STACKS) throw new Error(`${file}: ${handler} is in stack ${letter}, not a first-generation stack (A-${stackLetter(ROUTE_FUNCTION_STACKS - 1)})`);
  }
  return data;
}

export const DEPLOYED_ROUTE_FUNCTIONS = readDeployedRouteFunctions();

/** The stable hash of a handler name: its stack within a generation (0 to ROUTE_FUNCTION_STACKS - 1). */
export function handlerHash(handler: string): number {
  return createHash('sha256').update(handler).digest().readUInt32BE(0) % ROUTE_FUNCTION_STACKS;
}

/**
 * The nested stack of a handler's function and route: 0-3 (A-D), where it was deployed, for a
 * handler of the first generation; 4-7 (E-H) by the same hash for any other.
 */
export function functionStackIndex(handler: string, deployed: DeployedRouteFunctions = DEPLOYED_ROUTE_FUNCTIONS): number {
  return Object.hasOwn(deployed.functions, handler) ? deployed.functions[handler].charCodeAt(0) - 65 : ROUTE_FUNCTION_STACKS + handlerHash(handler);
}

/** 0 -> A, 4 -> E. */
export function stackLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/**
 * A Lambda proxy integration (payload 2.0) whose invoke permission is created next to the function
 * (in its nested stack) rather than next to the route, as HttpLambdaIntegration would.
 */
class LambdaProxyIntegration extends apigwv2.HttpRouteIntegration {
  constructor(
    id: string,
    private readonly handler: lambda.IFunction,
  ) {
    super(id);
  }

  bind(): apigwv2.HttpRouteIntegrationConfig {
    return { type: apigwv2.HttpIntegrationType.AWS_PROXY, uri: this.handler.functionArn, payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0 };
  }
}

export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

export interface ApiProps {
  stage: string;
  routes: readonly RouteDefinition[];
  functions: FunctionDefaults;
  bindings: FunctionBindings;
  accessLogs: logs.ILogGroup;
  throttle: Throttle;
  /** Applied per route to public POST routes (sign-up, sign-in, password reset), which attract abuse. */
  publicWriteThrottle: Throttle;
  /** Calls per minute of one API key on the public API (API_KEY_RATE_LIMIT of its functions and of the document's). */
  apiKeyRateLimit?: number;
  /** ORIGIN_SECRET of the route functions: the header CloudFront adds (web.ts OriginSecret). */
  originSecret?: string;
  /** How each function's `live` alias moves to a new version (CodeDeploy); default a 10% canary for 5 minutes. */
  deployment?: DeploymentName;
}

export type DeploymentName = 'CANARY_10PERCENT_5MINUTES' | 'CANARY_10PERCENT_10MINUTES' | 'LINEAR_10PERCENT_EVERY_1MINUTE' | 'ALL_AT_ONCE';

const DEPLOYMENT_CONFIGS: Record<DeploymentName, codedeploy.ILambdaDeploymentConfig> = {
  CANARY_10PERCENT_5MINUTES: codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
  CANARY_10PERCENT_10MINUTES: codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_10MINUTES,
  LINEAR_10PERCENT_EVERY_1MINUTE: codedeploy.LambdaDeploymentConfig.LINEAR_10PERCENT_EVERY_1MINUTE,
  ALL_AT_ONCE: codedeploy.LambdaDeploymentConfig.ALL_AT_ONCE,
};

/** The alias API Gateway invokes; CodeDeploy shifts it from version to version. */
export const LIVE_ALIAS = 'live';

/** Per route function: function, role, invoke permission, version, alias, error alarm, deployment group. */
export const RESOURCES_PER_ROUTE_FUNCTION = 7;

/** API Gateway access log fields, one JSON object per request (no query strings: they may carry codes). */
export const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  routeKey: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
} as const;

/** How a stack's description counts its groups: "4" in the first generation (as deployed), "E-H" in the second. */
function groupsOf(index: number): string {
  if (index < ROUTE_FUNCTION_STACKS) return String(ROUTE_FUNCTION_STACKS);
  return `${stackLetter(ROUTE_FUNCTION_STACKS)}-${stackLetter(2 * ROUTE_FUNCTION_STACKS - 1)}`;
}

export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  /** One per route, in route-table order. */
  readonly functions: RentalOpsFunction[] = [];
  readonly routes = new Map<string, apigwv2.HttpRoute>();
  /** The nested stacks holding the route functions, by index. */
  readonly functionStacks = new Map<number, NestedStack>();
  /** The nested stacks holding the API routes and integrations, by index. */
  readonly routeStacks = new Map<number, NestedStack>();
  /** The `live` alias of each route function, by handler. */
  readonly aliases = new Map<string, lambda.Alias>();
  /** The CodeDeploy deployment group of each route function, by handler. */
  readonly deploymentGroups = new Map<string, codedeploy.LambdaDeploymentGroup>();
  private readonly deployers = new Map<NestedStack, { application: codedeploy.LambdaApplication; role: iam.Role }>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `rentalops-${props.stage}`,
      description: `RentalOps ${props.stage}: functions/routes.ts, served under /api/* by CloudFront`,
      createDefaultStage: false,
    });

    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(props.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of props.routes) {
      const key = routeKey(route);
      const name = pascalCase(route.handler);
      const fn = new RentalOpsFunction(this.functionStack(functionStackIndex(route.handler), props.stage), name, {
        ...props.functions,
        handler: route.handler,
        description: `${key} (functions/handlers/${route.handler}.ts)`,
        timeout: Duration.seconds(10),
      });
      // Exactly what the route declares: its item actions on the table (and, acting for a company, its
      // level's tenant role), its needs, its Cognito calls.
      bindAll(fn, props.bindings, route.needs, {
        table: tableAccessOf(route),
        deletes: deletesOf(route),
        actsForCompany: actsForCompany(route),
        companyFromToken: route.companyFromToken,
        access: route.access,
        cognito: route.cognito,
      });
      if (props.originSecret) fn.addEnvironment('ORIGIN_SECRET', props.originSecret);
      if (route.access === 'apiKey' || route.path.startsWith('/api/v1/')) fn.addEnvironment('API_KEY_RATE_LIMIT', String(props.apiKeyRateLimit ?? 300));
      const alias = this.deployThroughAlias(fn, route.handler, props.deployment ?? 'CANARY_10PERCENT_5MINUTES');
      // Only this route of this API may invoke the function's live alias (any stage).
      alias.addPermission('InvokeFromApi', {
        principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: Stack.of(this).formatArn({ service: 'execute-api', resource: this.httpApi.apiId, resourceName: `*/${route.method}${route.path}` }),
      });
      // The route and its integration live in a nested stack of routes (the same group letter as the
      // function): the stage stack keeps only the API and its stage, whatever the number of routes.
      const httpRoute = new apigwv2.HttpRoute(this.routeStack(functionStackIndex(route.handler), props.stage), `${name}Route`, {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: new LambdaProxyIntegration(`${name}Integration`, alias),
      });
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          route.access === 'public'
            ? 'Public by design (route table access: public): sign-in, sign-up, health, the OpenAPI document.'
            : route.access === 'apiKey'
            ? 'Authorised in the function: the public API door (functions/lib/public-api.ts) checks the bearer API key against its hashed lookup item on every call (revocation is immediate), with its scope, plan and rate limit.'
            : 'Authorised in the function: the HTTP wrapper resolves the server-side session from its httpOnly cookie and enforces the route table roles (DESIGN decision 5); JWT authorisers do not apply to opaque session cookies.',
      });
      if (route.access === 'public' && route.method === 'POST') {
        routeSettings[key] = { ThrottlingRateLimit: props.publicWriteThrottle.rateLimit, ThrottlingBurstLimit: props.publicWriteThrottle.burstLimit };
        // The stage's route settings name the route, so the route must exist first.
        this.stage.node.addDependency(httpRoute);
      }
      this.functions.push(fn);
      this.routes.set(key, httpRoute);
    }
    if (Object.keys(routeSettings).length) {
      (this.stage.node.defaultChild as apigwv2.CfnStage).routeSettings = routeSettings;
    }
  }

  /**
   * The function's `live` alias on its current version, moved by CodeDeploy: a canary (or the
   * configured shift) that rolls back when the alias's own error alarm fires or the deployment
   * fails. One application and one service role per nested stack.
   */
  private deployThroughAlias(fn: RentalOpsFunction, handler: string, deployment: DeploymentName): lambda.Alias {
    const stack = Stack.of(fn) as NestedStack;
    let deployer = this.deployers.get(stack);
    if (!deployer) {
      const role = new iam.Role(stack, 'DeployRole', {
        assumedBy: new iam.ServicePrincipal('codedeploy.amazonaws.com'),
        description: 'CodeDeploy: shifts the route functions\' live aliases, reads their alarms',
      });
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
        reason: 'AWSCodeDeployRoleForLambdaLimited is the AWS-maintained policy for CodeDeploy Lambda deployments (alias updates, alarm reads), attached by LambdaDeploymentGroup.',
      });
      deployer = { application: new codedeploy.LambdaApplication(stack, 'Deployments'), role };
      this.deployers.set(stack, deployer);
    }
    const alias = new lambda.Alias(fn, 'Live', { aliasName: LIVE_ALIAS, version: fn.fn.currentVersion });
    const errors = new cloudwatch.Alarm(fn, 'LiveErrors', {
      alarmDescription: `${handler}: errors of the live alias (rolls a deployment back)`,
      metric: alias.metricErrors({ period: Duration.minutes(1), statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const group = new codedeploy.LambdaDeploymentGroup(fn, 'Deployment', {
      application: deployer.application,
      alias,
      role: deployer.role,
      deploymentConfig: DEPLOYMENT_CONFIGS[deployment],
      alarms: [errors],
      autoRollback: { failedDeployment: true, deploymentInAlarm: true, stoppedDeployment: true },
    });
    this.aliases.set(handler, alias);
    this.deploymentGroups.set(handler, group);
    return alias;
  }

  private routeStack(index: number, stage: string): NestedStack {
    let stack = this.routeStacks.get(index);
    if (!stack) {
      const letter = stackLetter(index);
      stack = new NestedStack(this, `Routes${letter}`, { description: `RentalOps ${stage}: API routes and integrations, group ${letter} of ${groupsOf(index)}` });
      this.routeStacks.set(index, stack);
    }
    return stack;
  }

  private functionStack(index: number, stage: string): NestedStack {
    let stack = this.functionStacks.get(index);
    if (!stack) {
      const letter = stackLetter(index);
      stack = new NestedStack(this, `Functions${letter}`, { description: `RentalOps ${stage}: route functions, group ${letter} of ${groupsOf(index)}` });
      this.functionStacks.set(index, stack);
    }
    return stack;
  }
}
