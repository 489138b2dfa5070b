// The auth construct: the Cognito pool with the password policy and e-mail verification, the Hosted
// UI domain, the app client for the code flow, and SES for Cognito's mail once the identity is verified.
import { testStage, synthStage, TEST_ACCOUNT } from './support/synth';
import { resources } from './support/template';

const dev = testStage('dev').template;
const prod = testStage('prod').template;

describe('the auth construct', () => {
  it('signs in by e-mail, verifies it, and applies the password policy of the local pool (SPEC: 6 characters)', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      Policies: {
        PasswordPolicy: { MinimumLength: 6, RequireLowercase: false, RequireUppercase: false, RequireNumbers: false, RequireSymbols: false },
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
    });
  });

  it('has a Hosted UI domain with the configured prefix', () => {
    dev.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'rentalops-dev-example' });
  });

  it('has an app client for the authorization-code flow, back to <site>/api/callback', () => {
    const client = Object.values(resources(dev, 'AWS::Cognito::UserPoolClient'))[0];
    expect(client.Properties).toMatchObject({
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      SupportedIdentityProviders: ['COGNITO'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      CallbackURLs: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }, '/api/callback']] }],
      LogoutURLs: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }, '/auth']] }],
    });
  });

  it("sends Cognito's mail with Cognito's sender until the SES identity is verified", () => {
    dev.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' } });
  });

  it("sends Cognito's mail through SES, from the configured sender, once the identity is verified", () => {
    const verified = synthStage('dev', { config: { ses: { identityVerified: true } } }).template;
    verified.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'RentalOps <no-reply@dev.rentalops.example.com>',
        SourceArn: `arn:aws:ses:us-east-1:${TEST_ACCOUNT}:identity/dev.rentalops.example.com`,
      },
    });
  });

  it('keeps the user pool in prod and deletes it elsewhere', () => {
    expect(Object.values(resources(prod, 'AWS::Cognito::UserPool'))[0]).toMatchObject({ DeletionPolicy: 'Retain', Properties: { DeletionProtection: 'ACTIVE' } });
    expect(Object.values(resources(dev, 'AWS::Cognito::UserPool'))[0]).toMatchObject({ DeletionPolicy: 'Delete' });
  });
});
