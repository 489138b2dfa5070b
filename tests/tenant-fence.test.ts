// The company fence (issue 42, point 3; docs/tenant-fence.md): a planted bug — a handler acting for
// company A that builds company B's key — is refused by the local permission guard as
// dynamodb:LeadingKeys refuses it in AWS; the same call for A's own key passes. Real DynamoDB calls
// against the local stand-in, through the real wrappers (apiHandler, queueWorker) where they set the
// company. The photo bucket likewise: in a company's context a key outside companies/<that id>/ is
// refused, sent or presigned.
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BatchGetItemCommand, GetItemCommand } from '@aws-sdk/client-dynamodb';
import * as z from 'zod/mini';
import { buildEvent } from '../local/api-adapter';
import { installPermissionGuard, NON_COMPANY_PARTITIONS, partitionsOf, runAsRoute, runUnguarded, TenantFenceError } from '../local/permission-guard';
import { db, readClient, tableName } from '../functions/data/client';
import { getItem, queryPage, transactWrite } from '../functions/data/db';
import { keys } from '../functions/data/keys';
import { apiHandler, json } from '../functions/lib/http';
import { currentCompany, withCompany, withoutCompany } from '../functions/lib/tenant';
import { queueWorker } from '../functions/jobs/worker';
import { findRouteByHandler, routeKey } from '../functions/routes';
import { describeObject, presignUploadUnder, presignView, requireUploadedKey, taskPhotoPrefix, TASK_PHOTO_RULES } from '../functions/storage/photos';
import { createTestCompany, putRaw, type TestCompany } from './support/fixtures';

let a: TestCompany;
let b: TestCompany;
const propertyId = `P-fence-${randomUUID()}`;

beforeAll(async () => {
  installPermissionGuard();
  [a, b] = await Promise.all([createTestCompany({ name: 'Fence A' }), createTestCompany({ name: 'Fence B' })]);
  // One property and one task of each company, the task on its property's index partition (gsi4).
  for (const company of [a, b]) {
    await putRaw({ ...keys.property(company.companyId, propertyId), name: `Secret of ${company.companyId}` });
    const task = {
      ...keys.task(company.companyId, `T-fence-${company.companyId}`),
      ...keys.taskIndexes(company.companyId, { id: `T-fence-${company.companyId}`, status: 'pending', type: 'cleaning', propertyId }),
      title: `Task of ${company.companyId}`,
    };
    await transactWrite([{ Put: { TableName: tableName(), Item: task } }], () => new Error('task not written'));
  }
});

const writeRoute = findRouteByHandler('create-property');

/** The planted bug: the company id comes from somewhere other than the caller (a path, a body). */
async function buggyHandler(companyId: string) {
  const property = await db.send(new GetCommand({ TableName: tableName(), Key: keys.property(companyId, propertyId) }));
  await db.send(new UpdateCommand({
    TableName: tableName(),
    Key: keys.property(companyId, propertyId),
    UpdateExpression: 'SET touchedBy = :by',
    ExpressionAttributeValues: { ':by': 'fence-test' },
  }));
  const tasks = await queryPage<{ title: string }>({ index: 'gsi4', partition: keys.tasksByProperty(companyId, propertyId), limit: 10 });
  return { property: property.Item, tasks: tasks.items };
}

describe('the company fence (dynamodb:LeadingKeys, applied locally)', () => {
  it("refuses a read, a write and an index Query of company B's keys made for company A, naming the route, key and company", async () => {
    const run = (fn: () => Promise<unknown>) => runAsRoute(writeRoute, () => withCompany(a.companyId, fn));
    const get = run(() => db.send(new GetCommand({ TableName: tableName(), Key: keys.property(b.companyId, propertyId) })));
    await expect(get).rejects.toThrow(TenantFenceError);
    await expect(get).rejects.toThrow(routeKey(writeRoute));
    await expect(get).rejects.toThrow(`COMPANY#${b.companyId}`);
    await expect(get).rejects.toThrow(`acting for company ${a.companyId}`);
    await expect(
      run(() => db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.property(b.companyId, `P-${randomUUID()}`), name: 'planted' } }))),
    ).rejects.toThrow(TenantFenceError);
    await expect(run(() => queryPage({ index: 'gsi4', partition: keys.tasksByProperty(b.companyId, propertyId), limit: 10 }))).rejects.toThrow(
      `#PROPERTY#${propertyId}#TASKS`,
    );
    await expect(run(() => buggyHandler(b.companyId))).rejects.toThrow(TenantFenceError);
    // The write never reached B's item.
    const untouched = await getItem<Record<string, unknown>>(keys.property(b.companyId, propertyId), { consistent: true });
    expect(untouched?.touchedBy).toBeUndefined();
  });

  it("lets the same calls through for company A's own keys", async () => {
    const result = await runAsRoute(writeRoute, () => withCompany(a.companyId, () => buggyHandler(a.companyId)));
    expect(result.property?.name).toBe(`Secret of ${a.companyId}`);
    expect(result.tasks.map((task) => task.title)).toEqual([`Task of ${a.companyId}`]);
    const touched = await getItem<Record<string, unknown>>(keys.property(a.companyId, propertyId), { consistent: true });
    expect(touched?.touchedBy).toBe('fence-test');
  });

  it('fences every key of a batch or transaction, either client, and a company id that only starts like A', async () => {
    const run = (fn: () => Promise<unknown>) => withCompany(a.companyId, fn);
    // One of A's keys and one of B's in one transaction: refused whole.
    await expect(
      run(() => db.send(new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...keys.property(a.companyId, `P-${randomUUID()}`), name: 'mine' } } },
          { Put: { TableName: tableName(), Item: { ...keys.property(b.companyId, `P-${randomUUID()}`), name: 'theirs' } } },
        ],
      }))),
    ).rejects.toThrow(`COMPANY#${b.companyId}`);
    await expect(
      run(() => readClient.send(new BatchGetItemCommand({
        RequestItems: { [tableName()]: { Keys: [{ pk: { S: `COMPANY#${a.companyId}` }, sk: { S: 'COMPANY' } }, { pk: { S: `COMPANY#${b.companyId}` }, sk: { S: 'COMPANY' } }] } },
      }))),
    ).rejects.toThrow(TenantFenceError);
    // `COMPANY#<A>x` is another company whose id begins with A's: not A's.
    await expect(run(() => readClient.send(new GetItemCommand({ TableName: tableName(), Key: { pk: { S: `COMPANY#${a.companyId}x` }, sk: { S: 'COMPANY' } } })))).rejects.toThrow(
      TenantFenceError,
    );
    // A Query whose partition the guard cannot read (an attribute name it does not resolve) is refused, not waved through.
    await expect(
      run(() => db.send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'begins_with(sk, :s)', ExpressionAttributeValues: { ':s': 'X' } }))),
    ).rejects.toThrow('<no partition in KeyConditionExpression>');
  });

  it('reads what a call touches from either client: keys, items, batches, transactions, the partition a Query names', () => {
    expect(partitionsOf(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'COMPANY#x' }, sk: { S: 'A' } } }))).toEqual(['COMPANY#x']);
    expect(
      partitionsOf(new QueryCommand({ TableName: 't', IndexName: 'gsi2', KeyConditionExpression: '#p = :v AND #s > :f', ExpressionAttributeNames: { '#p': 'gsi2pk', '#s': 'gsi2sk' }, ExpressionAttributeValues: { ':v': 'COMPANIES', ':f': '1' } })),
    ).toEqual(['COMPANIES']);
    expect(
      partitionsOf(new TransactWriteCommand({ TransactItems: [{ ConditionCheck: { TableName: 't', Key: { pk: 'EMAIL#e', sk: 'EMAIL' }, ConditionExpression: 'attribute_exists(pk)' } }, { Delete: { TableName: 't', Key: { pk: 'COMPANY#y', sk: 'Z' } } }] })),
    ).toEqual(['EMAIL#e', 'COMPANY#y']);
  });

  it('a session route runs its function for the caller\u2019s company (apiHandler): a handler reading another company\u2019s item answers 500, its own 200', async () => {
    const route = findRouteByHandler('get-current-user');
    const planted = (companyOf: (caller: { companyId: string }) => string) =>
      apiHandler(route.handler, {}, async ({ caller }) => {
        expect(currentCompany()).toBe(caller.companyId);
        return json(await getItem(keys.property(companyOf(caller), propertyId)));
      });
    const event = () =>
      buildEvent({ method: 'GET', url: route.path, headers: { host: 'localhost:3000', cookie: a.ceo.cookie }, socket: { remoteAddress: '127.0.0.1' } } as never, Buffer.alloc(0), route, {});
    const call = (handler: ReturnType<typeof planted>) => runAsRoute(route, () => handler(event(), { awsRequestId: randomUUID() } as never));
    const refused = await call(planted(() => b.companyId));
    expect(refused.statusCode).toBe(500);
    const allowed = await call(planted((caller) => caller.companyId));
    expect(allowed.statusCode).toBe(200);
    expect(JSON.parse(allowed.body ?? '{}').name).toBe(`Secret of ${a.companyId}`);
  });

  it('a queue worker runs each job for the company it names; a job naming none runs for none', async () => {
    const seen: Array<string | undefined> = [];
    const worker = queueWorker('task-digests', z.object({ companyId: z.optional(z.string()), target: z.string() }), async (job) => {
      seen.push(currentCompany());
      await getItem(keys.property(job.target, propertyId));
    });
    const record = (messageId: string, body: unknown) => ({ messageId, body: JSON.stringify(body), attributes: { ApproximateReceiveCount: '1' } });
    // Started inside A's context (as the in-process queue may be, from a request): the job for B, and one for no company, do not inherit it.
    const result = await withCompany(a.companyId, () =>
      worker({ Records: [record('own', { companyId: a.companyId, target: a.companyId }), record('planted', { companyId: a.companyId, target: b.companyId }), record('sweep', { target: b.companyId })] } as never),
    );
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'planted' }]);
    expect(seen).toEqual([a.companyId, a.companyId, undefined]);
  });

  it('outside any company (sign-in, setup, cross-company sweeps) nothing is fenced', async () => {
    await expect(withoutCompany(() => getItem(keys.property(b.companyId, propertyId)))).resolves.toBeDefined();
    await expect(withCompany(a.companyId, () => runUnguarded(() => getItem(keys.property(b.companyId, propertyId))))).resolves.toBeDefined();
  });

  it('keeps the non-company partitions few, each with its reason, none a company partition', () => {
    expect(NON_COMPANY_PARTITIONS.length).toBeLessThanOrEqual(12);
    for (const { prefix, reason } of NON_COMPANY_PARTITIONS) {
      expect(prefix).toMatch(/^[A-Z]+#$/);
      expect(prefix.startsWith('COMPANY')).toBe(false);
      expect(reason.length).toBeGreaterThan(20);
    }
  });
});

describe("the photo bucket's fence (companies/<id>/, applied locally)", () => {
  /** One small PNG of each company, uploaded outside any company as a set-up. */
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  const uploaded: Record<string, string> = {};

  beforeAll(async () => {
    for (const company of [a, b]) {
      const upload = await withoutCompany(() => presignUploadUnder(taskPhotoPrefix(company.companyId, 'T-fence'), 'image/png', png.length));
      const response = await fetch(upload.uploadURL, { method: 'PUT', headers: upload.headers, body: png });
      expect(response.status).toBe(200);
      uploaded[company.companyId] = upload.key;
    }
  });

  it("refuses a HEAD, a presigned GET and a presigned PUT on company B's keys made for company A; A's own pass", async () => {
    const run = <T>(fn: () => Promise<T>) => runAsRoute(writeRoute, () => withCompany(a.companyId, fn));
    await expect(run(() => describeObject(uploaded[a.companyId]))).resolves.toEqual({ size: png.length, contentType: 'image/png' });
    const head = run(() => describeObject(uploaded[b.companyId]));
    await expect(head).rejects.toThrow(TenantFenceError);
    await expect(head).rejects.toThrow(`acting for company ${a.companyId} called s3:HeadObject on ${uploaded[b.companyId]}`);
    await expect(run(() => presignView(uploaded[b.companyId]))).rejects.toThrow(TenantFenceError);
    await expect(run(() => presignUploadUnder(taskPhotoPrefix(b.companyId, 'T-fence'), 'image/png', 10))).rejects.toThrow(TenantFenceError);
    await expect(run(() => presignView(uploaded[a.companyId]))).resolves.toContain(encodeURI(uploaded[a.companyId]).split('/').pop());
    // A's prefix walked out of with '..', and a company id that only starts like A's: not A's.
    await expect(run(() => describeObject(`companies/${a.companyId}/../${b.companyId}/x.png`))).rejects.toThrow(TenantFenceError);
    await expect(run(() => describeObject(`companies/${a.companyId}x/x.png`))).rejects.toThrow(TenantFenceError);
  });

  it('a real upload check of a route for A refuses B\'s upload before reading it', async () => {
    const check = runAsRoute(writeRoute, () => withCompany(a.companyId, () => requireUploadedKey(uploaded[b.companyId], 'companies/', TASK_PHOTO_RULES)));
    await expect(check).rejects.toThrow(TenantFenceError);
    // Outside any company (a sweep, set-up) the bucket is not fenced.
    await expect(withoutCompany(() => describeObject(uploaded[b.companyId]))).resolves.toBeDefined();
  });

  it("refuses a company's route that calls the bucket outside its company's context (its own role holds no bucket grant in AWS)", async () => {
    // The planted bug: the route's photo read made before (or without) entering its company's context.
    const outside = runAsRoute(writeRoute, () => withoutCompany(() => describeObject(uploaded[a.companyId])));
    await expect(outside).rejects.toThrow(TenantFenceError);
    await expect(outside).rejects.toThrow(`${routeKey(writeRoute)} (${writeRoute.handler}) called s3:HeadObject on ${uploaded[a.companyId]} outside its company's context`);
    await expect(runAsRoute(writeRoute, () => withoutCompany(() => presignView(uploaded[a.companyId])))).rejects.toThrow(TenantFenceError);
    // The same call in the company's context passes.
    await expect(runAsRoute(writeRoute, () => withCompany(a.companyId, () => describeObject(uploaded[a.companyId])))).resolves.toBeDefined();
  });
});
