// Each grant fits its route (issue 42 point 4) and the function's own role before the company is known
// (point 3), held locally by the permission guard as IAM holds them in AWS (docs/tenant-fence.md):
// real DynamoDB calls against the local stand-in, made as a route's function makes them.
// - A route whose row does not declare `deletes` (POST, PUT, PATCH and GET by default) may not
//   DeleteItem, delete in a transaction or BatchWriteItem: the refusal names the route; the same call
//   from a route that declares it passes.
// - A company's route (a session's or an API key's) outside its company's context has only its own
//   role: the non-company partitions. A company item there (a Get, a Put, a Query) is refused; a
//   public route (which acts for no company) keeps them. Inside its company's context a writing route
//   that does not delete may still remove its idempotency record, in COMPANY#<id>#IDEMPOTENCY only.
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AccessDeniedError, installPermissionGuard, runAsRoute, TenantFenceError } from '../local/permission-guard';
import { db, tableName } from '../functions/data/client';
import { keys } from '../functions/data/keys';
import { withCompany } from '../functions/lib/tenant';
import { deletesOf, findRouteByHandler, routeKey, ROUTES, type RouteDefinition } from '../functions/routes';
import { createTestCompany, putRaw, type TestCompany } from './support/fixtures';

let a: TestCompany;
const sk = () => `GRANTS#${randomUUID()}`;

beforeAll(async () => {
  installPermissionGuard();
  a = await createTestCompany({ name: 'Grants A' });
});

const createProperty = findRouteByHandler('create-property'); // POST: writes, never deletes
const deleteInvoice = findRouteByHandler('delete-invoice'); // DELETE: deletes by default
const listProperties = findRouteByHandler('list-properties'); // GET: reads

const asRoute = (route: RouteDefinition, fn: () => Promise<unknown>) => runAsRoute(route, () => withCompany(a.companyId, fn));

describe('deletes only where the route table says so', () => {
  it('refuses a DeleteItem from a route that does not delete, naming the route, and lets a deleting route do it', async () => {
    const item = { pk: keys.companyPartition(a.companyId), sk: sk() };
    await putRaw(item);
    const refused = asRoute(createProperty, () => db.send(new DeleteCommand({ TableName: tableName(), Key: item })));
    await expect(refused).rejects.toThrow(AccessDeniedError);
    await expect(refused).rejects.toThrow(`${routeKey(createProperty)} (create-property) does not delete`);
    // Still there: the refusal came before the call.
    expect((await db.send(new GetCommand({ TableName: tableName(), Key: item }))).Item).toBeDefined();

    await asRoute(deleteInvoice, () => db.send(new DeleteCommand({ TableName: tableName(), Key: item })));
    expect((await db.send(new GetCommand({ TableName: tableName(), Key: item }))).Item).toBeUndefined();
  });

  it('refuses a transaction holding a Delete and any BatchWriteItem from a route that does not delete', async () => {
    const kept = { pk: keys.companyPartition(a.companyId), sk: sk() };
    await putRaw(kept);
    const transaction = asRoute(createProperty, () =>
      db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: tableName(), Item: { pk: kept.pk, sk: sk() } } }, { Delete: { TableName: tableName(), Key: kept } }] })),
    );
    await expect(transaction).rejects.toThrow(/create-property\) does not delete .*TransactWrite/);
    const batch = asRoute(createProperty, () => db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: [{ PutRequest: { Item: { pk: kept.pk, sk: sk() } } }] } })));
    await expect(batch).rejects.toThrow(/does not delete .*BatchWrite/);
    // A transaction of puts and updates passes.
    await asRoute(createProperty, () => db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: tableName(), Item: { pk: kept.pk, sk: sk() } } }] })));
    expect((await db.send(new GetCommand({ TableName: tableName(), Key: kept }))).Item).toBeDefined();
  });

  it('a read route may not delete either (it writes nothing but its own bookkeeping)', async () => {
    const item = { pk: keys.companyPartition(a.companyId), sk: sk() };
    await expect(asRoute(listProperties, () => db.send(new DeleteCommand({ TableName: tableName(), Key: item })))).rejects.toThrow(/reads the table only/);
  });

  it('every DELETE route deletes unless its row says otherwise; other methods only when declared', () => {
    const declared = ROUTES.filter((route) => route.deletes !== undefined);
    expect(declared.length).toBeGreaterThan(0);
    for (const route of ROUTES) if (route.method === 'DELETE' && route.deletes === undefined) expect(deletesOf(route)).toBe(true);
    for (const route of ROUTES) if (route.method !== 'DELETE' && route.deletes === undefined) expect(deletesOf(route)).toBe(false);
  });
});

describe("a company's route outside its company's context: the function's own role", () => {
  const partition = () => keys.companyPartition(a.companyId);
  const outside = (route: RouteDefinition, fn: () => Promise<unknown>) => runAsRoute(route, fn);

  it("refuses a Query of a company's partition or index, naming the route", async () => {
    const query = outside(listProperties, () =>
      db.send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition() } })),
    );
    await expect(query).rejects.toThrow(TenantFenceError);
    await expect(query).rejects.toThrow(`${routeKey(listProperties)} (list-properties) called Query on ${partition()} outside its company's context`);
    const index = outside(listProperties, () =>
      db.send(new QueryCommand({ TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': keys.checkins(a.companyId) } })),
    );
    await expect(index).rejects.toThrow(TenantFenceError);
    // A cross-company index is no company's own, and not the own role's either.
    const crossCompany = outside(listProperties, () =>
      db.send(new QueryCommand({ TableName: tableName(), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': keys.checkinsOnDay('2026-12-06') } })),
    );
    await expect(crossCompany).rejects.toThrow(/outside its company's context/);
  });

  it('refuses any company item, even a GetItem, and the idempotency record outside the context', async () => {
    const item = { pk: partition(), sk: sk() };
    await putRaw(item);
    const get = outside(listProperties, () => db.send(new GetCommand({ TableName: tableName(), Key: item })));
    await expect(get).rejects.toThrow(TenantFenceError);
    await expect(get).rejects.toThrow(`${routeKey(listProperties)} (list-properties) called Get on ${partition()} outside its company's context`);
    const record = { pk: keys.idempotencyPartition(a.companyId), sk: `IDEMPOTENCY#grants#${randomUUID()}` };
    await expect(outside(createProperty, () => db.send(new PutCommand({ TableName: tableName(), Item: record })))).rejects.toThrow(TenantFenceError);
    await expect(outside(createProperty, () => db.send(new DeleteCommand({ TableName: tableName(), Key: record })))).rejects.toThrow(AccessDeniedError);
    // Refused twice over: a read route writes nothing, and its own role writes no company item.
    await expect(outside(listProperties, () => db.send(new PutCommand({ TableName: tableName(), Item: { pk: partition(), sk: sk() } })))).rejects.toThrow(AccessDeniedError);
  });

  it("in its company's context, a writing route that does not delete removes its idempotency record, and nothing else", async () => {
    const record = { pk: keys.idempotencyPartition(a.companyId), sk: `IDEMPOTENCY#grants#${randomUUID()}` };
    await asRoute(createProperty, () => db.send(new PutCommand({ TableName: tableName(), Item: record })));
    await asRoute(createProperty, () => db.send(new DeleteCommand({ TableName: tableName(), Key: record })));
    expect((await db.send(new GetCommand({ TableName: tableName(), Key: record }))).Item).toBeUndefined();
    // The same sort key in the company partition itself is a company item like any other: no delete.
    const elsewhere = { pk: partition(), sk: record.sk };
    await putRaw(elsewhere);
    await expect(asRoute(createProperty, () => db.send(new DeleteCommand({ TableName: tableName(), Key: elsewhere })))).rejects.toThrow(/create-property\) does not delete/);
    // Another company's idempotency partition: the fence refuses it.
    const other = { pk: keys.idempotencyPartition(`${a.companyId}x`), sk: record.sk };
    await expect(asRoute(createProperty, () => db.send(new DeleteCommand({ TableName: tableName(), Key: other })))).rejects.toThrow(TenantFenceError);
    expect((await db.send(new GetCommand({ TableName: tableName(), Key: elsewhere }))).Item).toBeDefined();
  });

  it('admits the non-company partitions (its session) and refuses the other non-company ones', async () => {
    const session = { pk: `SESSION#grants-${randomUUID()}`, sk: 'SESSION' };
    await expect(outside(listProperties, () => db.send(new GetCommand({ TableName: tableName(), Key: session })))).resolves.toBeDefined();
    const other = outside(createProperty, () => db.send(new PutCommand({ TableName: tableName(), Item: { pk: `PAYMENTEVENT#grants-${randomUUID()}`, sk: 'EVENT' } })));
    await expect(other).rejects.toThrow(/PAYMENTEVENT#.*outside its company's context/);
  });

  it('a public route acts for no company: its own role keeps every partition', async () => {
    const publicRoute = findRouteByHandler('register');
    await expect(
      outside(publicRoute, () => db.send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition() }, Limit: 1 }))),
    ).resolves.toBeDefined();
  });
});
