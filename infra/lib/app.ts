// Builds the CDK app: one stack per selected stage (bin/app.ts for the CLI, tests in-process).
import { App, type AppProps } from 'aws-cdk-lib';
import type { StageConfig } from './config';
import { selectedStages } from './config';
import type { BuildMode } from './handler-code';
import { addNagChecks } from './nag';
import { RentalOpsStack, type RentalOpsStackProps } from './rentalops-stack';

export function stackName(stage: string): string {
  return `RentalOps-${stage}`;
}

export function createStageStack(app: App, config: StageConfig, options: { build: BuildMode } & Partial<RentalOpsStackProps>): RentalOpsStack {
  return new RentalOpsStack(app, stackName(config.stage), {
    ...options,
    config,
    env: { region: config.region, account: config.account ?? process.env.CDK_DEFAULT_ACCOUNT },
    description: `RentalOps ${config.stage}: vacation-rental operations (infra/, generated from functions/routes.ts)`,
  });
}

export interface CreateAppOptions {
  build: BuildMode;
  appProps?: AppProps;
  /** Run the AwsSolutions pack during synthesis (default true). */
  nag?: boolean;
}

export function createApp(options: CreateAppOptions): { app: App; stacks: RentalOpsStack[] } {
  const app = new App(options.appProps);
  const stacks = selectedStages(app.node).map((config) => createStageStack(app, config, { build: options.build }));
  if (options.nag ?? true) addNagChecks(app);
  return { app, stacks };
}
