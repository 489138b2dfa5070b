// The door in its company's context (issue 42 point 3, docs/tenant-fence.md): from the moment a
// session is resolved, everything a company's route touches of its company (the items read with the
// session, the subscription checks, the idempotency record, the handler) runs in that company's
// context, so in AWS with its scoped credentials; the function's own role keeps the non-company
// partitions only (local/permission-guard.ts checkOwnRole refuses any company item outside the
// context, as IAM would: every request below passing through local/invoke.ts is held to it).
// - A session id whose company prefix is not its session's company (stale or forged) still answers
//   for the session's company; an id without a prefix too.
// - The idempotency record lives in COMPANY#<id>#IDEMPOTENCY; a refused keyed request's record is
//   removed by a route that does not delete (the write level may delete there only).
// - With TENANT_ROLE_ARN (as in AWS, STS mocked), a prefix naming a company this function has not
//   served never makes it assume that company's role: only the session's company's is assumed.
import { randomBytes, randomUUID } from 'node:crypto';
import { mockClient } from 'aws-sdk-client-mock';
import { invoke } from '../local/invoke';
import { installPermissionGuard } from '../local/permission-guard';
import { queryAll } from '../functions/data/db';
import { keys } from '../functions/data/keys';
import { SESSION_COOKIE } from '../functions/lib/cookies';
import type { Session } from '../shared/schemas';
import { createTestCompany, putRaw, type TestCompany } from './support/fixtures';

let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  installPermissionGuard();
  [a, b] = await Promise.all([createTestCompany({ name: 'Door A' }), createTestCompany({ name: 'Door B' })]);
});

/** A live session item of A's CEO under the id `sid`, whatever its prefix says. */
async function sessionWithId(sid: string): Promise<string> {
  const expire = new Date(Date.now() + 3_600_000);
  const user = a.ceo.user;
  const session: Session = { sid, sess: { userId: user.id, companyId: a.companyId, email: user.email, role: user.role }, expire: expire.toISOString() };
  await putRaw({ ...keys.session(sid), entity: 'session', ...session, expiresAt: Math.floor(expire.getTime() / 1000) });
  return `${SESSION_COOKIE}=${sid}`;
}

const random = () => randomBytes(32).toString('base64url');

describe('the session and its company items, in its company context', () => {
  it("answers for the session's company when the id's prefix names another company, or none", async () => {
    const property = await invoke('POST', '/api/properties', { cookies: [a.ceo.cookie], body: { name: 'Casa da Porta', address: 'Rua A 1' } });
    expect(property.status).toBe(201);
    const mine = await invoke('GET', '/api/properties', { cookies: [a.ceo.cookie] });
    expect(mine.status).toBe(200);

    for (const sid of [`${b.companyId}.${random()}`, random(), `${a.companyId}x.${random()}`]) {
      const cookie = await sessionWithId(sid);
      // list-tasks prefetches company items with the session; list-properties reads the groups item with it.
      const tasks = await invoke('GET', '/api/tasks', { cookies: [cookie] });
      expect({ sid, status: tasks.status }).toEqual({ sid, status: 200 });
      const properties = await invoke('GET', '/api/properties', { cookies: [cookie] });
      expect({ sid, status: properties.status }).toEqual({ sid, status: 200 });
      expect(properties.body).toEqual(mine.body);
      expect(JSON.stringify(properties.body)).toContain('Casa da Porta');
    }
  });

  it('refuses an unknown session with a company prefix (401), reading nothing else', async () => {
    const response = await invoke('GET', '/api/properties', { cookies: [`${SESSION_COOKIE}=${a.companyId}.${random()}`] });
    expect(response.status).toBe(401);
  });
});

describe("the idempotency record, in its company's own partition", () => {
  const created = (cookie: string, key: string, body: unknown) =>
    invoke('POST', '/api/properties', { cookies: [cookie], headers: { 'Idempotency-Key': key }, body });

  it('is kept in COMPANY#<id>#IDEMPOTENCY, answers a replay, and is removed when the request is refused', async () => {
    const key = `door-${randomUUID()}`;
    const first = await created(a.ceo.cookie, key, { name: 'Casa Idempotente', address: 'Rua B 2' });
    expect(first.status).toBe(201);
    const replay = await created(a.ceo.cookie, key, { name: 'Casa Idempotente', address: 'Rua B 2' });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.body).toEqual(first.body);

    const records = await queryAll<{ pk: string; sk: string }>({ partition: keys.idempotencyPartition(a.companyId), beginsWith: keys.idempotencyPrefix(a.ceo.user.id) });
    expect(records.length).toBeGreaterThanOrEqual(1);
    // Nothing of it in the company partition itself.
    expect(await queryAll({ partition: keys.companyPartition(a.companyId), beginsWith: 'IDEMPOTENCY#' })).toEqual([]);

    // A refused request (400: no name) keeps no record, so the same key is judged afresh: create-property
    // does not delete (no DeleteItem on its row) but removes its record in that partition.
    const refusedKey = `door-${randomUUID()}`;
    const before = records.length;
    const refused = await created(a.ceo.cookie, refusedKey, { name: '', address: 'Rua C 3' });
    expect(refused.status).toBe(400);
    const after = await queryAll({ partition: keys.idempotencyPartition(a.companyId), beginsWith: keys.idempotencyPrefix(a.ceo.user.id) });
    expect(after).toHaveLength(before);
    // Judged afresh: the corrected request (another body: a 422 had the record been kept) is applied.
    const fixed = await created(a.ceo.cookie, refusedKey, { name: 'Casa Corrigida', address: 'Rua C 3' });
    expect(fixed.status).toBe(201);
    expect(fixed.headers['idempotent-replay']).toBeUndefined();
  });

  it("keeps each company's records apart: the same key in B is B's own request", async () => {
    const key = `door-${randomUUID()}`;
    const inA = await created(a.ceo.cookie, key, { name: 'Casa A', address: 'Rua A' });
    const inB = await created(b.ceo.cookie, key, { name: 'Casa B', address: 'Rua B' });
    expect([inA.status, inB.status]).toEqual([201, 201]);
    expect(inB.headers['idempotent-replay']).toBeUndefined();
    expect(inB.body.id).not.toBe(inA.body.id);
  });
});

describe('with TENANT_ROLE_ARN (as in AWS): a forged prefix assumes no role', () => {
  it("assumes the session's company's role only, and batches with the session once that company is served here", async () => {
    process.env.TENANT_ROLE_ARN = 'arn:aws:iam::111122223333:role/RentalOps-dev-TenantRead';
    try {
      await jest.isolateModulesAsync(async () => {
        // A fresh module registry: the data layer reads TENANT_ROLE_ARN when it loads.
        const sts = require('@aws-sdk/client-sts') as typeof import('@aws-sdk/client-sts');
        const stsMock = mockClient(sts.STSClient);
        stsMock.on(sts.AssumeRoleCommand).callsFake(async (input: { Tags: Array<{ Value: string }> }) => ({
          Credentials: { AccessKeyId: `ASIA${input.Tags[0].Value}`, SecretAccessKey: 's', SessionToken: 't', Expiration: new Date(Date.now() + 3_600_000) },
        }));
        try {
          const sessions = require('../functions/data/repositories/sessions') as typeof import('../functions/data/repositories/sessions');
          const client = require('../functions/data/client') as typeof import('../functions/data/client');
          const assumedFor = () => stsMock.commandCalls(sts.AssumeRoleCommand).map((call) => call.args[0].input.Tags?.[0].Value);
          const groupsOf = (companyId: string) => [keys.propertyGroups(companyId), keys.company(companyId)];

          // A session of A under a prefix naming B, which this function has never served: no role for B.
          const forged = `${b.companyId}.${random()}`;
          await sessionWithId(forged);
          const read = await sessions.getSessionWith(forged, groupsOf);
          expect(read.session?.sess.companyId).toBe(a.companyId);
          expect(read.items?.[1]).toMatchObject({ id: a.companyId });
          expect(assumedFor()).toEqual([a.companyId]);
          expect(client.companyClientsReady(b.companyId)).toBe(false);

          // An unknown session naming a company not served here: no role, no company item read.
          expect(await sessions.getSessionWith(`${b.companyId}.${random()}`, groupsOf)).toEqual({ session: undefined });
          expect(assumedFor()).toEqual([a.companyId]);

          // A's own prefix, now that A is served here: one batch in A's context, no new AssumeRole.
          const own = `${a.companyId}.${random()}`;
          await sessionWithId(own);
          const again = await sessions.getSessionWith(own, groupsOf);
          expect(again.items?.[1]).toMatchObject({ id: a.companyId });
          expect(assumedFor()).toEqual([a.companyId]);
          expect(client.scopedCredentialStats()).toEqual({ assumed: 1, companies: 1 });
        } finally {
          stsMock.restore();
        }
      });
    } finally {
      delete process.env.TENANT_ROLE_ARN;
    }
  });
});
