// The photo bucket with company-scoped credentials (issue 42 point 3; docs/tenant-fence.md): in AWS
// (TENANT_ROLE_ARN set) the photo code signs, while work acts for a company, with that company's
// session credentials (one S3 client per company, beside its DynamoDB clients), and every presigned
// URL is cut to what remains of the credentials that signed it. STS is mocked (aws-sdk-client-mock)
// and hands out credentials with 10 minutes left (the stand-in's key and secret, so the local S3 stand-in
// accepts the calls signed with them, and a session token naming the company, which tells them apart).
import { mockClient } from 'aws-sdk-client-mock';
import { BUCKET_NEEDS_ENV, sessionPolicy } from '#functions/data/scoped-credentials';

const ROLE = 'arn:aws:iam::111122223333:role/RentalOps-dev-TenantWrite';
const TEN_MINUTES = 10 * 60;

const expiresOf = (url: string) => Number(new URL(url).searchParams.get('X-Amz-Expires'));
const credentialOf = (url: string) => new URL(url).searchParams.get('X-Amz-Credential') ?? '';
const tokenOf = (url: string) => new URL(url).searchParams.get('X-Amz-Security-Token');
const dateOf = (url: string) => {
  const stamp = new URL(url).searchParams.get('X-Amz-Date')!; // 20261206T090000Z
  return Date.parse(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`);
};

describe('photos signed with a company\'s session credentials (TENANT_ROLE_ARN set, as in AWS)', () => {
  it('signs in a company\'s context with its session, cuts each URL to the 10 minutes the credentials have left, and keeps the own credentials outside', async () => {
    process.env.TENANT_ROLE_ARN = ROLE;
    process.env[BUCKET_NEEDS_ENV] = 'photos,uploads';
    try {
      await jest.isolateModulesAsync(async () => {
        // A fresh module registry: the data layer reads TENANT_ROLE_ARN and the needs when it loads.
        const sts = require('@aws-sdk/client-sts') as typeof import('@aws-sdk/client-sts');
        const stsMock = mockClient(sts.STSClient);
        const expirations = new Map<string, number>();
        stsMock.on(sts.AssumeRoleCommand).callsFake(async (input: { Tags: Array<{ Value: string }> }) => {
          const company = input.Tags[0].Value;
          const expiration = Date.now() + TEN_MINUTES * 1000;
          expirations.set(company, expiration);
          return {
            Credentials: { AccessKeyId: process.env.AWS_ACCESS_KEY_ID, SecretAccessKey: process.env.AWS_SECRET_ACCESS_KEY, SessionToken: `token-${company}`, Expiration: new Date(expiration) },
          };
        });
        try {
          const photos = require('./photos') as typeof import('./photos');
          const tenant = require('#functions/lib/tenant') as typeof import('#functions/lib/tenant');
          const client = require('#functions/data/client') as typeof import('#functions/data/client');
          const a = '01JSCOPEDPHOTOA';
          const b = '01JSCOPEDPHOTOB';
          const keyA = `${photos.taskPhotoPrefix(a, 'T1')}photo.jpg`;

          const inA = await tenant.withCompany(a, async () => ({
            view: await photos.presignView(keyA),
            upload: await photos.presignUpload(a, 'T1', 'image/jpeg', 1234),
            stable: await photos.presignStableView(`${photos.companyLogoPrefix(a)}logo.png`),
            // A real call through the company's client: the stand-in answers "not found".
            head: await photos.describeObject(`${photos.taskPhotoPrefix(a, 'T1')}missing.jpg`),
          }));
          // Signed with A's session (its token).
          for (const url of [inA.view, inA.upload.uploadURL, inA.stable]) expect(tokenOf(url)).toBe(`token-${a}`);
          expect(inA.head).toBeUndefined();
          // A view URL (900 s) dies with the credentials: cut to what they have left (10 minutes, less the time the test took).
          expect(expiresOf(inA.view)).toBeLessThanOrEqual(TEN_MINUTES);
          expect(expiresOf(inA.view)).toBeGreaterThan(TEN_MINUTES - 30);
          expect(dateOf(inA.view) + expiresOf(inA.view) * 1000).toBeLessThanOrEqual(expirations.get(a)! + 1000);
          // An upload (300 s) fits in what is left: unchanged.
          expect(expiresOf(inA.upload.uploadURL)).toBe(photos.UPLOAD_URL_SECONDS);
          // The stable logo URL (signed at its window's start, up to 1500 s): valid no later than the credentials.
          expect(expiresOf(inA.stable)).toBeLessThan(photos.STABLE_VIEW_WINDOW_SECONDS + photos.VIEW_URL_SECONDS);
          expect(dateOf(inA.stable) + expiresOf(inA.stable) * 1000).toBeLessThanOrEqual(expirations.get(a)! + 1000);
          expect(dateOf(inA.stable) + expiresOf(inA.stable) * 1000).toBeGreaterThan(expirations.get(a)! - 30_000);

          // Another company: its own session and its own S3 client (one per company, beside its DynamoDB clients).
          const inB = await tenant.withCompany(b, () => photos.presignView(`${photos.taskPhotoPrefix(b, 'T2')}photo.jpg`));
          expect(tokenOf(inB)).toBe(`token-${b}`);
          // Outside any company: the function's own credentials, the full 900 s, no session token of a company.
          const own = await photos.presignView(keyA);
          expect(credentialOf(own)).toMatch(new RegExp(`^${process.env.AWS_ACCESS_KEY_ID}/`));
          expect(tokenOf(own) ?? '').not.toMatch(/^token-/);
          expect(expiresOf(own)).toBe(photos.VIEW_URL_SECONDS);

          // One AssumeRole per company, each with the function's session policy (its bucket needs).
          const calls = stsMock.commandCalls(sts.AssumeRoleCommand).map((call) => call.args[0].input);
          expect(calls.map((input) => input.Tags?.[0].Value).sort()).toEqual([a, b]);
          for (const input of calls) expect(input.Policy).toBe(sessionPolicy(['photos', 'uploads']));
          expect(client.scopedCredentialStats()).toEqual({ assumed: 2, companies: 2 });
        } finally {
          stsMock.restore();
        }
      });
    } finally {
      delete process.env.TENANT_ROLE_ARN;
      delete process.env[BUCKET_NEEDS_ENV];
    }
  });
});

describe('photos without TENANT_ROLE_ARN (locally)', () => {
  it('keep their full lifetimes: the local credentials do not expire', async () => {
    const photos = await import('./photos');
    const view = await photos.presignView('companies/01JLOCAL/tasks/T/photo.jpg');
    expect(expiresOf(view)).toBe(photos.VIEW_URL_SECONDS);
    const now = Date.parse('2026-12-06T09:04:00Z');
    const stable = await photos.presignStableView('companies/01JLOCAL/logo/logo.png', now);
    expect(expiresOf(stable)).toBe(photos.STABLE_VIEW_WINDOW_SECONDS + photos.VIEW_URL_SECONDS);
    expect(dateOf(stable)).toBe(Date.parse('2026-12-06T09:00:00Z'));
  });
});
