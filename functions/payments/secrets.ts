// The Stripe keys in AWS: one Secrets Manager secret (JSON `{ "secretKey": "sk_…", "webhookSecret":
// "whsec_…" }`) named by STRIPE_SECRET_ID, read once per cold start (the adapter keeps it). A single
// signed GetSecretValue call over fetch, with the function's role credentials (Lambda's environment),
// so the functions carry no Secrets Manager SDK for one call.
import { createHash, createHmac } from 'node:crypto';

export interface StripeSecret {
  secretKey: string;
  webhookSecret: string;
}

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** AWS Signature Version 4 headers of a JSON-protocol POST to `https://<host>/` (exported for its test). */
export function signedJsonPost(input: {
  host: string;
  region: string;
  service: string;
  target: string;
  body: string;
  credentials: AwsCredentials;
  now: Date;
}): Record<string, string> {
  const amzDate = input.now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    'content-type': 'application/x-amz-json-1.1',
    host: input.host,
    'x-amz-date': amzDate,
    'x-amz-target': input.target,
    ...(input.credentials.sessionToken ? { 'x-amz-security-token': input.credentials.sessionToken } : {}),
  };
  const names = Object.keys(headers).sort();
  const canonical = ['POST', '/', '', ...names.map((name) => `${name}:${headers[name].trim()}`), '', names.join(';'), sha256Hex(input.body)].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region), input.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/** GetSecretValue of `secretId`, parsed; throws with a clear message when it is missing or malformed. */
export async function readStripeSecret(secretId: string, env: NodeJS.ProcessEnv = process.env): Promise<StripeSecret> {
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  if (!region || !env.AWS_ACCESS_KEY_ID || !env.AWS_SECRET_ACCESS_KEY) throw new Error('Stripe secret: no AWS region or credentials in the environment');
  const host = `secretsmanager.${region}.amazonaws.com`;
  const body = JSON.stringify({ SecretId: secretId });
  const headers = signedJsonPost({
    host,
    region,
    service: 'secretsmanager',
    target: 'secretsmanager.GetSecretValue',
    body,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN },
    now: new Date(),
  });
  const { host: _host, ...sent } = headers;
  const response = await fetch(`https://${host}/`, { method: 'POST', headers: sent, body, signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`Stripe secret: GetSecretValue answered ${response.status}`);
  const { SecretString } = (await response.json()) as { SecretString?: string };
  const secret = JSON.parse(SecretString ?? '{}') as Partial<StripeSecret>;
  if (!secret.secretKey || !secret.webhookSecret) throw new Error('Stripe secret: secretKey and webhookSecret are required');
  return { secretKey: secret.secretKey, webhookSecret: secret.webhookSecret };
}
