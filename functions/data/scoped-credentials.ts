// Company-scoped credentials (issue 42 point 3; docs/tenant-fence.md). In AWS, with TENANT_ROLE_ARN set
// (infra/lib/constructs/tenant-access.ts), the DynamoDB calls made while work acts for a company
// (functions/lib/tenant.ts) are signed with credentials of the stage's tenant role, assumed with the
// session tag `companyId=<id>`: its policy admits only keys whose partition is `COMPANY#<that id>` or
// `COMPANY#<that id>#...` (plus the few partitions that are no company's), so a handler that builds
// another company's key is refused by IAM, not by convention.
//
// Kept per warm function: one AssumeRole per company until REFRESH_MARGIN_MS before the credentials
// expire (concurrent first requests share one call), and one set of DynamoDB clients per company
// (built once, never per request), at most MAX_COMPANY_CLIENTS of them (least recently used leave
// first). A cached credential is keyed by the company id it was tagged with and only ever handed to
// work acting for that id, so it cannot leak to another company's request.
// The STS client is loaded on the first company's request only: a function that never acts for a
// company (or runs without TENANT_ROLE_ARN, as everywhere locally) does not pay for it at cold start.
import type { STSClient } from '@aws-sdk/client-sts';

/**
 * The partitions that are no company's and that work for a company legitimately touches: the tenant
 * role admits them beside the company's own (`COMPANY#<id>`, `COMPANY#<id>#...`), and they are all a
 * company's route function's own role keeps (infra/lib/constructs/tenant-access.ts). The local
 * permission guard applies the same list (local/permission-guard.ts, docs/tenant-fence.md).
 */
export const NON_COMPANY_PARTITIONS: ReadonlyArray<{ prefix: string; reason: string }> = [
  { prefix: 'SESSION#', reason: "the caller's own session: renewal, sign-out, switching company" },
  { prefix: 'USER#', reason: "a user's sessions index (USER#<id>#SESSIONS), to end them on sign-out everywhere or removal" },
  { prefix: 'EMAIL#', reason: 'the e-mail claim kept unique across companies (invite, change of e-mail)' },
  { prefix: 'TOKEN#', reason: 'one-time tokens (invites, confirmations) looked up before any company is known' },
  { prefix: 'APIKEY#', reason: "an API key's lookup item and call counter, by the key's hash" },
  { prefix: 'CALEXPORT#', reason: "a calendar export's token lookup, by the token's digest" },
  { prefix: 'GUESTLINK#', reason: "a stay's guest link lookup, by the token's digest (made and rotated by the office)" },
  { prefix: 'OUTBOX#', reason: 'the outbox: a domain event written with the write it announces' },
  { prefix: 'PAYMENTEVENT#', reason: "a payment provider event's claim (handled once), written with the company's billing change it makes" },
  { prefix: 'LOGINATTEMPTS#', reason: "the sign-in throttle of an e-mail, which the password check before two-factor set-up reads and moves" },
];


/** `dynamodb:LeadingKeys` patterns (ForAllValues:StringLike) of the non-company partitions. */
export const NON_COMPANY_LEADING_KEYS: readonly string[] = NON_COMPANY_PARTITIONS.map(({ prefix }) => `${prefix}*`);

/**
 * The photo bucket (issue 42 point 3): what each bucket need of the route table (functions/routes.ts
 * `needs`) may do to a company's objects. The tenant roles hold these on
 * `<bucket>/companies/${aws:PrincipalTag/companyId}/<path>` (infra/lib/constructs/tenant-access.ts);
 * one role per item level holds the union, so each function's AssumeRole passes a session policy of
 * its own needs (sessionPolicy below, from TENANT_BUCKET_NEEDS), which IAM intersects with the role's.
 */
export const BUCKET_NEEDS = ['photos', 'uploads', 'confirm-uploads', 'logos'] as const;
export type BucketNeed = (typeof BUCKET_NEEDS)[number];
/** The tag every upload carries until a route records it (functions/storage/photos.ts); the bucket's lifecycle expires pending ones. */
export const UPLOAD_TAG = { key: 'upload', pending: 'pending', kept: 'kept' } as const;
/** The function's bucket needs, comma-separated (infra bindings set it from the route's row). */
export const BUCKET_NEEDS_ENV = 'TENANT_BUCKET_NEEDS';

const tagged = (value: string) => ({
  StringEquals: { [`s3:RequestObjectTag/${UPLOAD_TAG.key}`]: value },
  'ForAllValues:StringEquals': { 's3:RequestObjectTagKeys': [UPLOAD_TAG.key] },
});

export interface BucketGrant {
  actions: readonly string[];
  /** Under the company's prefix (`companies/<id>/`). */
  path: string;
  condition?: Record<string, Record<string, unknown>>;
}

export const BUCKET_GRANTS: Readonly<Record<BucketNeed, BucketGrant>> = {
  // Presigned GETs, and the HEAD and first bytes of an upload being checked (HeadObject is GetObject's).
  photos: { actions: ['s3:GetObject'], path: '*' },
  // Presigned PUTs: only with the tag upload=pending (the tag header needs PutObjectTagging too).
  uploads: { actions: ['s3:PutObject', 's3:PutObjectTagging'], path: '*', condition: tagged(UPLOAD_TAG.pending) },
  // Recording an upload: its tag becomes upload=kept, nothing else.
  'confirm-uploads': { actions: ['s3:PutObjectTagging'], path: '*', condition: tagged(UPLOAD_TAG.kept) },
  // A replaced or removed logo (the bucket is versioned: recoverable until the old version expires).
  logos: { actions: ['s3:DeleteObject'], path: 'logo/*' },
};

/** The bucket needs TENANT_BUCKET_NEEDS names (none when unset); an unknown name is a deployment error. */
export function parseBucketNeeds(value: string | undefined): BucketNeed[] {
  const names = (value ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    if (!(BUCKET_NEEDS as readonly string[]).includes(name)) throw new ScopedCredentialsError(`${BUCKET_NEEDS_ENV} names an unknown bucket need: ${JSON.stringify(name)}`);
  }
  return [...new Set(names as BucketNeed[])];
}

/** An inline session policy's plain text may not exceed this (STS; the packed size is checked by STS too). */
export const SESSION_POLICY_MAX_CHARS = 2048;

/**
 * The session policy a function's AssumeRole passes: every table action (the role's statements fence
 * them by key) and the actions of its bucket needs, with their tag conditions, on `*` (the role's
 * statements fence them to the company's prefix). IAM grants what both allow, so a route that only
 * shows photos cannot put or delete with the write role's session, and one without bucket needs
 * cannot touch the bucket at all.
 */
export function sessionPolicy(needs: readonly BucketNeed[]): string {
  const statements: Array<Record<string, unknown>> = [{ Effect: 'Allow', Action: 'dynamodb:*', Resource: '*' }];
  for (const need of [...new Set(needs)]) {
    const grant = BUCKET_GRANTS[need];
    statements.push({ Effect: 'Allow', Action: grant.actions.length === 1 ? grant.actions[0] : grant.actions, Resource: '*', ...(grant.condition && { Condition: grant.condition }) });
  }
  const policy = JSON.stringify({ Version: '2012-10-17', Statement: statements });
  if (policy.length > SESSION_POLICY_MAX_CHARS) throw new ScopedCredentialsError(`The session policy for ${needs.join(',')} is ${policy.length} characters (STS allows ${SESSION_POLICY_MAX_CHARS})`);
  return policy;
}

/** The session tag the tenant role's policy reads (`${aws:PrincipalTag/companyId}`). */
export const TENANT_TAG = 'companyId';
/** How long an assumed session lasts (the role's default maximum, one hour). */
export const SESSION_SECONDS = 3600;
/** Credentials are renewed this long before they expire (and the SDK's own 5-minute window agrees). */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** Companies whose clients a warm function keeps; the least recently used one's clients are dropped past it. */
export const MAX_COMPANY_CLIENTS = 64;

/**
 * A company id usable as a session tag value and inside the policy's `COMPANY#${tag}*` pattern: no
 * `*` or `?` (which would widen the pattern to other companies), only what STS allows in a tag value.
 */
const TAG_VALUE = /^[A-Za-z0-9_.:/=+\-@]{1,128}$/;

export class ScopedCredentialsError extends Error {
  override readonly name = 'ScopedCredentialsError';
}

export interface ScopedCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}

export interface TenantCredentialsOptions {
  roleArn: string;
  sts?: STSClient;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  /** The inline session policy each AssumeRole passes (sessionPolicy): what of the role this function may use. */
  sessionPolicy?: string;
}

interface Entry {
  credentials?: ScopedCredentials;
  pending?: Promise<ScopedCredentials>;
}

/** A role session name STS accepts ([\w+=,.@-], 2 to 64 characters) naming the company, for CloudTrail. */
function sessionName(companyId: string): string {
  return `company-${companyId}`.replace(/[^\w+=,.@-]/g, '-').slice(0, 64);
}

export function assertTaggableCompanyId(companyId: string): void {
  if (!TAG_VALUE.test(companyId)) throw new ScopedCredentialsError(`Not a company id a tenant session can be tagged with: ${JSON.stringify(companyId.slice(0, 80))}`);
}

/** AssumeRole on the tenant role per company, cached until shortly before expiry. */
export class TenantCredentials {
  readonly roleArn: string;
  readonly sessionPolicy: string | undefined;
  private sts: STSClient | undefined;
  private readonly now: () => number;
  private readonly entries = new Map<string, Entry>();
  /** AssumeRole calls made (the bench and tests read it). */
  assumed = 0;

  constructor(options: TenantCredentialsOptions) {
    this.roleArn = options.roleArn;
    this.sessionPolicy = options.sessionPolicy;
    this.sts = options.sts;
    this.now = options.now ?? Date.now;
  }

  /** The company's credentials: cached ones while they have more than REFRESH_MARGIN_MS left, else new ones. */
  get(companyId: string): Promise<ScopedCredentials> {
    assertTaggableCompanyId(companyId);
    let entry = this.entries.get(companyId);
    if (!entry) this.entries.set(companyId, (entry = {}));
    const kept = entry.credentials;
    if (kept && kept.expiration.getTime() - this.now() > REFRESH_MARGIN_MS) return Promise.resolve(kept);
    if (entry.pending) return entry.pending;
    const current = entry;
    const pending = this.assume(companyId).then(
      (credentials) => {
        current.credentials = credentials;
        current.pending = undefined;
        return credentials;
      },
      (error: unknown) => {
        current.pending = undefined;
        throw error;
      },
    );
    current.pending = pending;
    return pending;
  }

  /** Forgets a company (its clients left the LRU): its next request assumes the role again. */
  forget(companyId: string): void {
    this.entries.delete(companyId);
  }

  private async assume(companyId: string): Promise<ScopedCredentials> {
    this.assumed += 1;
    const { AssumeRoleCommand, STSClient } = await import('@aws-sdk/client-sts');
    this.sts ??= new STSClient({ maxAttempts: 3 });
    const { Credentials: c } = await this.sts.send(
      new AssumeRoleCommand({
        RoleArn: this.roleArn,
        RoleSessionName: sessionName(companyId),
        DurationSeconds: SESSION_SECONDS,
        Tags: [{ Key: TENANT_TAG, Value: companyId }],
        Policy: this.sessionPolicy,
      }),
    );
    if (!c?.AccessKeyId || !c.SecretAccessKey || !c.SessionToken || !c.Expiration) {
      throw new ScopedCredentialsError(`AssumeRole on ${this.roleArn} for company ${companyId} returned no credentials`);
    }
    return { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken, expiration: new Date(c.Expiration) };
  }
}

/**
 * One value per company built once (the company's DynamoDB clients), at most `max` kept: a company
 * seen again moves to the back; past the bound the least recently used is dropped (and `onDrop`ped).
 */
export class CompanyLru<T> {
  private readonly values = new Map<string, T>();

  constructor(
    private readonly build: (companyId: string) => T,
    private readonly max = MAX_COMPANY_CLIENTS,
    private readonly onDrop?: (companyId: string, value: T) => void,
  ) {}

  get(companyId: string): T {
    const kept = this.values.get(companyId);
    if (kept !== undefined) {
      // Most recently used last (a Map keeps insertion order).
      this.values.delete(companyId);
      this.values.set(companyId, kept);
      return kept;
    }
    const value = this.build(companyId);
    this.values.set(companyId, value);
    if (this.values.size > this.max) {
      const [oldest, dropped] = this.values.entries().next().value as [string, T];
      this.values.delete(oldest);
      this.onDrop?.(oldest, dropped);
    }
    return value;
  }

  get size(): number {
    return this.values.size;
  }

  has(companyId: string): boolean {
    return this.values.has(companyId);
  }
}
