// The Cognito user pool behind e-mail/password sign-in, as the few operations the app needs.
// Passwords live only in Cognito. The client is created once per module; its endpoint comes from
// AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set (cognito-local), so nothing branches on where
// it runs. Cognito's error names are turned into outcomes here and nowhere else.
//
// Users are created by the app only (AdminCreateUser with MessageAction SUPPRESS, then a permanent
// AdminSetUserPassword): the pool sends nothing, the app sends its own confirmation e-mail through
// SES. Passwords are checked with AdminInitiateAuth ADMIN_USER_PASSWORD_AUTH (IAM-authorised; the
// public client allows no USER_PASSWORD_AUTH). TOTP: AssociateSoftwareToken / VerifySoftwareToken
// with the user's access token (kept server-side), then AdminSetUserMFAPreference, after which
// Cognito asks for the code in both sign-in paths (a SOFTWARE_TOKEN_MFA challenge here, a code page
// in the Hosted UI). cognito-local has no Admin* flavour of the sign-in and MFA calls, so those three
// go through `cognitoSignInPort`: AWS calls by default, local/cognito-sign-in.ts in npm start and tests.
import {
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '#functions/lib/env';
import { definePort } from '#functions/lib/ports';

// Read on first use, not on load: local/ports.ts imports this module (for the sign-in port) before
// npm start has set the environment.
let settings: { userPoolId: string; clientId: string; client: CognitoIdentityProviderClient } | undefined;
const pool = () =>
  (settings ??= {
    userPoolId: requireEnv('COGNITO_USER_POOL_ID'),
    clientId: requireEnv('COGNITO_CLIENT_ID'),
    client: new CognitoIdentityProviderClient({ maxAttempts: 2, requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 } }),
  });

const errorName = (error: unknown): string => (error as { name?: string })?.name ?? '';

export class CognitoUsernameExistsError extends Error {}
export class CognitoPasswordPolicyError extends Error {}

export interface NewCognitoUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * AdminCreateUser (Cognito's invitation suppressed) and a permanent password. The e-mail stays
 * unverified until the app's own link (no email_verified; the app refuses sign-in until then).
 * A password the pool refuses deletes the user again.
 */
export async function createUser(user: NewCognitoUser): Promise<void> {
  try {
    await pool().client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool().userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          // No email_verified (unverified): the app's own link sets it.
          { Name: 'email', Value: user.email },
          { Name: 'given_name', Value: user.firstName },
          { Name: 'family_name', Value: user.lastName },
        ],
      }),
    );
  } catch (error) {
    if (errorName(error) === 'UsernameExistsException') throw new CognitoUsernameExistsError(user.email);
    throw error;
  }
  try {
    await pool().client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: pool().userPoolId, Username: user.email, Password: user.password, Permanent: true }),
    );
  } catch (error) {
    await deleteUser(user.email);
    if (errorName(error) === 'InvalidPasswordException') throw new CognitoPasswordPolicyError((error as Error).message);
    throw error;
  }
}

/** Rollback of a sign-up whose DynamoDB half failed; a user already gone is fine. */
export async function deleteUser(email: string): Promise<void> {
  try {
    await pool().client.send(new AdminDeleteUserCommand({ UserPoolId: pool().userPoolId, Username: email }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
  }
}

/** Confirms the sign-up and marks the e-mail verified (idempotent: an already confirmed user is fine). */
export async function confirmUser(email: string): Promise<void> {
  try {
    await pool().client.send(new AdminConfirmSignUpCommand({ UserPoolId: pool().userPoolId, Username: email }));
  } catch (error) {
    // Cognito answers NotAuthorizedException "User cannot be confirmed. Current status is CONFIRMED".
    if (errorName(error) !== 'NotAuthorizedException') throw error;
  }
  await markEmailVerified(email);
}

export async function markEmailVerified(email: string): Promise<void> {
  await pool().client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: pool().userPoolId,
      Username: email,
      // Cognito wants the address beside its flag ("Email is required to verify/un-verify an email").
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

/**
 * Sets a permanent password. A person known to the app but not to the pool (a seeded or invited
 * team member) gets a pool user first, so a reset link is also how such a person sets a password.
 */
export async function setPassword(email: string, password: string): Promise<void> {
  const set = () =>
    pool().client.send(new AdminSetUserPasswordCommand({ UserPoolId: pool().userPoolId, Username: email, Password: password, Permanent: true }));
  try {
    await set();
  } catch (error) {
    if (errorName(error) === 'InvalidPasswordException') throw new CognitoPasswordPolicyError((error as Error).message);
    if (errorName(error) !== 'UserNotFoundException') throw error;
    await pool().client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool().userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await set();
  }
}

/** What Cognito answers a sign-in step (the fields of AdminInitiateAuth / AdminRespondToAuthChallenge used here). */
export interface AuthAnswer {
  ChallengeName?: string;
  Session?: string;
  AuthenticationResult?: { IdToken?: string; AccessToken?: string };
}

/** The sign-in calls cognito-local lacks in their Admin* form (see the top of this file). */
export interface CognitoSignIn {
  /** ADMIN_USER_PASSWORD_AUTH. */
  initiate(email: string, password: string): Promise<AuthAnswer>;
  /** The answer to a SOFTWARE_TOKEN_MFA challenge. */
  respondToTotp(email: string, session: string, code: string): Promise<AuthAnswer>;
  /** TOTP on and preferred for the user (after VerifySoftwareToken). */
  enableTotp(email: string, accessToken: string): Promise<void>;
}

class AwsCognitoSignIn implements CognitoSignIn {
  async initiate(email: string, password: string): Promise<AuthAnswer> {
    return pool().client.send(
      new AdminInitiateAuthCommand({
        UserPoolId: pool().userPoolId,
        ClientId: pool().clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
  }

  async respondToTotp(email: string, session: string, code: string): Promise<AuthAnswer> {
    return pool().client.send(
      new AdminRespondToAuthChallengeCommand({
        UserPoolId: pool().userPoolId,
        ClientId: pool().clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
      }),
    );
  }

  async enableTotp(email: string): Promise<void> {
    await pool().client.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: pool().userPoolId,
        Username: email,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
  }
}

export const cognitoSignInPort = definePort<CognitoSignIn>('cognito-sign-in', () => new AwsCognitoSignIn());
export const configureCognitoSignIn = (adapter: CognitoSignIn) => cognitoSignInPort.configure(adapter);

export type PasswordSignIn =
  | { outcome: 'ok'; idToken: string; accessToken: string }
  | { outcome: 'totp-required'; session: string }
  | { outcome: 'invalid-credentials' }
  | { outcome: 'not-confirmed' }
  | { outcome: 'reset-required' };

/** A sign-in step's answer as an outcome: tokens, the TOTP challenge, or (any other challenge) a reset. */
function outcomeOf(answer: AuthAnswer): PasswordSignIn {
  const idToken = answer.AuthenticationResult?.IdToken;
  const accessToken = answer.AuthenticationResult?.AccessToken;
  if (idToken && accessToken) return { outcome: 'ok', idToken, accessToken };
  if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && answer.Session) return { outcome: 'totp-required', session: answer.Session };
  // NEW_PASSWORD_REQUIRED (a user created with a temporary password) or anything unexpected.
  return { outcome: 'reset-required' };
}

/** ADMIN_USER_PASSWORD_AUTH, with Cognito's failures as outcomes. */
export async function signInWithPassword(email: string, password: string): Promise<PasswordSignIn> {
  try {
    return outcomeOf(await (await cognitoSignInPort.use()).initiate(email, password));
  } catch (error) {
    switch (errorName(error)) {
      // Cognito: NotAuthorizedException for a wrong password, UserNotFoundException when
      // PreventUserExistenceErrors is off; cognito-local: InvalidPasswordException.
      case 'NotAuthorizedException':
      case 'UserNotFoundException':
      case 'InvalidPasswordException':
        return { outcome: 'invalid-credentials' };
      case 'UserNotConfirmedException':
        return { outcome: 'not-confirmed' };
      case 'PasswordResetRequiredException':
        return { outcome: 'reset-required' };
      default:
        throw error;
    }
  }
}

export type TotpAnswer = { outcome: 'ok'; idToken: string; accessToken: string } | { outcome: 'wrong-code' } | { outcome: 'expired' };

/** Answers the SOFTWARE_TOKEN_MFA challenge of a password sign-in. */
export async function answerTotpChallenge(email: string, session: string, code: string): Promise<TotpAnswer> {
  try {
    const result = outcomeOf(await (await cognitoSignInPort.use()).respondToTotp(email, session, code));
    return result.outcome === 'ok' ? result : { outcome: 'expired' };
  } catch (error) {
    switch (errorName(error)) {
      case 'CodeMismatchException':
      case 'EnableSoftwareTokenMFAException':
        return { outcome: 'wrong-code' };
      // "Invalid session for the user, session is expired." (3-15 minutes, or already used).
      case 'NotAuthorizedException':
      case 'ExpiredCodeException':
        return { outcome: 'expired' };
      default:
        throw error;
    }
  }
}

/** A new TOTP secret for the user behind `accessToken` (not active until verified). */
export async function associateTotp(accessToken: string): Promise<string> {
  const { SecretCode } = await pool().client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!SecretCode) throw new Error('Cognito AssociateSoftwareToken returned no secret');
  return SecretCode;
}

/** Verifies a first code against the associated secret and, when right, turns TOTP on for the user. */
export async function verifyAndEnableTotp(email: string, accessToken: string, code: string): Promise<boolean> {
  try {
    const { Status } = await pool().client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code, FriendlyDeviceName: 'RentalOps' }));
    if (Status !== 'SUCCESS') return false;
  } catch (error) {
    if (['CodeMismatchException', 'EnableSoftwareTokenMFAException'].includes(errorName(error))) return false;
    throw error;
  }
  await (await cognitoSignInPort.use()).enableTotp(email, accessToken);
  return true;
}
