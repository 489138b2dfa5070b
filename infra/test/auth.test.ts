// The auth construct: the Cognito pool (no self sign-up, password policy, TOTP as the only second
// factor, threat protection per stage), the Hosted UI domain, the one app client (code flow with
// PKCE, no USER_PASSWORD_AUTH), and SES for Cognito's mail once the identity is verified.
import { parseStageConfig } from '../lib/config';
import { CONFIGURED_STAGES, PLATFORM_ONLY, testStage, synthStage, TEST_ACCOUNT } from './support/synth';
import { resources } from './support/template';

const dev = testStage('dev').template;
const prod = testStage('prod').template;

const userPool = (template: typeof dev) => Object.values(resources(template, 'AWS::Cognito::UserPool'))[0].Properties as Record<string, unknown>;

describe('the auth construct', () => {
  it('signs in by e-mail, verifies it, and asks for at least 8 characters (NIST SP 800-63B)', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      Policies: {
        PasswordPolicy: { MinimumLength: 8, RequireLowercase: false, RequireUppercase: false, RequireNumbers: false, RequireSymbols: false },
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it.each([['dev'], ['staging'], ['prod']])('lets only the app create users in %s (no public SignUp)', (stage) => {
    const template = testStage(stage).template;
    template.hasResourceProperties('AWS::Cognito::UserPool', { AdminCreateUserConfig: { AllowAdminCreateUserOnly: true } });
  });

  it('offers TOTP as the only second factor, optional per user (the app makes it required per company)', () => {
    for (const template of [dev, prod]) {
      template.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
    }
  });

  it('has a Hosted UI domain with the configured prefix', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'rentalops-dev-example' });
  });

  it('deploys managed login (branding version 2, the version that speaks pt-BR, en and es by `lang`) with a style for the app client', () => {
    for (const template of [dev, prod]) {
      template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { ManagedLoginVersion: 2 });
      const brandings = Object.values(resources(template, 'AWS::Cognito::ManagedLoginBranding'));
      expect(brandings).toHaveLength(1);
      expect(brandings[0].Properties).toMatchObject({
        UseCognitoProvidedValues: true,
        UserPoolId: { Ref: expect.stringMatching(/UserPool/) },
        ClientId: { Ref: expect.stringMatching(/WebClient/) },
      });
    }
  });

  it('has one public app client for the authorization-code flow, without USER_PASSWORD_AUTH', () => {
    const clients = Object.values(resources(dev, 'AWS::Cognito::UserPoolClient'));
    expect(clients).toHaveLength(1);
    expect(clients[0].Properties).toMatchObject({
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
      // Passwords are checked by the Lambda with IAM credentials (AdminInitiateAuth), never by the browser.
      ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AuthSessionValidity: 5,
      SupportedIdentityProviders: ['COGNITO'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      CallbackURLs: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }, '/api/callback']] }],
      LogoutURLs: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }, '/auth']] }],
    });
    for (const template of [dev, prod]) {
      for (const client of Object.values(resources(template, 'AWS::Cognito::UserPoolClient'))) {
        const flows = (client.Properties as { ExplicitAuthFlows?: string[] }).ExplicitAuthFlows ?? [];
        expect(flows.filter((flow) => /USER_PASSWORD_AUTH$|USER_SRP_AUTH|CUSTOM_AUTH/.test(flow) && !flow.includes('ADMIN'))).toEqual([]);
      }
    }
  });

  it("sends Cognito's mail with Cognito's sender until the SES identity is verified", () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' } });
  });

  it("sends Cognito's mail through SES, from the configured sender, once the identity is verified", () => {
    const verified = synthStage('dev', { ...PLATFORM_ONLY, config: { ses: { identityVerified: true } } }).template;
    verified.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'RentalOps <no-reply@dev.rentalops.example.com>',
        SourceArn: `arn:aws:ses:us-east-1:${TEST_ACCOUNT}:identity/dev.rentalops.example.com`,
      },
    });
  });

  it('switches threat protection per stage: off by default (Essentials), audit or enforced (Plus)', () => {
    expect(userPool(dev)).toMatchObject({ UserPoolTier: 'ESSENTIALS' });
    expect(userPool(dev).UserPoolAddOns).toBeUndefined();
    const enforced = synthStage('prod', { ...PLATFORM_ONLY, config: { threatProtection: 'enforced' } }).template;
    expect(userPool(enforced)).toMatchObject({ UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' } });
    const audit = synthStage('staging', { ...PLATFORM_ONLY, config: { threatProtection: 'audit' } }).template;
    expect(userPool(audit)).toMatchObject({ UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT' } });
  });

  it("turns threat protection on (enforced) for cdk.json's prod stage only", () => {
    expect(parseStageConfig('prod', CONFIGURED_STAGES.prod).threatProtection).toBe('enforced');
    expect(parseStageConfig('dev', CONFIGURED_STAGES.dev).threatProtection).toBe('off');
  });

  it('keeps the user pool in prod and deletes it elsewhere', () => {
    expect(Object.values(resources(prod, 'AWS::Cognito::UserPool'))[0]).toMatchObject({ DeletionPolicy: 'Retain', Properties: { DeletionProtection: 'ACTIVE' } });
    expect(Object.values(resources(dev, 'AWS::Cognito::UserPool'))[0]).toMatchObject({ DeletionPolicy: 'Delete' });
  });
});
