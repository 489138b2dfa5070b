// Company-scoped credentials (issue 42 point 3): STS is not a local stand-in, so AssumeRole is mocked
// here (aws-sdk-client-mock) and only the caching is tested: one AssumeRole per company in a warm
// function (concurrent first requests included), a refresh shortly before expiry, the tag's value is
// the company, ids that would widen the policy's pattern are refused, and the per-company clients are
// built once and LRU-bounded. The DynamoDB calls themselves run against DynamoDB Local.
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { scopedClients, tableName } from './client';
import { keys } from './keys';
import {
  BUCKET_GRANTS,
  BUCKET_NEEDS,
  CompanyLru,
  parseBucketNeeds,
  REFRESH_MARGIN_MS,
  SESSION_POLICY_MAX_CHARS,
  SESSION_SECONDS,
  sessionPolicy,
  TENANT_TAG,
  TenantCredentials,
  ScopedCredentialsError,
} from './scoped-credentials';

const ROLE = 'arn:aws:iam::111122223333:role/RentalOps-dev-TenantWrite';
const sts = mockClient(STSClient);

let clock = Date.parse('2026-12-06T09:00:00Z');
const now = () => clock;
let issued = 0;
let failNext = false;

beforeEach(() => {
  sts.reset();
  issued = 0;
  sts.on(AssumeRoleCommand).callsFake(async () => {
    if (failNext) {
      failNext = false;
      throw Object.assign(new Error('Rate exceeded'), { name: 'Throttling' });
    }
    issued += 1;
    return {
      Credentials: {
        AccessKeyId: `ASIA${issued}`,
        SecretAccessKey: `secret-${issued}`,
        SessionToken: `token-${issued}`,
        Expiration: new Date(clock + SESSION_SECONDS * 1000),
      },
    };
  });
});

afterAll(() => sts.restore());

describe('TenantCredentials', () => {
  it('assumes the role once per company, tagged with the company, and reuses it while it is fresh', async () => {
    const credentials = new TenantCredentials({ roleArn: ROLE, sts: new STSClient({ region: 'us-east-1' }), now });
    const [a1, a2] = await Promise.all([credentials.get('01JCOMPANYA'), credentials.get('01JCOMPANYA')]);
    expect(a1).toBe(a2);
    const b = await credentials.get('01JCOMPANYB');
    expect(b.accessKeyId).not.toBe(a1.accessKeyId);
    clock += 30 * 60_000; // half an hour on: still fresh
    expect(await credentials.get('01JCOMPANYA')).toBe(a1);

    const calls = sts.commandCalls(AssumeRoleCommand).map((call) => call.args[0].input);
    expect(calls).toHaveLength(2);
    expect(calls.map((input) => input.Tags)).toEqual([[{ Key: TENANT_TAG, Value: '01JCOMPANYA' }], [{ Key: TENANT_TAG, Value: '01JCOMPANYB' }]]);
    expect(calls.every((input) => input.RoleArn === ROLE && input.DurationSeconds === SESSION_SECONDS)).toBe(true);
    expect(calls[0].RoleSessionName).toBe('company-01JCOMPANYA');
    expect(credentials.assumed).toBe(2);
  });

  it('renews a company\'s credentials shortly before they expire, once', async () => {
    const credentials = new TenantCredentials({ roleArn: ROLE, sts: new STSClient({ region: 'us-east-1' }), now });
    const first = await credentials.get('c1');
    clock = first.expiration.getTime() - REFRESH_MARGIN_MS - 1_000; // just outside the margin
    expect(await credentials.get('c1')).toBe(first);
    clock = first.expiration.getTime() - REFRESH_MARGIN_MS + 1_000; // inside it
    const [renewed, again] = await Promise.all([credentials.get('c1'), credentials.get('c1')]);
    expect(renewed).toBe(again);
    expect(renewed.accessKeyId).not.toBe(first.accessKeyId);
    expect(renewed.expiration.getTime()).toBeGreaterThan(first.expiration.getTime());
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(2);
  });

  it('does not keep a failed AssumeRole: the next request tries again', async () => {
    const credentials = new TenantCredentials({ roleArn: ROLE, sts: new STSClient({ region: 'us-east-1' }), now });
    failNext = true;
    await expect(credentials.get('c2')).rejects.toThrow('Rate exceeded');
    await expect(credentials.get('c2')).resolves.toMatchObject({ accessKeyId: expect.stringMatching(/^ASIA/) });
  });

  it('refuses company ids that would widen COMPANY#${aws:PrincipalTag/companyId}* or are not tag values', async () => {
    const credentials = new TenantCredentials({ roleArn: ROLE, sts: new STSClient({ region: 'us-east-1' }), now });
    for (const hostile of ['*', 'a*', '?', 'a?b', '', 'x'.repeat(129), 'a b', 'a#b', 'ação', 'a\nb']) {
      expect(() => credentials.get(hostile)).toThrow(ScopedCredentialsError);
    }
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(0);
  });

  it('refuses an answer without credentials', async () => {
    sts.on(AssumeRoleCommand).resolves({});
    const credentials = new TenantCredentials({ roleArn: ROLE, sts: new STSClient({ region: 'us-east-1' }), now });
    await expect(credentials.get('c3')).rejects.toThrow(/returned no credentials/);
  });
});

describe('the session policy (what of the tenant role a function keeps)', () => {
  type PolicyStatement = { Effect: string; Action: string | string[]; Resource: string; Condition?: unknown };
  const statementsOf = (policy: string) => (JSON.parse(policy) as { Version: string; Statement: PolicyStatement[] }).Statement;
  const s3Actions = (policy: string) => statementsOf(policy).flatMap((s) => ([] as string[]).concat(s.Action)).filter((a) => a.startsWith('s3:'));

  it('keeps every table action (the role fences them by key) and no bucket action without bucket needs', () => {
    expect(statementsOf(sessionPolicy([]))).toEqual([{ Effect: 'Allow', Action: 'dynamodb:*', Resource: '*' }]);
  });

  it('adds each bucket need\'s actions, on * (the role fences them to the company\'s prefix), with their tag conditions', () => {
    expect(s3Actions(sessionPolicy(['photos']))).toEqual(['s3:GetObject']);
    const upload = statementsOf(sessionPolicy(['uploads'])).find((s) => ([] as string[]).concat(s.Action).includes('s3:PutObject'))!;
    expect(upload).toEqual({
      Effect: 'Allow',
      Action: ['s3:PutObject', 's3:PutObjectTagging'],
      Resource: '*',
      Condition: { StringEquals: { 's3:RequestObjectTag/upload': 'pending' }, 'ForAllValues:StringEquals': { 's3:RequestObjectTagKeys': ['upload'] } },
    });
    const confirm = statementsOf(sessionPolicy(['confirm-uploads'])).find((s) => s.Action === 's3:PutObjectTagging')!;
    expect(confirm.Condition).toEqual({ StringEquals: { 's3:RequestObjectTag/upload': 'kept' }, 'ForAllValues:StringEquals': { 's3:RequestObjectTagKeys': ['upload'] } });
    // A route that only shows photos cannot put, tag or delete with the write role's session.
    expect(s3Actions(sessionPolicy(['photos']))).not.toContain('s3:DeleteObject');
    expect(s3Actions(sessionPolicy(['photos', 'logos'])).sort()).toEqual(['s3:DeleteObject', 's3:GetObject']);
    // Repeated needs are one statement.
    expect(statementsOf(sessionPolicy(['photos', 'photos']))).toHaveLength(2);
  });

  it('fits STS\'s limit of 2,048 characters with every need', () => {
    const all = sessionPolicy(BUCKET_NEEDS);
    expect(all.length).toBeLessThan(SESSION_POLICY_MAX_CHARS / 2);
    expect(statementsOf(all)).toHaveLength(1 + BUCKET_NEEDS.length);
    expect(Object.keys(BUCKET_GRANTS).sort()).toEqual([...BUCKET_NEEDS].sort());
  });

  it('reads the needs from TENANT_BUCKET_NEEDS and refuses a name it does not know', () => {
    expect(parseBucketNeeds(undefined)).toEqual([]);
    expect(parseBucketNeeds('')).toEqual([]);
    expect(parseBucketNeeds('photos,confirm-uploads, logos,photos')).toEqual(['photos', 'confirm-uploads', 'logos']);
    for (const hostile of ['s3:*', 'photos,*', 'PHOTOS', 'photos;uploads', '{"Effect":"Allow"}']) {
      expect(() => parseBucketNeeds(hostile)).toThrow(ScopedCredentialsError);
    }
  });

  it('is passed with every AssumeRole of the function', async () => {
    const policy = sessionPolicy(['photos']);
    const credentials = new TenantCredentials({ roleArn: ROLE, sts: new STSClient({ region: 'us-east-1' }), now, sessionPolicy: policy });
    await credentials.get('01JPOLICYA');
    await credentials.get('01JPOLICYB');
    expect(sts.commandCalls(AssumeRoleCommand).map((call) => call.args[0].input.Policy)).toEqual([policy, policy]);
  });
});

describe('CompanyLru', () => {
  it('builds once per company and drops the least recently used past its bound', () => {
    const built: string[] = [];
    const dropped: string[] = [];
    const lru = new CompanyLru((id) => (built.push(id), { id }), 2, (id) => dropped.push(id));
    const a = lru.get('a');
    lru.get('b');
    expect(lru.get('a')).toBe(a); // a is now the most recent
    lru.get('c'); // drops b
    expect(dropped).toEqual(['b']);
    expect(lru.has('a') && lru.has('c') && !lru.has('b')).toBe(true);
    lru.get('b');
    expect(built).toEqual(['a', 'b', 'c', 'b']);
    expect(lru.size).toBe(2);
  });
});

describe('scopedClients', () => {
  it('keeps one set of clients per company, signs with that company\'s credentials, and forgets the credentials of a dropped company', async () => {
    const scoped = scopedClients({ roleArn: ROLE, sts: new STSClient({ region: 'us-east-1' }), now, max: 2 });
    const a = scoped.clientsFor('01JCLIENTA');
    expect(scoped.clientsFor('01JCLIENTA')).toBe(a);
    expect(a.db).not.toBe(scoped.clientsFor('01JCLIENTB').db);

    // The clients sign with the assumed credentials: DynamoDB Local accepts any, so the call goes
    // through, and the company's credentials were asked for once.
    const key = keys.company('01JCLIENTA');
    await a.db.send(new PutCommand({ TableName: tableName(), Item: { ...key, sk: 'SCOPED-CREDENTIALS-TEST', name: 'A' } }));
    const read = await a.db.send(new GetCommand({ TableName: tableName(), Key: { ...key, sk: 'SCOPED-CREDENTIALS-TEST' } }));
    expect(read.Item?.name).toBe('A');
    const identity = await a.dynamoClient.config.credentials();
    expect(identity.accessKeyId).toMatch(/^ASIA/);
    expect(sts.commandCalls(AssumeRoleCommand).filter((call) => call.args[0].input.Tags?.[0].Value === '01JCLIENTA')).toHaveLength(1);

    scoped.clientsFor('01JCLIENTC'); // past the bound of 2: A (least recently used) leaves
    expect(scoped.companies.has('01JCLIENTA')).toBe(false);
    await scoped.clientsFor('01JCLIENTA').dynamoClient.config.credentials();
    expect(sts.commandCalls(AssumeRoleCommand).filter((call) => call.args[0].input.Tags?.[0].Value === '01JCLIENTA')).toHaveLength(2);
  });
});

describe('the data layer with TENANT_ROLE_ARN (as in AWS)', () => {
  it("sends a company's calls through its scoped clients (one AssumeRole), and calls outside a company with the function's own credentials", async () => {
    process.env.TENANT_ROLE_ARN = ROLE;
    try {
      await jest.isolateModulesAsync(async () => {
        // A fresh module registry: the data layer reads TENANT_ROLE_ARN when it loads.
        const isolatedSts = require('@aws-sdk/client-sts') as typeof import('@aws-sdk/client-sts');
        const stsMock = mockClient(isolatedSts.STSClient);
        stsMock.on(isolatedSts.AssumeRoleCommand).callsFake(async (input: { Tags: Array<{ Value: string }> }) => ({
          Credentials: { AccessKeyId: `ASIA${input.Tags[0].Value}`, SecretAccessKey: 's', SessionToken: 't', Expiration: new Date(Date.now() + 3_600_000) },
        }));
        try {
          const client = require('./client') as typeof import('./client');
          const tenant = require('#functions/lib/tenant') as typeof import('#functions/lib/tenant');
          const lib = require('@aws-sdk/lib-dynamodb') as typeof import('@aws-sdk/lib-dynamodb');
          const low = require('@aws-sdk/client-dynamodb') as typeof import('@aws-sdk/client-dynamodb');
          const key = { pk: keys.companyPartition('01JDISPATCHA'), sk: 'SCOPED-DISPATCH' };

          await client.db.send(new lib.PutCommand({ TableName: client.tableName(), Item: { ...key, by: 'own role' } }));
          expect(stsMock.commandCalls(isolatedSts.AssumeRoleCommand)).toHaveLength(0);
          expect(client.currentClients().db).toBe(client.db);

          const read = await tenant.withCompany('01JDISPATCHA', async () => {
            expect(client.currentClients().db).not.toBe(client.db);
            const [item] = await Promise.all([
              client.db.send(new lib.GetCommand({ TableName: client.tableName(), Key: key })),
              client.readClient.send(new low.GetItemCommand({ TableName: client.tableName(), Key: { pk: { S: key.pk }, sk: { S: key.sk } } })),
              client.dynamoClient.send(new low.GetItemCommand({ TableName: client.tableName(), Key: { pk: { S: key.pk }, sk: { S: key.sk } } })),
            ]);
            return item.Item;
          });
          expect(read).toMatchObject({ by: 'own role' });
          await tenant.withCompany('01JDISPATCHA', () => client.db.send(new lib.GetCommand({ TableName: client.tableName(), Key: key })));
          await tenant.withCompany('01JDISPATCHB', () => client.db.send(new lib.GetCommand({ TableName: client.tableName(), Key: key })));

          const tags = stsMock.commandCalls(isolatedSts.AssumeRoleCommand).map((call) => call.args[0].input.Tags?.[0].Value);
          expect(tags.sort()).toEqual(['01JDISPATCHA', '01JDISPATCHB']);
          expect(client.scopedCredentialStats()).toEqual({ assumed: 2, companies: 2 });
          // The company's client signs with the company's credentials.
          await tenant.withCompany('01JDISPATCHB', async () => {
            expect((await client.currentClients().dynamoClient.config.credentials()).accessKeyId).toBe('ASIA01JDISPATCHB');
          });
        } finally {
          stsMock.restore();
        }
      });
    } finally {
      delete process.env.TENANT_ROLE_ARN;
    }
  });
});
