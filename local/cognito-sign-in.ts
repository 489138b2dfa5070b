// The local stand-in of functions/auth/cognito.ts's sign-in port. cognito-local answers
// AdminInitiateAuth without ever asking for a second factor and has no AdminRespondToAuthChallenge
// or AdminSetUserMFAPreference, but its client-side flavours behave as Cognito does: InitiateAuth
// USER_PASSWORD_AUTH returns the SOFTWARE_TOKEN_MFA challenge for a user with TOTP on,
// RespondToAuthChallenge checks the code against the secret it associated, and SetUserMFAPreference
// takes the access token the enrolment already holds. Same inputs and answers as the AWS adapter.
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AuthAnswer, CognitoSignIn } from '../functions/auth/cognito';

export class LocalCognitoSignIn implements CognitoSignIn {
  private readonly client = new CognitoIdentityProviderClient({ maxAttempts: 1 });

  private get clientId(): string {
    const id = process.env.COGNITO_CLIENT_ID;
    if (!id) throw new Error('COGNITO_CLIENT_ID is not set');
    return id;
  }

  async initiate(email: string, password: string): Promise<AuthAnswer> {
    return this.client.send(
      new InitiateAuthCommand({ ClientId: this.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
  }

  async respondToTotp(email: string, session: string, code: string): Promise<AuthAnswer> {
    return this.client.send(
      new RespondToAuthChallengeCommand({
        ClientId: this.clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
      }),
    );
  }

  async enableTotp(_email: string, accessToken: string): Promise<void> {
    await this.client.send(
      new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
    );
  }
}
