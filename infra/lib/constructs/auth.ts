// The Cognito user pool behind both sign-in paths: the Hosted UI (OAuth code flow with PKCE, for
// /api/login and /api/callback) and e-mail/password (SignUp, InitiateAuth USER_PASSWORD_AUTH and
// the Admin* calls in functions/auth/cognito.ts). Mirrors the local pool of local/stack/cognito.ts.
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { cognitoAdmin, environment, type Binding } from './bindings';

/**
 * SPEC: a password has at least 6 characters on registration; the reset form asks for 8 with
 * lower, upper, digit and symbol, which the shared zod schema enforces. Cognito has one policy per
 * pool, so it is the registration rule (the same one the local pool uses); a stricter pool policy
 * would refuse passwords the product accepts.
 */
export const PASSWORD_POLICY: cognito.PasswordPolicy = {
  minLength: 6,
  requireLowercase: false,
  requireUppercase: false,
  requireDigits: false,
  requireSymbols: false,
  tempPasswordValidity: Duration.days(7),
};

/** The scopes functions/auth/oauth.ts asks for. */
export const OAUTH_SCOPES = [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE];

export interface AuthProps {
  stage: string;
  retain: boolean;
  /** https://<site>: the OAuth callback is <siteUrl>/api/callback. */
  siteUrl: string;
  domainPrefix: string;
  /** Cognito's own mail (verification codes, Hosted UI resets) through SES once the identity is verified. */
  ses?: { fromEmail: string; fromName: string; senderDomain: string };
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

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `rentalops-${props.stage}`,
      selfSignUpEnabled: true,
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
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
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
      reason: 'SPEC sets the registration minimum at 6 characters without classes; the reset rule (8, lower, upper, digit, symbol) is enforced by the shared zod schema. See PASSWORD_POLICY.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: 'The product offers no second factor (SPEC has no MFA enrolment or challenge screens); sign-in attempts are throttled by the app.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason: 'Essentials feature plan: the Plus plan (threat protection) is billed per monthly active user; revisit when the user base justifies it.',
    });

    this.domain = this.userPool.addDomain('HostedUi', { cognitoDomain: { domainPrefix: props.domainPrefix } });

    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: `rentalops-${props.stage}-web`,
      generateSecret: false,
      authFlows: { userPassword: true },
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
