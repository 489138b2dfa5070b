// Stage configuration: cdk.json's stages are valid, and a bad entry fails synth with the stage,
// the field and what to write instead.
import { App } from 'aws-cdk-lib';
import { ConfigurationError, parseStageConfig, selectedStages } from '../lib/config';
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
    expect(selectedStages(appWith({ stage: 'prod' }).node).map((config) => config.stage)).toEqual(['prod']);
  });

  it('selects every stage with -c stage=all', () => {
    expect(selectedStages(appWith({ stage: 'all' }).node).map((config) => config.stage)).toEqual(['dev', 'staging', 'prod']);
  });

  it('names the configured stages when asked for an unknown one', () => {
    expect(errorOf(() => selectedStages(appWith({ stage: 'qa' }).node))).toBe(
      'Unknown stage "qa". Use -c stage=<dev|staging|prod|all> (stages are configured in cdk.json context "rentalops:stages").',
    );
  });

  it('says what to add when cdk.json has no stages', () => {
    expect(errorOf(() => selectedStages(new App({ context: { stage: 'dev' } }).node))).toMatch(/cdk\.json has no stages/);
  });
});
