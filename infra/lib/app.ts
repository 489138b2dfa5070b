// Builds the CDK app: one stack per selected stage (bin/app.ts for the CLI, tests in-process).
import { App, type AppProps } from 'aws-cdk-lib';
import type { StageConfig } from './config';
import { selectedStages } from './config';
import { EDGE_REGION, EdgeStack } from './edge-stack';
import type { BuildMode } from './handler-code';
import { addNagChecks } from './nag';
import { RentalOpsStack, type RentalOpsStackProps } from './rentalops-stack';

export function stackName(stage: string): string {
  return `RentalOps-${stage}`;
}

export function edgeStackName(stage: string): string {
  return `${stackName(stage)}-edge`;
}

/**
 * The stage: its edge stack (WAF web ACL, us-east-1) and the stage stack, both pinned to the
 * stage's account (cdk.json `account`; else the CLI's, for dev and staging only) and region.
 */
export function createStageStack(app: App, config: StageConfig, options: { build: BuildMode } & Partial<RentalOpsStackProps>): RentalOpsStack {
  const account = config.account ?? process.env.CDK_DEFAULT_ACCOUNT;
  const edge = new EdgeStack(app, edgeStackName(config.stage), {
    stage: config.stage,
    rateLimit: config.waf.rateLimit,
    authRateLimit: config.waf.authRateLimit,
    env: { region: EDGE_REGION, account },
    crossRegionReferences: true,
    terminationProtection: config.isProduction,
    description: `RentalOps ${config.stage}: WAF web ACL of the CloudFront distribution (CloudFront scope, us-east-1)`,
  });
  const stack = new RentalOpsStack(app, stackName(config.stage), {
    ...options,
    config,
    webAclArn: options.webAclArn ?? edge.webAcl.attrArn,
    env: { region: config.region, account },
    crossRegionReferences: true,
    description: `RentalOps ${config.stage}: vacation-rental operations (infra/, generated from functions/routes.ts)`,
  });
  stack.addStackDependency(edge, 'the distribution uses the web ACL');
  return stack;
}

export interface CreateAppOptions {
  build: BuildMode;
  appProps?: AppProps;
  /** Run the AwsSolutions pack during synthesis (default true). */
  nag?: boolean;
  /** Told about a stage `-c stage=all` leaves out (prod with placeholder settings). */
  onSkippedStage?: (stage: string, reason: string) => void;
}

export function createApp(options: CreateAppOptions): { app: App; stacks: RentalOpsStack[] } {
  const app = new App(options.appProps);
  const stacks = selectedStages(app.node, options.onSkippedStage).map((config) => createStageStack(app, config, { build: options.build }));
  if (options.nag ?? true) addNagChecks(app);
  return { app, stacks };
}
