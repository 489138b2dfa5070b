// The Cognito user pool behind e-mail/password sign-in, as the few operations the app needs.
// Passwords live only in Cognito. The client is created once per module; its endpoint comes from
// AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set (cognito-local), so nothing branches on where
// it runs. Cognito's error names are turned into outcomes here and nowhere else.
import {
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '#functions/lib/env';

const USER_POOL_ID = requireEnv('COGNITO_USER_POOL_ID');
const CLIENT_ID = requireEnv('COGNITO_CLIENT_ID');

const client = new CognitoIdentityProviderClient({
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 },
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

/** SignUp: the user is UNCONFIRMED until AdminConfirmSignUp (our own e-mail link confirms it). */
export async function signUp(user: NewCognitoUser): Promise<void> {
  try {
    await client.send(
      new SignUpCommand({
        ClientId: CLIENT_ID,
        Username: user.email,
        Password: user.password,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'given_name', Value: user.firstName },
          { Name: 'family_name', Value: user.lastName },
        ],
      }),
    );
  } catch (error) {
    if (errorName(error) === 'UsernameExistsException') throw new CognitoUsernameExistsError(user.email);
    if (errorName(error) === 'InvalidPasswordException') throw new CognitoPasswordPolicyError((error as Error).message);
    throw error;
  }
}

/** Rollback of a sign-up whose DynamoDB half failed; a user already gone is fine. */
export async function deleteUser(email: string): Promise<void> {
  try {
    await client.send(new AdminDeleteUserCommand({ UserPoolId: USER_POOL_ID, Username: email }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
  }
}

/** Confirms the sign-up and marks the e-mail verified (idempotent: an already confirmed user is fine). */
export async function confirmUser(email: string): Promise<void> {
  try {
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: USER_POOL_ID, Username: email }));
  } catch (error) {
    // Cognito answers NotAuthorizedException "User cannot be confirmed. Current status is CONFIRMED".
    if (errorName(error) !== 'NotAuthorizedException') throw error;
  }
  await markEmailVerified(email);
}

export async function markEmailVerified(email: string): Promise<void> {
  await client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: USER_POOL_ID,
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
    client.send(new AdminSetUserPasswordCommand({ UserPoolId: USER_POOL_ID, Username: email, Password: password, Permanent: true }));
  try {
    await set();
  } catch (error) {
    if (errorName(error) === 'InvalidPasswordException') throw new CognitoPasswordPolicyError((error as Error).message);
    if (errorName(error) !== 'UserNotFoundException') throw error;
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: USER_POOL_ID,
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

export type PasswordSignIn =
  | { outcome: 'ok'; idToken: string }
  | { outcome: 'invalid-credentials' }
  | { outcome: 'not-confirmed' }
  | { outcome: 'reset-required' };

/** InitiateAuth USER_PASSWORD_AUTH, with Cognito's failures as outcomes. */
export async function signInWithPassword(email: string, password: string): Promise<PasswordSignIn> {
  try {
    const result = await client.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const idToken = result.AuthenticationResult?.IdToken;
    if (idToken) return { outcome: 'ok', idToken };
    // A challenge: NEW_PASSWORD_REQUIRED (admin-created user) or MFA, which this app does not offer.
    return { outcome: 'reset-required' };
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
