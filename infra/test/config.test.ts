// Stage configuration: cdk.json's stages are valid, and a bad entry fails synth with the stage,
// the field and what to write instead.
import { App, type Stack } from 'aws-cdk-lib';
import { assertDeployable, ConfigurationError, parseStageConfig, productionProblems, selectedStages, STAGES_CONTEXT_KEY } from '../lib/config';
import { createApp } from '../lib/app';
import { CDK_CONTEXT, CONFIGURED_STAGES, STAGE_NAMES, TEST_STAGES } from './support/synth';

const valid = TEST_STAGES.dev;
const errorOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigurationError');
};
const appWith = (context: Record<string, unknown>) => new App({ context: { ...CDK_CONTEXT, ...context } });
/** A production stage filled in with real-looking values (issue 20 point 8). */
const FILLED_PROD = {
  region: 'eu-west-1',
  account: '210987654321',
  masterEmail: 'owner@atlantico-stays.pt',
  emailFrom: 'no-reply@rentalops.atlantico-stays.pt',
  smsSenderId: 'RentalOps',
  authDomainPrefix: 'rentalops-atlantico',
  alarmEmail: 'oncall@atlantico-stays.pt',
};

describe('stage configuration', () => {
  it('configures dev, staging and prod in cdk.json', () => {
    expect(STAGE_NAMES).toEqual(['dev', 'staging', 'prod']);
  });

  it.each(STAGE_NAMES)('accepts the cdk.json entry of %s', (stage) => {
    expect(parseStageConfig(stage, CONFIGURED_STAGES[stage])).toMatchObject({ stage, isProduction: stage === 'prod' });
  });

  it('treats only prod as production', () => {
    expect(STAGE_NAMES.filter((stage) => parseStageConfig(stage, CONFIGURED_STAGES[stage]).isProduction)).toEqual(['prod']);
  });

  it('fills the defaults and derives the sender domain', () => {
    expect(parseStageConfig('staging', TEST_STAGES.staging)).toMatchObject({
      senderDomain: 'staging.rentalops.example.com',
      emailFromName: 'RentalOps',
      apiThrottle: { rateLimit: 50, burstLimit: 100 },
      publicWriteThrottle: { rateLimit: 5, burstLimit: 10 },
      ses: { createIdentity: true, identityVerified: false, sandboxRecipients: [] },
    });
  });

  it('names the stage, the place in cdk.json and the field of an invalid value', () => {
    const message = errorOf(() => parseStageConfig('prod', { ...valid, masterEmail: 'not-an-email' }));
    expect(message).toContain('Invalid configuration for stage "prod"');
    expect(message).toContain('cdk.json context "rentalops:stages"."prod"');
    expect(message).toMatch(/- masterEmail: .*email/i);
  });

  it('lists every problem at once', () => {
    const message = errorOf(() => parseStageConfig('dev', { ...valid, emailFrom: 'x', smsSenderId: 'far too long a sender id' }));
    expect(message).toMatch(/- emailFrom:/);
    expect(message).toMatch(/- smsSenderId: must be 1-11 letters/);
  });

  it('refuses a missing field', () => {
    const { masterEmail: _omitted, ...withoutMaster } = valid;
    expect(errorOf(() => parseStageConfig('dev', withoutMaster))).toMatch(/- masterEmail:/);
  });

  it('refuses an unknown field (a typo would otherwise be ignored)', () => {
    expect(errorOf(() => parseStageConfig('dev', { ...valid, masterEmial: 'a@b.co' }))).toMatch(/masterEmial/);
  });

  it('refuses a certificate outside us-east-1, which CloudFront cannot use', () => {
    const domain = { name: 'app.example.com', certificateArn: 'arn:aws:acm:eu-west-1:111122223333:certificate/0a1b2c3d-aaaa' };
    expect(errorOf(() => parseStageConfig('prod', { ...valid, domain }))).toMatch(/- domain\.certificateArn: must be an ACM certificate ARN in us-east-1/);
  });

  it('refuses a hosted zone that does not contain the domain', () => {
    const domain = {
      name: 'app.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/0a1b2c3d-aaaa',
      hostedZone: { id: 'Z0123456789', name: 'other.org' },
    };
    expect(errorOf(() => parseStageConfig('prod', { ...valid, domain }))).toMatch(/- domain\.hostedZone\.name: must be app\.example\.com or one of its parent domains/);
  });

  it('refuses a Hosted UI prefix Cognito would refuse', () => {
    expect(errorOf(() => parseStageConfig('dev', { ...valid, authDomainPrefix: 'my-cognito-app' }))).toMatch(/- authDomainPrefix: may not contain/);
  });

  it('refuses a log retention CloudWatch does not offer', () => {
    expect(errorOf(() => parseStageConfig('dev', { ...valid, logRetentionDays: 10 }))).toMatch(/- logRetentionDays: must be one of 1, 3, 5, 7, 14/);
  });

  it('selects dev when no stage is given', () => {
    const { stage: _stage, ...withoutStage } = CDK_CONTEXT;
    expect(selectedStages(new App({ context: withoutStage }).node).map((config) => config.stage)).toEqual(['dev']);
  });

  it('selects the stage given with -c stage=', () => {
    expect(selectedStages(appWith({ stage: 'staging' }).node).map((config) => config.stage)).toEqual(['staging']);
    expect(selectedStages(appWith({ stage: 'prod', [STAGES_CONTEXT_KEY]: { ...CONFIGURED_STAGES, prod: FILLED_PROD } }).node).map((config) => config.stage)).toEqual(['prod']);
  });

  it('selects every stage with -c stage=all, leaving out (and naming) a prod still holding placeholders', () => {
    const skipped: string[] = [];
    const selected = selectedStages(appWith({ stage: 'all' }).node, (stage, reason) => skipped.push(`${stage}: ${reason}`));
    expect(selected.map((config) => config.stage)).toEqual(['dev', 'staging']);
    expect(skipped).toEqual([expect.stringMatching(/^prod: not synthesised: .*account.*masterEmail.*emailFrom.*alarmEmail.*authDomainPrefix.*-c stage=prod/)]);
    const filled = selectedStages(appWith({ stage: 'all', [STAGES_CONTEXT_KEY]: { ...CONFIGURED_STAGES, prod: FILLED_PROD } }).node);
    expect(filled.map((config) => config.stage)).toEqual(['dev', 'staging', 'prod']);
  });

  it('names the configured stages when asked for an unknown one', () => {
    expect(errorOf(() => selectedStages(appWith({ stage: 'qa' }).node))).toBe(
      'Unknown stage "qa". Use -c stage=<dev|staging|prod|all> (stages are configured in cdk.json context "rentalops:stages").',
    );
  });

  it('says what to add when cdk.json has no stages', () => {
    expect(errorOf(() => selectedStages(new App({ context: { stage: 'dev' } }).node))).toMatch(/cdk\.json has no stages/);
  });

  describe('the production stage (issue 20 point 8)', () => {
    it('cannot be synthesised with the placeholders of cdk.json: the error names each setting to fill', () => {
      const message = errorOf(() => selectedStages(appWith({ stage: 'prod' }).node));
      expect(message).toContain('Stage "prod" cannot be synthesised with placeholder values (cdk.json context "rentalops:stages"."prod")');
      for (const setting of ['account', 'masterEmail', 'emailFrom', 'authDomainPrefix']) expect(message).toMatch(new RegExp(`\\n  - ${setting}: `));
      expect(message).toMatch(/owner@example\.com is a placeholder/);
    });

    it('refuses example accounts, .test and .example domains, a missing alarm address, a placeholder site domain', () => {
      const problems = productionProblems(
        parseStageConfig('prod', {
          ...FILLED_PROD,
          account: '111122223333',
          alarmEmail: undefined,
          masterEmail: 'ceo@demo.rentalops.test',
          allowedOrigins: ['https://app.example.org'],
          domain: { name: 'app.example', certificateArn: 'arn:aws:acm:us-east-1:210987654321:certificate/0a1b2c3d-aaaa' },
        }),
      ).map((problem) => problem.split(':')[0]);
      expect(problems).toEqual(['account', 'masterEmail', 'alarmEmail', 'domain.name', 'allowedOrigins.0']);
    });

    it('synthesises once filled in, pinned to its account and region, its WAF in us-east-1 of the same account', () => {
      expect(productionProblems(parseStageConfig('prod', FILLED_PROD))).toEqual([]);
      expect(() => assertDeployable(parseStageConfig('prod', FILLED_PROD))).not.toThrow();
      // aws-cdk-lib's CloudFormation rules left out (nag.test.ts runs them on every stage): over the
      // whole table they took about half of this test's time.
      const { stacks, app } = createApp({ build: 'stub', nag: false, appProps: { builtinCloudFormationValidation: false, context: { ...CDK_CONTEXT, stage: 'prod', [STAGES_CONTEXT_KEY]: { ...CONFIGURED_STAGES, prod: FILLED_PROD } } } });
      expect(stacks.map((stack) => [stack.stackName, stack.account, stack.region])).toEqual([['RentalOps-prod', '210987654321', 'eu-west-1']]);
      const edge = app.node.findChild('RentalOps-prod-edge') as Stack;
      expect([edge.account, edge.region]).toEqual(['210987654321', 'us-east-1']);
      expect(stacks[0].terminationProtection).toBe(true);
      // The ACL's ARN crosses regions (CDK's SSM-backed cross-region reference) and synthesises.
      expect(() => app.synth()).not.toThrow();
    });

    it('asks nothing of dev and staging (their account may come from the CLI)', () => {
      expect(productionProblems(parseStageConfig('dev', CONFIGURED_STAGES.dev))).toEqual([]);
      expect(productionProblems(parseStageConfig('staging', CONFIGURED_STAGES.staging))).toEqual([]);
    });
  });
});
