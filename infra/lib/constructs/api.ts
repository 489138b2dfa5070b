// The HTTP API, generated from the route table (functions/routes.ts): one function per route, named
// after its handler module, with the common bindings plus the ones its `needs` name, and one route
// `METHOD /path` integrated with it. Nothing here lists routes by hand, so the API and the local
// server cannot disagree. Stage-wide throttling, a tighter throttle on public POST routes, and JSON
// access logs.
//
// Resource budget (CloudFormation allows 500 per stack): the API surface (route and integration)
// stays in the stage stack, while each function with its role and invoke permission lives in one
// of ROUTE_FUNCTION_STACKS nested stacks, chosen by a stable hash of the handler name. A new route
// never moves an existing function; and if a function did move, only the function would be
// replaced (the route and its key stay where they are, so no route-key conflict during an update).
import { createHash } from 'node:crypto';
import { Duration, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeKey, type RouteDefinition } from '#functions/routes';
import { bindAll, type FunctionBindings } from './bindings';
import { pascalCase } from './naming';
import { RentalOpsFunction, type FunctionDefaults } from './rentalops-function';

/** Never change it: it decides which nested stack holds each route's function. */
export const ROUTE_FUNCTION_STACKS = 4;

export function functionStackIndex(handler: string): number {
  return createHash('sha256').update(handler).digest().readUInt32BE(0) % ROUTE_FUNCTION_STACKS;
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
}

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

export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  /** One per route, in route-table order. */
  readonly functions: RentalOpsFunction[] = [];
  readonly routes = new Map<string, apigwv2.HttpRoute>();
  /** The nested stacks holding the route functions, by index. */
  readonly functionStacks = new Map<number, NestedStack>();

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
      bindAll(fn, props.bindings, route.needs);
      // Only this route of this API may invoke the function (any stage).
      fn.fn.addPermission('InvokeFromApi', {
        principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: Stack.of(this).formatArn({ service: 'execute-api', resource: this.httpApi.apiId, resourceName: `*/${route.method}${route.path}` }),
      });
      const httpRoute = new apigwv2.HttpRoute(this, `${name}Route`, {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: new LambdaProxyIntegration(`${name}Integration`, fn.fn),
      });
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          route.access === 'public'
            ? 'Public by design (route table access: public): sign-in, sign-up, health.'
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

  private functionStack(index: number, stage: string): NestedStack {
    let stack = this.functionStacks.get(index);
    if (!stack) {
      const letter = String.fromCharCode(65 + index);
      stack = new NestedStack(this, `Functions${letter}`, { description: `RentalOps ${stage}: route functions, group ${letter} of ${ROUTE_FUNCTION_STACKS}` });
      this.functionStacks.set(index, stack);
    }
    return stack;
  }
}
