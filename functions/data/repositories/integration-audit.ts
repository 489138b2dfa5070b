// The company's integration history (issue 39): every API key and webhook action (created, revoked,
// changed, secret rotated, disabled after failing) is one item in the company's partition, written in
// the same transaction as the action, so an action is never without its line. The Integrations page
// lists them, newest first.
import { ulid } from 'ulid';
import { tableName } from '../client';
import { queryPage, type TransactItem } from '../db';
import { keys } from '../keys';

export interface IntegrationAuditEntry {
  id: string;
  at: string;
  /** e.g. api_key.created, api_key.revoked, webhook.created, webhook.updated, webhook.deleted, webhook.secret_rotated, webhook.disabled */
  action: string;
  /** Who did it: a member's id, or `system` (an endpoint disabled after failing). */
  actorUserId: string;
  /** What it was done to: the key's or endpoint's id and a readable label (its name or URL). */
  subject: { kind: 'api_key' | 'webhook'; id: string; label: string };
  details?: Record<string, unknown>;
}

export function integrationAuditPut(companyId: string, entry: Omit<IntegrationAuditEntry, 'id' | 'at'>, at = new Date()): TransactItem {
  const item: IntegrationAuditEntry = { id: ulid(at.getTime()), at: at.toISOString(), ...entry };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.integrationAudit(companyId, item.id), entity: 'integrationAudit', ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function listIntegrationAudit(companyId: string, limit = 50): Promise<IntegrationAuditEntry[]> {
  return (
    await queryPage<IntegrationAuditEntry>({ partition: keys.companyPartition(companyId), beginsWith: keys.integrationAuditPrefix, newestFirst: true, limit })
  ).items;
}
