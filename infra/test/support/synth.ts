// Stack tests synthesise stages in-process with stub function code (no esbuild, no Vite): the
// template is the real one except for the code itself. The stages of TEST_STAGES are synthesised
// once per test run (testStage: their templates kept in the run's directory for the next test file;
// under Jest a synthesis is 10 to 20 s, and a dozen files read the dev stage), variants once per call.
// Construct tests skip aws-cdk-lib's built-in CloudFormation validation (a WASM rule engine, about
// 5 s per synthesis); nag.test.ts runs it on every stage, as `npm run synth` does.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { App, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createStageStack } from '../../lib/app';
import { parseStageConfig, STAGES_CONTEXT_KEY, type StageConfigInput } from '../../lib/config';
import { paths } from '../../lib/paths';
import type { RentalOpsStack, RentalOpsStackProps } from '../../lib/rentalops-stack';
import { ROUTES } from '../../../functions/routes';
import type { StackTemplates } from './template';

/** cdk.json's context: the feature flags every test app uses, and the stages ops configure. */
export const CDK_CONTEXT = (JSON.parse(readFileSync(paths.cdkJson, 'utf8')) as { context: Record<string, unknown> }).context;
export const CONFIGURED_STAGES = CDK_CONTEXT[STAGES_CONTEXT_KEY] as Record<string, StageConfigInput>;
export const STAGE_NAMES = Object.keys(CONFIGURED_STAGES);
export const TEST_ACCOUNT = '111122223333';

/**
 * Fixed stage configurations for the construct tests, so that ops can put real values in cdk.json
 * without breaking a test. config.test.ts and nag.test.ts check cdk.json's own stages.
 */
export const TEST_STAGES: Record<string, StageConfigInput> = {
  dev: {
    region: 'us-east-1',
    masterEmail: 'owner@example.com',
    emailFrom: 'no-reply@dev.rentalops.example.com',
    smsSenderId: 'RentalOps',
    authDomainPrefix: 'rentalops-dev-example',
    logLevel: 'DEBUG',
    logRetentionDays: 14,
    apiThrottle: { rateLimit: 20, burstLimit: 40 },
  },
  staging: {
    region: 'us-east-1',
    masterEmail: 'owner@example.com',
    emailFrom: 'no-reply@staging.rentalops.example.com',
    smsSenderId: 'RentalOps',
    authDomainPrefix: 'rentalops-staging-example',
    alarmEmail: 'ops@example.com',
    logRetentionDays: 30,
  },
  prod: {
    region: 'us-east-1',
    masterEmail: 'owner@example.com',
    emailFrom: 'no-reply@rentalops.example.com',
    smsSenderId: 'RentalOps',
    authDomainPrefix: 'rentalops-example',
    alarmEmail: 'ops@example.com',
    logRetentionDays: 365,
    apiThrottle: { rateLimit: 200, burstLimit: 400 },
  },
};

export interface SynthOptions extends Partial<Pick<RentalOpsStackProps, 'routes' | 'eventHandlers' | 'scheduledJobs' | 'queueWorkers'>> {
  /** Merged over the stage's configuration. */
  config?: Partial<StageConfigInput>;
  /** Start from cdk.json's entry for the stage instead of TEST_STAGES. */
  fromCdkJson?: boolean;
  /** Run aws-cdk-lib's built-in CloudFormation validation too (default false). */
  cloudFormationValidation?: boolean;
}

export interface Synthesised {
  app: App;
  stack: RentalOpsStack;
  /** The stage stack's own template. */
  template: Template;
  /** It and its nested stacks (the route functions), for lookups that follow references into them. */
  templates: StackTemplates;
}

/**
 * For a variant whose checks concern the platform (Cognito, SES, WAF, CloudFront, alarms, the bus),
 * not the functions: two routes and no event functions. Under Jest a synthesis with the whole table
 * takes 10 to 20 s, this one about a tenth of it (the CI run has a dozen such variants).
 */
export const PLATFORM_ONLY = { routes: ROUTES.slice(0, 2), eventHandlers: [], scheduledJobs: [], queueWorkers: [] } as const satisfies SynthOptions;

/** A new app with cdk.json's context (feature flags and stages) and one stage stack, stub code. */
export function buildStage(stage: string, options: SynthOptions = {}): { app: App; stack: RentalOpsStack } {
  const app = new App({ context: { ...CDK_CONTEXT, stage }, builtinCloudFormationValidation: options.cloudFormationValidation ?? false });
  const base = options.fromCdkJson ? CONFIGURED_STAGES[stage] : TEST_STAGES[stage];
  const config = parseStageConfig(stage, { account: TEST_ACCOUNT, ...base, ...options.config });
  const stack = createStageStack(app, config, {
    build: 'stub',
    routes: options.routes,
    eventHandlers: options.eventHandlers,
    scheduledJobs: options.scheduledJobs,
    queueWorkers: options.queueWorkers,
  });
  return { app, stack };
}

export function synthStage(stage: string, options: SynthOptions = {}): Synthesised {
  const { app, stack } = buildStage(stage, options);
  const template = Template.fromStack(stack);
  const nested = new Map<string, Template>();
  for (const child of stack.node.findAll().filter(NestedStack.isNestedStack)) {
    const logicalId = Stack.of(child.nestedStackResource!).resolve(child.nestedStackResource!.logicalId) as string;
    nested.set(logicalId, Template.fromStack(child));
  }
  return { app, stack, template, templates: { root: template, nested } };
}

/** A stage's templates as JSON: the stage stack's, and its nested stacks' by logical id. */
interface TemplatesJson {
  root: Record<string, unknown>;
  nested: Array<[logicalId: string, template: Record<string, unknown>]>;
}

/**
 * Where a test run keeps the templates of TEST_STAGES (tests/global-setup.ts's run directory: one
 * per Jest process, so never a template of code changed since); none outside a Jest run.
 */
function runCacheFile(stage: string): string | undefined {
  const runDir = process.env.RENTALOPS_TEST_RUN_DIR;
  return runDir ? path.join(runDir, 'synth', `${stage}.json`) : undefined;
}

function templatesFromJson(json: TemplatesJson): StackTemplates {
  const root = Template.fromJSON(json.root);
  return { root, nested: new Map(json.nested.map(([logicalId, template]) => [logicalId, Template.fromJSON(template)])) };
}

function templatesToJson(templates: StackTemplates): TemplatesJson {
  return { root: templates.root.toJSON(), nested: [...templates.nested].map(([logicalId, template]) => [logicalId, template.toJSON()]) };
}

const cache = new Map<string, Synthesised>();
/**
 * The stage of TEST_STAGES: its templates synthesised once per test run, its app and stack (for
 * the few tests that walk the construct tree or read the assembly) synthesised in this file when
 * first asked for.
 */
export function testStage(stage: string): Synthesised {
  const cached = cache.get(stage);
  if (cached) return cached;
  const file = runCacheFile(stage);
  let synthesised: Synthesised | undefined;
  const full = () => (synthesised ??= synthStage(stage));
  let templates: StackTemplates;
  if (file && existsSync(file)) {
    templates = templatesFromJson(JSON.parse(readFileSync(file, 'utf8')) as TemplatesJson);
  } else {
    templates = full().templates;
    if (file) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(`${file}.${process.pid}`, JSON.stringify(templatesToJson(templates)));
      renameSync(`${file}.${process.pid}`, file);
    }
  }
  const result: Synthesised = {
    get app() {
      return full().app;
    },
    get stack() {
      return full().stack;
    },
    template: templates.root,
    templates,
  };
  cache.set(stage, result);
  return result;
}
