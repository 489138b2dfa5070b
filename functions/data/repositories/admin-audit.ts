// What the master account did to a company in the platform's console (issue 22 point 6): one item
// per action in the company's partition (ULID ids, newest first), written with the action where the
// action is ours to write, so an action is never without its line.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { db, tableName } from '../client';
import { queryPage, type TransactItem } from '../db';
import { keys } from '../keys';

export const ADMIN_ACTIONS = ['trial_extended', 'trial_ended', 'plan_set', 'request_applied', 'request_refused'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export interface AdminAuditEntry {
  id: string;
  companyId: string;
  at: string;
  action: AdminAction;
  by: { userId: string; email: string };
  /** What changed: e.g. { trialEndsAt: { from, to } } or { plan: { from, to } }. */
  changes: Record<string, { from: unknown; to: unknown }>;
  reason?: string | null;
}

export function newAuditEntry(input: Omit<AdminAuditEntry, 'id' | 'at'>, at: Date): AdminAuditEntry {
  return { id: ulid(at.getTime()), at: at.toISOString(), ...input };
}

export function auditPut(entry: AdminAuditEntry): TransactItem {
  return { Put: { TableName: tableName(), Item: { ...keys.adminAudit(entry.companyId, entry.id), entity: 'adminAudit', ...entry }, ConditionExpression: 'attribute_not_exists(pk)' } };
}

export async function putAudit(entry: AdminAuditEntry): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.adminAudit(entry.companyId, entry.id), entity: 'adminAudit', ...entry } }));
}

export async function listAudit(companyId: string, limit = 100): Promise<AdminAuditEntry[]> {
  return (await queryPage<AdminAuditEntry>({ partition: keys.companyPartition(companyId), beginsWith: keys.adminAuditPrefix, newestFirst: true, limit })).items;
}
