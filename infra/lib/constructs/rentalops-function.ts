// The house construct for every Lambda function: runtime, architecture, tracing, structured logs,
// log retention and source maps are decided once, here (bundling in ../handler-code.ts). Each
// function gets its own role (no AWS managed policies) whose only grants are writing to the log
// group and what `bind` adds.
//
// Resource budget: CloudFormation allows 500 resources per stack and every route costs a function,
// its role, its invoke permission, an integration and a route. So the role carries its grants as
// an inline policy (no separate AWS::IAM::Policy), and all functions of a stage share one log group
// (Lambda names each stream <date>/<function name>[<version>]..., so every line stays attributable).
import { Duration, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { HandlerCode } from '../handler-code';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

/** Settings shared by every function of a stage. */
export interface FunctionDefaults {
  /** Bundled handlers (synth, deploy) or stubs (stack tests): see handler-code.ts. */
  code: HandlerCode;
  logLevel: LogLevel;
  /** The stage's function log group (retention set there, once). */
  logGroup: logs.ILogGroup;
}

export interface RentalOpsFunctionProps extends FunctionDefaults {
  /** Module name under functions/handlers (the route table's `handler`). */
  handler: string;
  description: string;
  memorySize?: number;
  timeout?: Duration;
}

export const RUNTIME = lambda.Runtime.NODEJS_22_X;
export const ARCHITECTURE = lambda.Architecture.ARM_64;

const APPLICATION_LOG_LEVEL: Record<LogLevel, lambda.ApplicationLogLevel> = {
  DEBUG: lambda.ApplicationLogLevel.DEBUG,
  INFO: lambda.ApplicationLogLevel.INFO,
  WARN: lambda.ApplicationLogLevel.WARN,
  ERROR: lambda.ApplicationLogLevel.ERROR,
};

/** A role whose every grant lands in one inline policy (one resource instead of two). */
class InlinePolicyRole extends iam.Role {
  private readonly inlineGrants: iam.PolicyDocument;

  constructor(scope: Construct, id: string, props: Omit<iam.RoleProps, 'inlinePolicies'>) {
    const grants = new iam.PolicyDocument({ minimize: true });
    super(scope, id, { ...props, inlinePolicies: { grants } });
    this.inlineGrants = grants;
  }

  override addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    this.inlineGrants.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}

export class RentalOpsFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  /** The route table's (or event table's) handler name. */
  readonly handlerName: string;
  private readonly wildcardReasons: string[] = [];

  constructor(scope: Construct, id: string, props: RentalOpsFunctionProps) {
    super(scope, id);
    this.handlerName = props.handler;

    this.role = new InlinePolicyRole(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.description}: execution role`,
    });
    // Instead of AWSLambdaBasicExecutionRole (which may write to any log group).
    props.logGroup.grantWrite(this.role);

    this.fn = new lambda.Function(this, 'Function', {
      description: props.description,
      code: props.code.code(props.handler),
      handler: props.code.handler,
      runtime: RUNTIME,
      architecture: ARCHITECTURE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      tracing: lambda.Tracing.ACTIVE,
      logGroup: props.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: APPLICATION_LOG_LEVEL[props.logLevel],
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      environment: {
        LOG_LEVEL: props.logLevel,
        // Stack traces point at functions/**/*.ts through the bundle's source map.
        NODE_OPTIONS: '--enable-source-maps',
        // Powertools Tracer and Metrics (functions/lib/tracing.ts, metrics.ts): on; set 'false' /
        // 'true' on a function to turn either off without a code change.
        POWERTOOLS_TRACE_ENABLED: 'true',
        POWERTOOLS_METRICS_DISABLED: 'false',
      },
    });

    this.acknowledgeWildcardResource(
      'active X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions',
    );
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 on purpose: the code is tested on Node 20 and 22 (local stand-ins, CI); move to the next LTS runtime together with the toolchain.',
    });
  }

  /** Sets an environment variable (a binding's value, e.g. a table name). */
  addEnvironment(name: string, value: string): this {
    this.fn.addEnvironment(name, value);
    return this;
  }

  addToRolePolicy(statement: iam.PolicyStatement): this {
    this.role.addToPrincipalPolicy(statement);
    return this;
  }

  /**
   * Records why the role needs `Resource: *` (cdk-nag AwsSolutions-IAM5). One acknowledgement per
   * finding and construct, so the reasons of every grant that needs it are listed together.
   */
  acknowledgeWildcardResource(reason: string): void {
    this.wildcardReasons.push(reason);
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: `Resource * is required by ${this.wildcardReasons.join('; and by ')}.`,
    });
  }
}
