/**
 * Starts the whole local stack (in memory, ephemeral ports) once and proves each stand-in does
 * what the product relies on. Clients are built from `stack.env` only (copied into process.env),
 * exactly as the handlers will build them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  GetItemCommand,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { GLOBAL_INDEXES, TTL_ATTRIBUTE } from '../functions/data/table';
import { ensureTable, startLocalStack, type LocalStack } from './stack';

jest.setTimeout(60_000);

let stack: LocalStack;
let startMs = 0;
const savedEnv = { ...process.env };
const logLines: string[] = [];

interface Child {
  pid: number;
  kind: 'dynamodb' | 'cognito' | 'ses' | 'reaper';
  port?: number;
}

/**
 * Direct children of this process that are stand-ins (Linux /proc), with the port each serves.
 * Under `jest --runInBand` the stack of tests/global-setup.ts lives in this process too, so the
 * stop() test tells its own children apart by port.
 */
function standInChildren(): Child[] {
  if (process.platform !== 'linux') return [];
  const found: Child[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid || fields[0] === 'Z') continue;
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const pid = Number(entry);
      const after = (flag: string) => Number(argv[argv.indexOf(flag) + 1]);
      if (argv.some((a) => a.endsWith('DynamoDBLocal.jar'))) found.push({ pid, kind: 'dynamodb', port: after('-port') });
      else if (argv.some((a) => a.includes('aws-ses-v2-local'))) found.push({ pid, kind: 'ses', port: after('--port') });
      else if (argv.some((a) => a.includes('cognito-local'))) {
        const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
        const port = Number(environ.find((e) => e.startsWith('PORT='))?.slice(5));
        found.push({ pid, kind: 'cognito', port });
      } else if (argv[1] === '-e' && argv[2]?.includes('const groups = new Set')) found.push({ pid, kind: 'reaper' });
    } catch {
      /* process vanished */
    }
  }
  return found;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

beforeAll(async () => {
  const started = Date.now();
  stack = await startLocalStack({ dataDir: '.test-data', inMemory: true, ephemeralPorts: true, log: (l) => logLines.push(l) });
  startMs = Date.now() - started;
  // eslint-disable-next-line no-console
  console.log(`local stack started in ${startMs} ms`);
  Object.assign(process.env, stack.env);
});

afterAll(async () => {
  await stack?.stop();
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
});

test('returns the documented environment', () => {
  const env = stack.env;
  for (const key of [
    'AWS_REGION',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_ENDPOINT_URL_DYNAMODB',
    'AWS_ENDPOINT_URL_S3',
    'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
    'AWS_ENDPOINT_URL_SES',
    'AWS_REQUEST_CHECKSUM_CALCULATION',
    'AWS_RESPONSE_CHECKSUM_VALIDATION',
    'S3_FORCE_PATH_STYLE',
    'TABLE_NAME',
    'PHOTOS_BUCKET',
    'COGNITO_USER_POOL_ID',
    'COGNITO_CLIENT_ID',
    'COGNITO_ISSUER',
    'COGNITO_JWKS_URL',
    'COGNITO_AUTHORIZE_URL',
    'COGNITO_TOKEN_URL',
    'SES_STORE_URL',
    'EMAIL_FROM',
  ]) {
    expect(env[key]).toEqual(expect.any(String));
    expect(env[key]).not.toBe('');
  }
  expect(env).toMatchObject({
    AWS_REGION: 'us-east-1',
    TABLE_NAME: 'RentalOps',
    PHOTOS_BUCKET: 'rentalops-photos-local',
    S3_FORCE_PATH_STYLE: 'true',
    EMAIL_FROM: 'no-reply@rentalops.local',
  });
  expect(env.COGNITO_ISSUER).toBe(`${env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER}/${env.COGNITO_USER_POOL_ID}`);
});

describe('DynamoDB Local', () => {
  test('the table exists with its GSIs and TTL', async () => {
    const client = new DynamoDBClient({});
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: process.env.TABLE_NAME }));
      expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
      expect(Table?.KeySchema).toEqual([
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ]);
      const indexes = Table?.GlobalSecondaryIndexes ?? [];
      expect(indexes.map((i) => i.IndexName).sort()).toEqual(GLOBAL_INDEXES.map((i) => i.indexName).sort());
      for (const index of indexes) expect(index.Projection?.ProjectionType).toBe('ALL');

      const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: process.env.TABLE_NAME }));
      expect(ttl.TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: TTL_ATTRIBUTE });

      // ensureTable is idempotent (npm start calls it on persisted data).
      await ensureTable(client, process.env.TABLE_NAME!);
    } finally {
      client.destroy();
    }
  });

  test('a transaction whose second condition fails writes nothing', async () => {
    const client = new DynamoDBClient({});
    const TableName = process.env.TABLE_NAME!;
    try {
      const put = { TableName, Item: { pk: { S: 'COMPANY#tx' }, sk: { S: 'PROPERTY#1' }, name: { S: 'Casa' } } };
      await expect(
        client.send(
          new TransactWriteItemsCommand({
            TransactItems: [
              { Put: put },
              {
                ConditionCheck: {
                  TableName,
                  Key: { pk: { S: 'COMPANY#tx' }, sk: { S: 'USAGE' } },
                  ConditionExpression: 'attribute_exists(pk) AND properties < :limit',
                  ExpressionAttributeValues: { ':limit': { N: '3' } },
                },
              },
            ],
          }),
        ),
      ).rejects.toMatchObject({ name: 'TransactionCanceledException' });
      const after = await client.send(new GetItemCommand({ TableName, Key: { pk: put.Item.pk, sk: put.Item.sk }, ConsistentRead: true }));
      expect(after.Item).toBeUndefined();
    } finally {
      client.destroy();
    }
  });
});

describe('S3 (s3rver)', () => {
  test('an object written with the SDK reads back byte for byte', async () => {
    const client = new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true' });
    try {
      const body = randomBytes(256 * 1024);
      await client.send(
        new PutObjectCommand({ Bucket: process.env.PHOTOS_BUCKET, Key: 'c1/t1/photo.jpg', Body: body, ContentType: 'image/jpeg' }),
      );
      const got = await client.send(new GetObjectCommand({ Bucket: process.env.PHOTOS_BUCKET, Key: 'c1/t1/photo.jpg' }));
      const bytes = Buffer.from(await got.Body!.transformToByteArray());
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(createHash('sha256').update(body).digest('hex'));
      expect(got.ContentType).toBe('image/jpeg');
    } finally {
      client.destroy();
    }
  });

  test('a browser-style presigned PUT passes CORS and stores the bytes', async () => {
    const client = new S3Client({ forcePathStyle: true });
    try {
      const Bucket = process.env.PHOTOS_BUCKET!;
      const Key = 'c1/t1/presigned.png';
      const url = await getSignedUrl(client, new PutObjectCommand({ Bucket, Key, ContentType: 'image/png' }), {
        expiresIn: 300,
        signableHeaders: new Set(['content-type']),
      });
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:3000',
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');

      const body = randomBytes(10_000);
      const put = await fetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': 'image/png', Origin: 'http://localhost:3000' },
        body,
      });
      expect(put.status).toBe(200);
      expect(put.headers.get('access-control-allow-origin')).toBe('*');
      const got = await client.send(new GetObjectCommand({ Bucket, Key }));
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
      expect(got.ContentType).toBe('image/png');
    } finally {
      client.destroy();
    }
  });
});

describe('Cognito (cognito-local)', () => {
  const password = 'secret1';
  let email = '';

  test('SignUp + AdminConfirmSignUp + USER_PASSWORD_AUTH give tokens that verify with jose', async () => {
    const client = new CognitoIdentityProviderClient({});
    email = `owner+${Date.now()}@example.com`;
    try {
      await client.send(new SignUpCommand({ ClientId: process.env.COGNITO_CLIENT_ID, Username: email, Password: password }));
      // cognito-local printed the confirmation code instead of e-mailing it; the stack scans it.
      // Its output reaches us through a pipe, possibly after the call returned: wait for the line.
      let code: string | undefined;
      for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
        code = stack.lastCognitoCode(email);
        if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(code).toMatch(/^\d{6}$/);
      await client.send(new AdminConfirmSignUpCommand({ UserPoolId: process.env.COGNITO_USER_POOL_ID, Username: email }));
      const auth = await client.send(
        new InitiateAuthCommand({
          ClientId: process.env.COGNITO_CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const { IdToken, AccessToken, RefreshToken } = auth.AuthenticationResult ?? {};
      expect(IdToken && AccessToken && RefreshToken).toBeTruthy();

      const jwks = createRemoteJWKSet(new URL(process.env.COGNITO_JWKS_URL!));
      const id = await jwtVerify(IdToken!, jwks, { issuer: process.env.COGNITO_ISSUER, audience: process.env.COGNITO_CLIENT_ID });
      expect(id.payload).toMatchObject({ token_use: 'id', email, iss: process.env.COGNITO_ISSUER });
      expect(id.payload.exp! - id.payload.iat!).toBe(3600);
      const access = await jwtVerify(AccessToken!, jwks, { issuer: process.env.COGNITO_ISSUER });
      expect(access.payload).toMatchObject({ token_use: 'access', client_id: process.env.COGNITO_CLIENT_ID });
    } finally {
      client.destroy();
    }
  });

  test('hosted UI: authorize renders a form, the POST redirects with a code, /oauth2/token checks PKCE', async () => {
    const redirectUri = 'http://localhost:3000/api/callback';
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({
      client_id: process.env.COGNITO_CLIENT_ID!,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile aws.cognito.signin.user.admin',
      state: 'xyz',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const page = await fetch(`${process.env.COGNITO_AUTHORIZE_URL}?${query}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('name="password"');

    const login = await fetch(process.env.COGNITO_AUTHORIZE_URL!, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(query), username: email, password }),
    });
    expect(login.status).toBe(302);
    const location = new URL(login.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code')!;

    const token = await fetch(process.env.COGNITO_TOKEN_URL!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: process.env.COGNITO_CLIENT_ID!,
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    const tokens = (await token.json()) as { id_token: string; access_token: string; refresh_token: string };
    const jwks = createRemoteJWKSet(new URL(process.env.COGNITO_JWKS_URL!));
    await jwtVerify(tokens.id_token, jwks, { issuer: process.env.COGNITO_ISSUER, audience: process.env.COGNITO_CLIENT_ID });
    expect(decodeJwt(tokens.id_token).email).toBe(email);
    expect(tokens.refresh_token).toEqual(expect.any(String));
  });
});

describe('SES (aws-ses-v2-local)', () => {
  test('SendEmail lands in the store', async () => {
    const client = new SESClient({ requestHandler: { requestTimeout: 5000 } });
    const subject = `Task assigned ${Date.now()}`;
    try {
      await client.send(
        new SendEmailCommand({
          Source: process.env.EMAIL_FROM,
          Destination: { ToAddresses: ['cleaner@example.com'] },
          Message: { Subject: { Data: subject }, Body: { Text: { Data: 'Please clean Casa Azul' } } },
        }),
      );
      const store = (await (await fetch(process.env.SES_STORE_URL!)).json()) as {
        emails: { subject: string; from: string; destination: { to: string[] }; body: { text?: string } }[];
      };
      const mail = store.emails.find((e) => e.subject === subject);
      expect(mail).toMatchObject({ from: 'no-reply@rentalops.local', destination: { to: ['cleaner@example.com'] } });
      expect(mail?.body.text).toContain('Casa Azul');
    } finally {
      client.destroy();
    }
  });
});

describe('start-up checks', () => {
  test('a taken port fails before anything is spawned, naming the port, service and variable', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(
        startLocalStack({ dataDir: '.test-data', inMemory: true, ephemeralPorts: true, ports: { dynamodb: port } }),
      ).rejects.toThrow(`Port ${port} (DynamoDB Local) is already in use. Stop whatever uses it or set DYNAMODB_PORT.`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  test('without java it says how to install it', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(startLocalStack({ dataDir: '.test-data', inMemory: true, ephemeralPorts: true })).rejects.toThrow(
        'run `bash scripts/ensure-java.sh` (or `apt-get install -y openjdk-17-jre-headless`)',
      );
    } finally {
      process.env.PATH = path;
    }
  });
});

// Last: stop() must leave no child process and no listening port behind.
test('stop() leaves no child process behind', async () => {
  const { ports } = stack;
  const ours = (children: Child[]) =>
    children.filter((c) => c.kind !== 'reaper' && c.port === ports[c.kind as keyof typeof ports]);
  const reapers = (children: Child[]) => children.filter((c) => c.kind === 'reaper').length;
  const before = standInChildren();
  if (process.platform === 'linux') {
    expect(ours(before).map((c) => c.kind).sort()).toEqual(['cognito', 'dynamodb', 'ses']);
    expect(reapers(before)).toBeGreaterThanOrEqual(1);
  }

  await stack.stop();
  // The reaper (our watchdog child) exits within ~100 ms of being released.
  let after = standInChildren();
  for (let i = 0; i < 30 && (ours(after).length > 0 || reapers(after) >= reapers(before)) && reapers(before) > 0; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    after = standInChildren();
  }
  expect(ours(after)).toEqual([]);
  if (process.platform === 'linux') expect(reapers(after)).toBe(reapers(before) - 1);
  for (const port of Object.values(ports)) expect(await portAnswers(port)).toBe(false);
  await stack.stop(); // idempotent
});
