// The Stripe adapter's configuration: the keys' secret (Secrets Manager, at the SDK boundary) and the
// price catalogue (STRIPE_PRICE_IDS).
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { readStripeSecret } from './secrets';
import { parsePriceCatalog } from './stripe';

describe('Stripe secret', () => {
  const secrets = mockClient(SecretsManagerClient);
  afterEach(() => secrets.reset());

  it('reads the key pair from the named secret', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: 'rentalops/prod/stripe' }).resolves({ SecretString: JSON.stringify({ secretKey: 'sk_live_x', webhookSecret: 'whsec_y' }) });
    await expect(readStripeSecret('rentalops/prod/stripe', new SecretsManagerClient({ region: 'us-east-1' }))).resolves.toEqual({ secretKey: 'sk_live_x', webhookSecret: 'whsec_y' });
  });

  it('refuses a secret the operator has not filled in, or filled with something else', async () => {
    const client = new SecretsManagerClient({ region: 'us-east-1' });
    secrets.on(GetSecretValueCommand).resolvesOnce({ SecretString: undefined }).resolvesOnce({ SecretString: 'sk_live_x' }).resolvesOnce({ SecretString: JSON.stringify({ secretKey: 'sk_live_x' }) });
    await expect(readStripeSecret('s', client)).rejects.toThrow(/secretKey and webhookSecret are required/);
    await expect(readStripeSecret('s', client)).rejects.toThrow(/not JSON/);
    await expect(readStripeSecret('s', client)).rejects.toThrow(/webhookSecret are required/);
  });

  it('reads the price ids from configuration and refuses an incomplete catalogue', () => {
    const catalog = { basic: { monthly: 'price_b_m', yearly: 'price_b_y' }, professional: { monthly: 'price_p_m', yearly: 'price_p_y' } };
    expect(parsePriceCatalog(JSON.stringify(catalog))).toEqual(catalog);
    expect(() => parsePriceCatalog(undefined)).toThrow(/STRIPE_PRICE_IDS/);
    expect(() => parsePriceCatalog(JSON.stringify({ basic: catalog.basic }))).toThrow(/professional/);
    expect(() => parsePriceCatalog(JSON.stringify({ ...catalog, enterprise: catalog.basic }))).toThrow(/enterprise/);
  });
});
