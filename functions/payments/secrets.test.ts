// The Secrets Manager call of the Stripe adapter is signed by hand (no SDK for one call): its
// signature must be the one the AWS SDK's own signer (@smithy/signature-v4) computes for the same request.
import { createHash } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { signedJsonPost } from './secrets';
import { parsePriceCatalog } from './stripe';

class Sha256 {
  private readonly hash;
  constructor(secret?: string | Uint8Array) {
    this.hash = secret ? require('node:crypto').createHmac('sha256', secret) : createHash('sha256');
  }
  update(data: string | Uint8Array) {
    this.hash.update(data);
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {}
}

describe('Stripe secret', () => {
  it('signs GetSecretValue exactly as the AWS SDK signer does', async () => {
    const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session-token-example' };
    const now = new Date('2026-11-25T14:30:00.000Z');
    const body = JSON.stringify({ SecretId: 'rentalops/prod/stripe' });
    const ours = signedJsonPost({ host: 'secretsmanager.us-east-1.amazonaws.com', region: 'us-east-1', service: 'secretsmanager', target: 'secretsmanager.GetSecretValue', body, credentials, now });
    const signer = new SignatureV4({ credentials, region: 'us-east-1', service: 'secretsmanager', sha256: Sha256 as never, applyChecksum: false });
    const signed = await signer.sign(
      {
        method: 'POST',
        protocol: 'https:',
        hostname: 'secretsmanager.us-east-1.amazonaws.com',
        path: '/',
        headers: { 'content-type': 'application/x-amz-json-1.1', host: 'secretsmanager.us-east-1.amazonaws.com', 'x-amz-target': 'secretsmanager.GetSecretValue' },
        body,
      },
      { signingDate: now },
    );
    const signature = (value: string) => /Signature=([0-9a-f]{64})/.exec(value)?.[1];
    expect(signature(ours.authorization)).toBe(signature(String(signed.headers.authorization)));
    expect(ours['x-amz-security-token']).toBe('session-token-example');
  });

  it('reads the price ids from configuration and refuses an incomplete catalogue', () => {
    const catalog = { basic: { monthly: 'price_b_m', yearly: 'price_b_y' }, professional: { monthly: 'price_p_m', yearly: 'price_p_y' } };
    expect(parsePriceCatalog(JSON.stringify(catalog))).toEqual(catalog);
    expect(() => parsePriceCatalog(undefined)).toThrow(/STRIPE_PRICE_IDS/);
    expect(() => parsePriceCatalog(JSON.stringify({ basic: catalog.basic }))).toThrow(/professional/);
    expect(() => parsePriceCatalog(JSON.stringify({ ...catalog, enterprise: catalog.basic }))).toThrow(/enterprise/);
  });
});
