// The Stripe keys in AWS: one Secrets Manager secret (JSON `{ "secretKey": "sk_…", "webhookSecret":
// "whsec_…" }`) named by STRIPE_SECRET_ID, read once per cold start (the adapter keeps it), with the
// function's role. The SDK client is the Lambda runtime's (bundles keep @aws-sdk/* external).
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export interface StripeSecret {
  secretKey: string;
  webhookSecret: string;
}

let client: SecretsManagerClient | undefined;

/** GetSecretValue of `secretId`, parsed; throws with a clear message when it is missing or malformed. */
export async function readStripeSecret(secretId: string, secrets: SecretsManagerClient = (client ??= new SecretsManagerClient({}))): Promise<StripeSecret> {
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
  let secret: Partial<StripeSecret>;
  try {
    secret = JSON.parse(SecretString ?? '{}') as Partial<StripeSecret>;
  } catch {
    throw new Error(`Stripe secret ${secretId}: not JSON; expected { "secretKey": "sk_…", "webhookSecret": "whsec_…" }`);
  }
  if (!secret.secretKey || !secret.webhookSecret) throw new Error(`Stripe secret ${secretId}: secretKey and webhookSecret are required`);
  return { secretKey: secret.secretKey, webhookSecret: secret.webhookSecret };
}
