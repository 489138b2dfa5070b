// The two user-pool operations invitations need: create a person without Cognito's own e-mail
// (MessageAction SUPPRESS: our invitation e-mail carries a set-password link instead) and delete
// them again (rollback, removal). Only the pool id is needed (the route's `cognito` binding).
import { AdminCreateUserCommand, AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '#functions/lib/env';

const USER_POOL_ID = requireEnv('COGNITO_USER_POOL_ID');

const client = new CognitoIdentityProviderClient({
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 },
});

const errorName = (error: unknown): string => (error as { name?: string })?.name ?? '';

/**
 * Creates the invitee in the pool (no password yet: the invitation link sets one through the reset
 * flow). Returns false when the pool already knows the address (e.g. a Hosted-UI sign-up that never
 * reached the app): that user is left as it is, and the link still sets the password.
 */
export async function createInvitedUser(person: { email: string; firstName: string; lastName: string }): Promise<boolean> {
  try {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: USER_POOL_ID,
        Username: person.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: person.email },
          { Name: 'given_name', Value: person.firstName },
          { Name: 'family_name', Value: person.lastName },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (errorName(error) === 'UsernameExistsException') return false;
    throw error;
  }
}

/** Deletes a pool user; one already gone is fine. */
export async function deletePoolUser(email: string): Promise<void> {
  try {
    await client.send(new AdminDeleteUserCommand({ UserPoolId: USER_POOL_ID, Username: email }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
  }
}
