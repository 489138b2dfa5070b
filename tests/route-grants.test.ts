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
// - A company's read route renews its session in its company's context only (its own role writes nothing).
// - A public route acting for its token's company (companyFromToken) keeps, outside the context, its
//   token's lookup partitions only.
// - The local server (local/api-adapter.ts, as npm start runs it) holds each handler to its row too.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { handleApiRequest, type LambdaHandler } from '../local/api-adapter';
import { AccessDeniedError, installPermissionGuard, runAsRoute, TenantFenceError } from '../local/permission-guard';
import { db, tableName } from '../functions/data/client';
import { keys } from '../functions/data/keys';
import { withCompany } from '../functions/lib/tenant';
import { actsForCompany, deletesOf, findRouteByHandler, routeKey, ROUTES, type RouteDefinition } from '../functions/routes';
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
    const other = outside(createProperty, () => db.send(new PutCommand({ TableName: tableName(), Item: { pk: `PAYMENTCUSTOMER#grants-${randomUUID()}`, sk: 'CUSTOMER' } })));
    await expect(other).rejects.toThrow(/PAYMENTCUSTOMER#.*outside its company's context/);
  });

  it('a public route acts for no company: its own role keeps every partition', async () => {
    const publicRoute = findRouteByHandler('register');
    await expect(
      outside(publicRoute, () => db.send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition() }, Limit: 1 }))),
    ).resolves.toBeDefined();
  });
});

describe("a session's renewal (point 3): a company's read route renews in its company's context only", () => {
  const renew = (sid: string) =>
    db.send(new UpdateCommand({ TableName: tableName(), Key: { pk: `SESSION#${sid}`, sk: 'SESSION' }, UpdateExpression: 'SET lastSeenAt = :now', ExpressionAttributeValues: { ':now': new Date().toISOString() } }));

  it("refuses it on the function's own role (no write there), admits it in the context (the read tenant role's) and on the master console's own role", async () => {
    const sid = `grants-${randomUUID()}`;
    const own = runAsRoute(listProperties, () => renew(sid));
    await expect(own).rejects.toThrow(AccessDeniedError);
    await expect(own).rejects.toThrow(/list-properties\) reads the table only .*UpdateItem|list-properties\) reads the table only .*Update on SESSION#/);
    await expect(asRoute(listProperties, () => renew(sid))).resolves.toBeDefined();
    const master = findRouteByHandler('list-admin-companies');
    expect(master.master).toBe(true);
    await expect(runAsRoute(master, () => renew(sid))).resolves.toBeDefined();
  });
});

describe('a public route acting for the company its token names (companyFromToken)', () => {
  const feed = findRouteByHandler('get-calendar-export');
  const guest = findRouteByHandler('get-guest-stay');
  const webhook = findRouteByHandler('receive-payment-webhook');
  const outside = (route: RouteDefinition, fn: () => Promise<unknown>) => runAsRoute(route, fn);

  it('is declared on the public token routes, with lookup partitions that are no company\'s', () => {
    const routes = ROUTES.filter((route) => route.companyFromToken);
    expect(routes.map((route) => route.handler).sort()).toEqual(['create-guest-photo-upload', 'get-calendar-export', 'get-guest-stay', 'receive-payment-webhook', 'record-guest-left']);
    for (const route of routes) {
      expect(route.access).toBe('public');
      expect(actsForCompany(route)).toBe(true);
      expect(route.companyFromToken!.length).toBeGreaterThan(0);
      for (const prefix of route.companyFromToken!) expect(prefix).toMatch(/^[A-Z]+#$/);
      expect(route.companyFromToken).not.toContain('COMPANY#');
    }
  });

  it("outside the context: its token's lookup only; a company item, even a GetItem, and the other non-company partitions are refused", async () => {
    await expect(outside(feed, () => db.send(new GetCommand({ TableName: tableName(), Key: keys.calendarExportLookup(`grants-${randomUUID()}`) })))).resolves.toBeDefined();
    const item = { pk: keys.companyPartition(a.companyId), sk: sk() };
    await putRaw(item);
    const get = outside(feed, () => db.send(new GetCommand({ TableName: tableName(), Key: item })));
    await expect(get).rejects.toThrow(TenantFenceError);
    await expect(get).rejects.toThrow(`${routeKey(feed)} (get-calendar-export) called Get on ${item.pk} outside its company's context, with the function's own role, which admits only CALEXPORT#*`);
    // Another route's lookup, a session: not this function's own.
    await expect(outside(feed, () => db.send(new GetCommand({ TableName: tableName(), Key: keys.guestLinkLookup('x') })))).rejects.toThrow(TenantFenceError);
    await expect(outside(feed, () => db.send(new GetCommand({ TableName: tableName(), Key: { pk: `SESSION#${randomUUID()}`, sk: 'SESSION' } })))).rejects.toThrow(TenantFenceError);
    // The guest link's: its source's counter and its lookup; the webhook's: the claim's check and the customer's company.
    await expect(outside(guest, () => db.send(new GetCommand({ TableName: tableName(), Key: keys.guestLinkSource('x', 1) })))).resolves.toBeDefined();
    await expect(outside(guest, () => db.send(new GetCommand({ TableName: tableName(), Key: item })))).rejects.toThrow(TenantFenceError);
    await expect(outside(webhook, () => db.send(new GetCommand({ TableName: tableName(), Key: keys.paymentCustomer(`cus_${randomUUID()}`) })))).resolves.toBeDefined();
    await expect(outside(webhook, () => db.send(new GetCommand({ TableName: tableName(), Key: keys.company(a.companyId) })))).rejects.toThrow(TenantFenceError);
  });

  it("inside the token's company's context: that company's items (and the claim written with them), never another's", async () => {
    const item = { pk: keys.companyPartition(a.companyId), sk: sk() };
    await putRaw(item);
    await expect(asRoute(feed, () => db.send(new GetCommand({ TableName: tableName(), Key: item })))).resolves.toBeDefined();
    const claim = { ...keys.paymentEvent(`evt_grants_${randomUUID()}`), entity: 'paymentEvent' };
    await asRoute(webhook, () => db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: tableName(), Item: claim } }, { Put: { TableName: tableName(), Item: { pk: item.pk, sk: sk() } } }] })));
    const other = { pk: keys.companyPartition(`${a.companyId}x`), sk: item.sk };
    await expect(asRoute(feed, () => db.send(new GetCommand({ TableName: tableName(), Key: other })))).rejects.toThrow(TenantFenceError);
  });
});

describe('the local server (npm start) holds each handler to its route as local/invoke.ts does', () => {
  let server: Server;
  let port: number;
  /** The handler the server runs for every route in this test: one table call, its answer or refusal in the body. */
  let call: () => Promise<unknown>;
  const planted: LambdaHandler = async () => {
    try {
      await withCompany(a.companyId, call);
      return { statusCode: 200, body: JSON.stringify({ ok: true }) };
    } catch (error) {
      return { statusCode: 200, body: JSON.stringify({ refused: (error as Error).name, message: (error as Error).message }) };
    }
  };

  beforeAll(async () => {
    server = createServer((req, res) => void handleApiRequest(req, res, async () => planted));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = async (method: string, path: string) => (await fetch(`http://127.0.0.1:${port}${path}`, { method })).json() as Promise<{ ok?: true; refused?: string; message?: string }>;

  it('refuses a read route\'s write and a non-deleting route\'s delete, naming the route; the same calls pass where the row allows them', async () => {
    const item = { pk: keys.companyPartition(a.companyId), sk: sk() };
    call = () => db.send(new PutCommand({ TableName: tableName(), Item: item }));
    const read = await send('GET', '/api/properties');
    expect(read.refused).toBe('AccessDeniedException');
    expect(read.message).toContain(`${routeKey(listProperties)} (list-properties) reads the table only`);
    expect((await db.send(new GetCommand({ TableName: tableName(), Key: item }))).Item).toBeUndefined();
    expect(await send('POST', '/api/properties')).toEqual({ ok: true });

    call = () => db.send(new DeleteCommand({ TableName: tableName(), Key: item }));
    const write = await send('POST', '/api/properties');
    expect(write.refused).toBe('AccessDeniedException');
    expect(write.message).toContain('(create-property) does not delete');
    expect((await db.send(new GetCommand({ TableName: tableName(), Key: item }))).Item).toBeDefined();
    expect(await send('DELETE', `/api/invoices/${randomUUID()}`)).toEqual({ ok: true });
    expect((await db.send(new GetCommand({ TableName: tableName(), Key: item }))).Item).toBeUndefined();
  });
});
