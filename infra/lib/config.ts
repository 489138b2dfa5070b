// Per-stage configuration, read from cdk.json's context ("rentalops:stages") and validated with zod
// at synth time, so a typo fails `cdk synth` with the field's path and a fix, not a deploy half-way.
import type { Node } from 'constructs';
import { z } from 'zod';

export const STAGES_CONTEXT_KEY = 'rentalops:stages';
export const STAGE_CONTEXT_KEY = 'stage';
export const DEFAULT_STAGE = 'dev';
/** `-c stage=all` synthesises every configured stage (CI); deploy one stage at a time. */
export const ALL_STAGES = 'all';
/** The stage whose data outlives the stack (retain, deletion protection, termination protection). */
export const PRODUCTION_STAGE = 'prod';

// CloudWatch Logs accepts only these retention periods.
const RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653] as const;

const hostname = z
  .string()
  .regex(/^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'must be a lower-case DNS name such as app.example.com');

const domainConfig = z.strictObject({
  /** The site's host name; CloudFront serves the SPA and /api/* on it. */
  name: hostname,
  /** An ACM certificate for `name`. CloudFront only uses certificates from us-east-1. */
  certificateArn: z
    .string()
    .regex(/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/, 'must be an ACM certificate ARN in us-east-1 (CloudFront only accepts certificates from us-east-1)'),
  /** When given, the stack creates the alias records (and the SES DKIM records if the sender's domain is in the zone). */
  hostedZone: z.strictObject({ id: z.string().regex(/^Z[A-Z0-9]{1,31}$/, 'must be a Route 53 hosted zone id (Z...)'), name: hostname }).optional(),
});

const sesConfig = z.strictObject({
  /** Create the SES domain identity for the sender's domain in this stack (false: it exists already, e.g. shared by stages in one account). */
  createIdentity: z.boolean().default(true),
  /** Set to true once SES shows the identity as verified: Cognito then sends its mail through SES (it refuses an unverified identity). */
  identityVerified: z.boolean().default(false),
  /** While the account is in the SES sandbox, SES also authorises each recipient identity: list the verified recipients here. */
  sandboxRecipients: z.array(z.email()).default([]),
});

export const stageConfigSchema = z
  .strictObject({
    /** AWS region of the stack (Lambda, DynamoDB, Cognito, SES, SNS). */
    region: z.string().regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'must be an AWS region such as us-east-1'),
    /** Optional: pin the account; otherwise the CLI's current credentials decide at deploy time. */
    account: z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id').optional(),
    /** The unlimited master account's e-mail (MASTER_EMAIL). */
    masterEmail: z.email(),
    /** Sender of every e-mail (EMAIL_FROM); its domain is the SES identity. */
    emailFrom: z.email(),
    emailFromName: z.string().min(1).max(64).default('RentalOps'),
    /** Alphanumeric SMS sender id: 1-11 letters, digits or hyphens, at least one letter. */
    smsSenderId: z.string().regex(/^(?=.*[A-Za-z])[A-Za-z0-9-]{1,11}$/, 'must be 1-11 letters, digits or hyphens with at least one letter'),
    /**
     * Stripe price ids per plan and billing cycle (STRIPE_PRICE_IDS; functions/payments/stripe.ts).
     * The keys themselves are never configuration: they live in the stage's Secrets Manager secret.
     */
    stripePriceIds: z
      .strictObject({
        basic: z.strictObject({ monthly: z.string().regex(/^price_\w+$/), yearly: z.string().regex(/^price_\w+$/) }),
        professional: z.strictObject({ monthly: z.string().regex(/^price_\w+$/), yearly: z.string().regex(/^price_\w+$/) }),
      })
      .optional(),
    /** Prefix of the Cognito Hosted UI domain (<prefix>.auth.<region>.amazoncognito.com); unique per region. */
    authDomainPrefix: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be lower-case letters, digits and hyphens')
      .refine((prefix) => !/aws|amazon|cognito/.test(prefix), 'may not contain "aws", "amazon" or "cognito" (Cognito refuses it)'),
    /** Custom domain for the site; without it the site is served on the CloudFront domain. */
    domain: domainConfig.optional(),
    /**
     * Origins besides the site's own (APP_URL) whose browser writes the API accepts (ALLOWED_ORIGINS;
     * functions/lib/request-guards.ts), e.g. the CloudFront domain while a custom domain is moved in.
     */
    allowedOrigins: z.array(z.url({ protocol: /^https$/, error: 'must be an https origin such as https://app.example.com' })).default([]),
    ses: sesConfig.prefault({}),
    /** Cognito threat protection: 'off' (Essentials plan), 'audit' or 'enforced' (Plus plan, billed per monthly active user). */
    threatProtection: z.enum(['off', 'audit', 'enforced']).default('off'),
    /** Alarm notifications go to this address (an SNS e-mail subscription to confirm once). */
    alarmEmail: z.email().optional(),
    /** The SMS spend alarm fires when SNS's month-to-date SMS spend (USD) reaches this (set it below the account's SMS spend limit). */
    smsSpendAlarmUsd: z.number().positive().default(20),
    logLevel: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']).default('INFO'),
    logRetentionDays: z
      .number()
      .int()
      .refine((days) => (RETENTION_DAYS as readonly number[]).includes(days), `must be one of ${RETENTION_DAYS.join(', ')}`)
      .default(30),
    /** Stage-wide API throttle (requests per second, burst). */
    apiThrottle: z
      .strictObject({ rateLimit: z.number().int().positive(), burstLimit: z.number().int().positive() })
      .default({ rateLimit: 50, burstLimit: 100 }),
    /**
     * The WAF web ACL on CloudFront (infra/lib/edge-stack.ts): requests per IP per 5 minutes, over
     * the whole site and over the sign-in, sign-up and reset routes.
     */
    waf: z
      .strictObject({
        rateLimit: z.number().int().min(10).max(2_000_000_000).default(2000),
        authRateLimit: z.number().int().min(10).max(2_000_000_000).default(100),
      })
      .prefault({}),
    /**
     * How API functions move to a new version (CodeDeploy, through their `live` alias): a canary
     * rolls back on the function's error alarm. ALL_AT_ONCE still rolls back on the alarm.
     */
    deployment: z
      .enum(['CANARY_10PERCENT_5MINUTES', 'CANARY_10PERCENT_10MINUTES', 'LINEAR_10PERCENT_EVERY_1MINUTE', 'ALL_AT_ONCE'])
      .default('CANARY_10PERCENT_5MINUTES'),
    /** Tighter throttle on public POST routes (register, e-mail sign-in, password reset). */
    publicWriteThrottle: z
      .strictObject({ rateLimit: z.number().int().positive(), burstLimit: z.number().int().positive() })
      .default({ rateLimit: 5, burstLimit: 10 }),
    /** Calls an API key may make per minute on the public API (functions/lib/public-api.ts), on top of the WAF. */
    apiKeyRateLimit: z.number().int().positive().default(300),
  })
  .superRefine((config, ctx) => {
    if (config.domain?.hostedZone && !`.${config.domain.name}`.endsWith(`.${config.domain.hostedZone.name}`)) {
      ctx.addIssue({ code: 'custom', path: ['domain', 'hostedZone', 'name'], message: `must be ${config.domain.name} or one of its parent domains` });
    }
  });

export type StageConfigInput = z.input<typeof stageConfigSchema>;

export interface StageConfig extends z.output<typeof stageConfigSchema> {
  stage: string;
  /** prod keeps its data; other stages clean up when destroyed. */
  isProduction: boolean;
  /** The domain part of emailFrom: the SES identity. */
  senderDomain: string;
}

export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

const stageName = z.string().regex(/^[a-z][a-z0-9-]{0,19}$/, 'stage names are lower-case letters, digits and hyphens (at most 20)');

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  - ${issue.path.map(String).join('.') || '(stage)'}: ${issue.message}`).join('\n');
}

/** Validates one stage's context entry; `source` names where it came from for the error message. */
export function parseStageConfig(stage: string, raw: unknown, source = `cdk.json context "${STAGES_CONTEXT_KEY}"."${stage}"`): StageConfig {
  const name = stageName.safeParse(stage);
  if (!name.success) throw new ConfigurationError(`Invalid stage name "${stage}": ${name.error.issues[0].message}.`);
  const result = stageConfigSchema.safeParse(raw);
  if (!result.success) {
    throw new ConfigurationError(`Invalid configuration for stage "${stage}" (${source}):\n${formatIssues(result.error)}`);
  }
  return {
    ...result.data,
    stage,
    isProduction: stage === PRODUCTION_STAGE,
    senderDomain: result.data.emailFrom.split('@')[1].toLowerCase(),
  };
}

/** Domains that only ever stand for "fill me in" (RFC 2606/6761), and account ids of examples. */
const PLACEHOLDER_DOMAIN = /(^|\.)(example(\.(com|org|net))?|test|invalid|localhost)$/i;
const PLACEHOLDER_ACCOUNTS = new Set(['111122223333', '123456789012', '000000000000', '111111111111']);

const isPlaceholderDomain = (domain: string) => PLACEHOLDER_DOMAIN.test(domain.trim().toLowerCase());
const emailDomain = (email: string) => email.split('@')[1] ?? '';

/**
 * What stops the production stage from being deployed: every setting still holding a placeholder
 * (example.com, .test, an example account) or missing (the account and the alarm address), each
 * named with what to write. Empty when the stage is ready (or not production).
 */
export function productionProblems(config: StageConfig): string[] {
  if (!config.isProduction) return [];
  const problems: string[] = [];
  if (!config.account) problems.push('account: required for prod: the 12-digit AWS account the stage deploys to (the stack pins it)');
  else if (PLACEHOLDER_ACCOUNTS.has(config.account)) problems.push(`account: ${config.account} is an example account id: write the production account`);
  for (const key of ['masterEmail', 'emailFrom'] as const) {
    if (isPlaceholderDomain(emailDomain(config[key]))) problems.push(`${key}: ${config[key]} is a placeholder: write a real address (${key === 'emailFrom' ? 'its domain becomes the SES identity' : 'the unlimited master account'})`);
  }
  if (!config.alarmEmail) problems.push('alarmEmail: required for prod: who is told when an alarm fires');
  else if (isPlaceholderDomain(emailDomain(config.alarmEmail))) problems.push(`alarmEmail: ${config.alarmEmail} is a placeholder: write the on-call address`);
  if (/example/.test(config.authDomainPrefix)) problems.push(`authDomainPrefix: ${config.authDomainPrefix} is a placeholder: write the Hosted UI domain prefix (unique in the region)`);
  if (config.domain && isPlaceholderDomain(config.domain.name)) problems.push(`domain.name: ${config.domain.name} is a placeholder: write the site's host name`);
  if (config.domain?.hostedZone && isPlaceholderDomain(config.domain.hostedZone.name)) problems.push(`domain.hostedZone.name: ${config.domain.hostedZone.name} is a placeholder`);
  config.allowedOrigins.forEach((origin, index) => {
    if (isPlaceholderDomain(new URL(origin).hostname)) problems.push(`allowedOrigins.${index}: ${origin} is a placeholder`);
  });
  config.ses.sandboxRecipients.forEach((email, index) => {
    if (isPlaceholderDomain(emailDomain(email))) problems.push(`ses.sandboxRecipients.${index}: ${email} is a placeholder`);
  });
  return problems;
}

/** Throws a ConfigurationError naming every production setting still to fill. */
export function assertDeployable(config: StageConfig, source = `cdk.json context "${STAGES_CONTEXT_KEY}"."${config.stage}"`): StageConfig {
  const problems = productionProblems(config);
  if (problems.length) {
    throw new ConfigurationError(
      `Stage "${config.stage}" cannot be synthesised with placeholder values (${source}); fill in:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
  return config;
}

/** Every configured stage, in cdk.json order. */
export function configuredStages(node: Node): Record<string, unknown> {
  const stages: unknown = node.tryGetContext(STAGES_CONTEXT_KEY);
  if (!stages || typeof stages !== 'object' || Array.isArray(stages) || Object.keys(stages).length === 0) {
    throw new ConfigurationError(`cdk.json has no stages: add a context entry "${STAGES_CONTEXT_KEY}" with one object per stage (dev, staging, prod).`);
  }
  return stages as Record<string, unknown>;
}

/**
 * The stages selected by `-c stage=<name>` (default dev; `all` for every configured stage). The
 * production stage must be filled in (assertDeployable) when selected by name; with `all` (CI,
 * offline, no account) an unfilled prod is left out and `skipped` says why.
 */
export function selectedStages(node: Node, skipped: (stage: string, reason: string) => void = () => undefined): StageConfig[] {
  const stages = configuredStages(node);
  const requested = String(node.tryGetContext(STAGE_CONTEXT_KEY) ?? DEFAULT_STAGE).trim();
  if (requested === ALL_STAGES) {
    return Object.entries(stages)
      .map(([stage, raw]) => parseStageConfig(stage, raw))
      .filter((config) => {
        const problems = productionProblems(config);
        if (problems.length) skipped(config.stage, `not synthesised: its settings are placeholders (${problems.map((p) => p.split(':')[0]).join(', ')}); synthesise it with -c stage=${config.stage} once filled in`);
        return problems.length === 0;
      });
  }
  if (!(requested in stages)) {
    throw new ConfigurationError(
      `Unknown stage "${requested}". Use -c stage=<${[...Object.keys(stages), ALL_STAGES].join('|')}> (stages are configured in cdk.json context "${STAGES_CONTEXT_KEY}").`,
    );
  }
  return [assertDeployable(parseStageConfig(requested, stages[requested]))];
}
