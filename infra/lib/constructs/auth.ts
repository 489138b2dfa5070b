// The Cognito user pool behind both sign-in paths: the Hosted UI (OAuth code flow with PKCE, for
// /api/login and /api/callback) and e-mail/password (AdminCreateUser + AdminSetUserPassword on
// registration, AdminInitiateAuth ADMIN_USER_PASSWORD_AUTH from the Lambda on sign-in: see
// functions/auth/cognito.ts). Nobody signs up or checks a password against the pool directly:
// self sign-up is off and the one (public, PKCE) client allows no USER_PASSWORD_AUTH.
// TOTP is the only second factor (MFA OPTIONAL: per user, made required per company by the app).
// Mirrors the local pool of local/stack/cognito.ts.
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { cognitoAdmin, environment, type Binding } from './bindings';

/**
 * At least 8 characters (NIST SP 800-63B: 8 minimum, no composition rules, a blocklist of common
 * passwords, which the app checks: shared/password-strength.ts). SPEC's 6 is below that guidance.
 * The reset form's extra classes (lower, upper, digit, symbol) are enforced by the shared zod
 * schema; Cognito has one policy per pool, so it holds the rule every path shares.
 */
export const PASSWORD_POLICY: cognito.PasswordPolicy = {
  minLength: 8,
  requireLowercase: false,
  requireUppercase: false,
  requireDigits: false,
  requireSymbols: false,
  tempPasswordValidity: Duration.days(7),
};

/**
 * The scopes functions/auth/oauth.ts asks for. aws.cognito.signin.user.admin lets the access token
 * (kept server-side, never sent to the browser) call AssociateSoftwareToken / VerifySoftwareToken
 * when a Hosted UI sign-in has to enrol in two-factor first.
 */
export const OAUTH_SCOPES = [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE, cognito.OAuthScope.COGNITO_ADMIN];

/**
 * Cognito threat protection (Plus feature plan, billed per monthly active user): 'off' keeps the
 * Essentials plan; 'audit' logs risky sign-ins; 'enforced' also blocks them / asks for more.
 */
export type ThreatProtection = 'off' | 'audit' | 'enforced';

export interface AuthProps {
  stage: string;
  retain: boolean;
  /** https://<site>: the OAuth callback is <siteUrl>/api/callback. */
  siteUrl: string;
  domainPrefix: string;
  /** Cognito's own mail (verification codes, Hosted UI resets) through SES once the identity is verified. */
  ses?: { fromEmail: string; fromName: string; senderDomain: string };
  /** Stage configuration `threatProtection` (default 'off'). */
  threatProtection?: ThreatProtection;
}

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly domain: cognito.UserPoolDomain;
  readonly issuer: string;
  readonly hostedUiUrl: string;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const threatProtection = props.threatProtection ?? 'off';

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `rentalops-${props.stage}`,
      // Only the app creates users (AdminCreateUser, its own e-mail through SES): AllowAdminCreateUserOnly.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      passwordPolicy: PASSWORD_POLICY,
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      // Per user (the app asks for it when the company requires two-factor); TOTP only, no SMS.
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      featurePlan: threatProtection === 'off' ? cognito.FeaturePlan.ESSENTIALS : cognito.FeaturePlan.PLUS,
      ...(threatProtection === 'off'
        ? {}
        : {
            standardThreatProtectionMode:
              threatProtection === 'enforced' ? cognito.StandardThreatProtectionMode.FULL_FUNCTION : cognito.StandardThreatProtectionMode.AUDIT_ONLY,
          }),
      email: props.ses
        ? cognito.UserPoolEmail.withSES({
            fromEmail: props.ses.fromEmail,
            fromName: props.ses.fromName,
            sesVerifiedDomain: props.ses.senderDomain,
            sesRegion: stack.region,
          })
        : cognito.UserPoolEmail.withCognito(),
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason: 'NIST SP 800-63B: 8 characters minimum without composition rules, plus a common-password blocklist checked by the app; the reset rule (lower, upper, digit, symbol) is enforced by the shared zod schema. See PASSWORD_POLICY.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: 'MFA is OPTIONAL (TOTP): required per company by the app (the company two-factor setting), which enrols every member and asks for the code at sign-in.',
    });
    if (threatProtection === 'off') {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason: 'Threat protection is a per-stage configuration switch (threatProtection); this stage keeps the Essentials plan.',
      });
    }

    // Managed login (branding version 2), not the classic Hosted UI: only managed login is localized
    // (the `lang` parameter functions/auth/oauth.ts sends: pt-BR, en, es), and it needs a style for
    // the app client (below) or its pages answer with an error. Essentials and Plus both include it.
    this.domain = this.userPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: props.domainPrefix },
      managedLoginVersion: cognito.ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });

    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: `rentalops-${props.stage}-web`,
      // Public (PKCE) client: no USER_PASSWORD_AUTH; the Lambda checks passwords with
      // ADMIN_USER_PASSWORD_AUTH, which needs IAM credentials (cognito-idp:AdminInitiateAuth).
      generateSecret: false,
      authFlows: { adminUserPassword: true },
      // How long the code step of a two-factor sign-in may take (functions/auth/sign-in.ts keeps it as long).
      authSessionValidity: Duration.minutes(5),
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: OAUTH_SCOPES,
        callbackUrls: [`${props.siteUrl}/api/callback`],
        logoutUrls: [`${props.siteUrl}/auth`],
      },
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(60),
      idTokenValidity: Duration.minutes(60),
      refreshTokenValidity: Duration.days(30),
    });

    // The managed login style of the app client: Cognito's own look (no assets to upload).
    const branding = new cognito.CfnManagedLoginBranding(this, 'ManagedLoginBranding', {
      userPoolId: this.userPool.userPoolId,
      clientId: this.client.userPoolClientId,
      useCognitoProvidedValues: true,
    });
    branding.node.addDependency(this.domain);

    this.issuer = `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;
    this.hostedUiUrl = this.domain.baseUrl();
  }

  /** The OAuth settings functions/auth/oauth.ts and logout.ts read: public values, no grant. */
  oauthBinding(): Binding {
    return environment({
      COGNITO_CLIENT_ID: this.client.userPoolClientId,
      COGNITO_ISSUER: this.issuer,
      COGNITO_JWKS_URL: `${this.issuer}/.well-known/jwks.json`,
      COGNITO_AUTHORIZE_URL: `${this.hostedUiUrl}/oauth2/authorize`,
      COGNITO_TOKEN_URL: `${this.hostedUiUrl}/oauth2/token`,
      // functions/handlers/logout.ts ends the Hosted UI session too, then lands on <site>/auth (a logout URL).
      COGNITO_LOGOUT_URL: `${this.hostedUiUrl}/logout`,
    });
  }

  /** The `cognito` need: the pool id and the Admin* actions on this pool. */
  adminBinding(): Binding {
    return cognitoAdmin(this.userPool);
  }
}
