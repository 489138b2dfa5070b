import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Plan, PreferredLanguage, Role } from '#shared/enums';
import { TRIAL_DAYS } from '#shared/plans';
import type { Company, CompanyUpdateBody, User } from '#shared/schemas';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { getItem, nowIso, queryPage, transactWrite, type Page, type TransactItem } from '../db';
import { keys, stripKeys } from '../keys';
import { emptyStatsItem } from './stats';
import { emailClaimItem, userItem } from './users';

export async function getCompany(companyId: string): Promise<Company | undefined> {
  return getItem<Company>(keys.company(companyId));
}

export async function requireCompany(companyId: string): Promise<Company> {
  const company = await getCompany(companyId);
  if (!company) throw new NotFoundError();
  return company;
}

export interface NewCompanyWithOwner {
  /** preferredLanguage: SPEC's default, Portuguese, unless the sign-up named another. */
  company: { name: string; plan?: Plan; email?: string | null; id?: string; preferredLanguage?: PreferredLanguage };
  owner: { email: string; firstName?: string | null; lastName?: string | null; role?: Role; authProvider?: string; id?: string; emailVerified?: string | null; profileImageUrl?: string | null };
  now?: Date;
}

/**
 * A company, its counters, its first user (the CEO) and the e-mail claim, all or nothing.
 * An e-mail that already belongs to someone fails with 409 and writes nothing.
 */
export async function createCompanyWithOwner(input: NewCompanyWithOwner): Promise<{ company: Company; user: User }> {
  const now = input.now ?? new Date();
  const createdAt = now.toISOString();
  const plan = input.company.plan ?? 'trial';
  const company: Company = {
    id: input.company.id ?? ulid(),
    name: input.company.name,
    plan,
    paymentStatus: 'pending',
    trialEndsAt: plan === 'trial' ? new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString() : null,
    email: input.company.email ?? input.owner.email,
    preferredLanguage: input.company.preferredLanguage ?? 'portuguese',
    timezone: 'America/New_York',
    twoFactorEnabled: false,
    createdAt,
    updatedAt: createdAt,
  };
  const user: User = {
    id: input.owner.id ?? crypto.randomUUID(),
    email: input.owner.email.toLowerCase(),
    firstName: input.owner.firstName ?? null,
    lastName: input.owner.lastName ?? null,
    profileImageUrl: input.owner.profileImageUrl ?? null,
    emailVerified: input.owner.emailVerified ?? null,
    authProvider: input.owner.authProvider ?? 'cognito',
    role: input.owner.role ?? 'ceo',
    companyId: company.id,
    completedTasks: 0,
    createdAt,
    updatedAt: createdAt,
  };
  const stats = { ...emptyStatsItem(company.id), userCount: 1 };
  await transactWrite(
    [
      { Put: { TableName: tableName(), Item: emailClaimItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: { ...keys.company(company.id), ...keys.companyIndexes(company), entity: 'company', ...company }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: stats } },
      { Put: { TableName: tableName(), Item: userItem(user) } },
    ],
    () => new ConflictError('auth.emailTaken'),
  );
  return { company, user };
}

export async function updateCompany(companyId: string, body: CompanyUpdateBody): Promise<Company> {
  const fields: Record<string, unknown> = { ...body, updatedAt: nowIso() };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value ?? null;
    return `#f${i} = :v${i}`;
  });
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.company(companyId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    // Index attributes (keys.companyIndexes) stay in the table, as pk/sk do.
    return stripKeys<Company>(result.Attributes ?? {});
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFoundError();
    throw error;
  }
}

/**
 * The update that sets whether the company's owners see their guests' names (issue 41 point 3): one
 * attribute of the company item, changed alone so that a switch never writes back the rest of the
 * record; conditional on the company existing.
 */
export function ownersSeeGuestNamesUpdate(companyId: string, on: boolean, now = nowIso()): NonNullable<TransactItem['Update']> {
  return {
    TableName: tableName(),
    Key: keys.company(companyId),
    UpdateExpression: 'SET #on = :on, #updatedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#on': 'ownersSeeGuestNames', '#updatedAt': 'updatedAt' },
    ExpressionAttributeValues: { ':on': on, ':now': now },
  };
}

/** The company item as stored: its logo is an object key of the photo bucket (functions/photos/views.ts shows it). */
export type StoredCompany = Company & { logoKey?: string | null };

/**
 * Records (a key) or removes (null) the company's logo; 404 when the company does not exist. Answers
 * the company as it now is and the key the logo had before, read in the same write, so of two changes
 * at once each learns the key it replaced.
 */
export async function setCompanyLogo(companyId: string, logoKey: string | null): Promise<{ company: StoredCompany; previousLogoKey?: string }> {
  const now = nowIso();
  const update = logoKey
    ? { UpdateExpression: 'SET #logo = :logo, #updatedAt = :now', ExpressionAttributeValues: { ':logo': logoKey, ':now': now } }
    : { UpdateExpression: 'REMOVE #logo SET #updatedAt = :now', ExpressionAttributeValues: { ':now': now } };
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.company(companyId),
        ...update,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#logo': 'logoKey', '#updatedAt': 'updatedAt' },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const { logoKey: previousLogoKey, ...before } = stripKeys<Record<string, unknown>>(result.Attributes ?? {});
    const company = { ...before, ...(logoKey ? { logoKey } : {}), updatedAt: now } as StoredCompany;
    return { company, previousLogoKey: typeof previousLogoKey === 'string' ? previousLogoKey : undefined };
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFoundError();
    throw error;
  }
}

/** Used by the seed and by plan changes. */
export async function putCompany(company: Company): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.company(company.id), ...keys.companyIndexes(company), entity: 'company', ...company } }));
}

/** Every company, oldest first, a page at a time (the master's console only: index gsi2, never a Scan). */
export async function listAllCompanies(options: { limit?: number; cursor?: string } = {}): Promise<Page<Company>> {
  return queryPage<Company>({ index: 'gsi2', partition: keys.allCompanies, limit: options.limit ?? 50, cursor: options.cursor });
}

/**
 * Sets when a trial company's trial ends (the master's console: extend or end it), with the
 * reminder index, only while the company is still on the trial plan (else ConflictError). Extra
 * items (the audit line) are written in the same transaction.
 */
export async function setTrialEnd(companyId: string, trialEndsAt: string, extra: TransactItem[] = []): Promise<void> {
  const index = keys.trialEndIndex(companyId, trialEndsAt);
  await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.company(companyId),
          UpdateExpression: 'SET trialEndsAt = :end, updatedAt = :now, gsi3pk = :gpk, gsi3sk = :gsk',
          ConditionExpression: 'attribute_exists(pk) AND #plan = :trial',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: { ':end': trialEndsAt, ':now': nowIso(), ':gpk': index.gsi3pk, ':gsk': index.gsi3sk, ':trial': 'trial' },
        },
      },
      ...extra,
    ],
    (failed) => (failed === 0 ? new ConflictError('admin.notOnTrial') : new ConflictError()),
  );
}
