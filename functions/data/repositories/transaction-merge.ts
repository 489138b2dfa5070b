// One transaction that writes two tasks (a cleaning completed and its inspection created; an
// inspection recorded and its cleaning reopened) builds each task's items with taskWrite, and both
// move the same counter items (the company's STATS, a day's DAYSTATS, a member's credit). DynamoDB
// lets a transaction touch an item once, so those are merged here: Updates of one item that only
// ADD numbers (and SET fixed attributes) under the same condition become one Update with the sums;
// an existence check of an item another Update of the transaction already conditions on existing
// is dropped. Anything else is left as it is.
import { ConflictError } from '#functions/lib/errors';
import type { TransactItem } from '../db';
import { transactCounted } from './report-stats';

type UpdateItem = NonNullable<TransactItem['Update']>;

const keyOf = (item: TransactItem): string | undefined => {
  const body = (item.Update ?? item.Put ?? item.Delete ?? item.ConditionCheck) as { TableName?: string; Key?: Record<string, unknown>; Item?: Record<string, unknown> } | undefined;
  if (!body) return undefined;
  const key = body.Key ?? (body.Item ? { pk: body.Item.pk, sk: body.Item.sk } : undefined);
  return key ? `${body.TableName}|${String(key.pk)}|${String(key.sk)}` : undefined;
};

interface Counters {
  sets: Map<string, unknown>;
  adds: Map<string, number>;
}

/** The SETs and ADDs of a counter Update (`SET #f0 = :f0 ADD #c0 :d0, …`), or undefined for any other kind. */
function countersOf(update: UpdateItem): Counters | undefined {
  const match = /^(?:SET (.+?) )?ADD (.+)$/.exec(update.UpdateExpression ?? '');
  if (!match || update.ExpressionAttributeValues === undefined) return undefined;
  const names = update.ExpressionAttributeNames ?? {};
  const values = update.ExpressionAttributeValues as Record<string, unknown>;
  const counters: Counters = { sets: new Map(), adds: new Map() };
  const attribute = (token: string) => (token.startsWith('#') ? names[token] : token);
  for (const part of (match[1] ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)) {
    const set = /^(\S+) = (:\w+)$/.exec(part);
    if (!set || attribute(set[1]) === undefined) return undefined;
    counters.sets.set(attribute(set[1])!, values[set[2]]);
  }
  for (const part of match[2].split(',').map((entry) => entry.trim())) {
    const add = /^(\S+) (:\w+)$/.exec(part);
    const value = add ? values[add[2]] : undefined;
    if (!add || typeof value !== 'number' || attribute(add[1]) === undefined) return undefined;
    const name = attribute(add[1])!;
    counters.adds.set(name, (counters.adds.get(name) ?? 0) + value);
  }
  return counters;
}

function counterUpdate(template: UpdateItem, counters: Counters): UpdateItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = [...counters.sets].map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const adds = [...counters.adds].filter(([, delta]) => delta !== 0).map(([name, delta], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = delta;
    return `#a${i} :a${i}`;
  });
  // Deltas that cancel out still touch the item (its condition, e.g. a member still existing, holds).
  if (adds.length === 0) {
    const [name] = counters.adds.keys();
    names['#a0'] = name;
    values[':a0'] = 0;
    adds.push('#a0 :a0');
  }
  return {
    TableName: template.TableName,
    Key: template.Key,
    UpdateExpression: `${sets.length ? `SET ${sets.join(', ')} ` : ''}ADD ${adds.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(template.ConditionExpression ? { ConditionExpression: template.ConditionExpression } : {}),
  };
}

const EXISTS = 'attribute_exists(pk)';

/**
 * The items with counter Updates of one item merged and redundant existence checks dropped, and
 * for each item left the indexes of the items it stands for (to name a failed condition's error).
 */
export function mergeTransactItems(items: readonly TransactItem[]): { items: TransactItem[]; origins: number[][] } {
  const out: Array<{ item: TransactItem; origins: number[]; counters?: Counters }> = [];
  const byKey = new Map<string, number>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    const at = key === undefined ? undefined : byKey.get(key);
    if (key === undefined || at === undefined) {
      if (key !== undefined) byKey.set(key, out.length);
      out.push({ item, origins: [index], counters: item.Update ? countersOf(item.Update) : undefined });
      return;
    }
    const held = out[at];
    // An existence check next to an Update of the same item that requires it to exist: dropped.
    if (item.ConditionCheck?.ConditionExpression === EXISTS && held.item.Update?.ConditionExpression?.includes(EXISTS)) {
      held.origins.push(index);
      return;
    }
    if (held.item.ConditionCheck?.ConditionExpression === EXISTS && item.Update?.ConditionExpression?.includes(EXISTS)) {
      out[at] = { item, origins: [...held.origins, index], counters: countersOf(item.Update) };
      return;
    }
    const counters = item.Update ? countersOf(item.Update) : undefined;
    if (held.counters && counters && held.item.Update && (held.item.Update.ConditionExpression ?? '') === (item.Update!.ConditionExpression ?? '') && !item.Update!.ConditionExpression?.includes(':')) {
      for (const [name, value] of counters.sets) held.counters.sets.set(name, value);
      for (const [name, delta] of counters.adds) held.counters.adds.set(name, (held.counters.adds.get(name) ?? 0) + delta);
      held.item = { Update: counterUpdate(held.item.Update, held.counters) };
      held.origins.push(index);
      return;
    }
    // Not mergeable: kept (DynamoDB will refuse the transaction, which is a bug to see, not to hide).
    out.push({ item, origins: [index] });
  });
  return { items: out.map((entry) => entry.item), origins: out.map((entry) => entry.origins) };
}

/** Parts of one transaction, each with the error of its failed conditions. */
export interface TransactionPart {
  items: readonly TransactItem[];
  errorFor: (index: number) => Error;
}

/**
 * Writes the parts as one transaction (merged as above; retried on a conflict with another
 * transaction, as transactCounted does), naming a failed condition's error by the part it came from.
 */
export async function writeMerged(parts: readonly TransactionPart[]): Promise<void> {
  const all = parts.flatMap((part) => part.items);
  const merged = mergeTransactItems(all);
  await transactCounted(merged.items, (index) => {
    let offset = merged.origins[index]?.[0] ?? -1;
    for (const part of parts) {
      if (offset < part.items.length) return part.errorFor(offset);
      offset -= part.items.length;
    }
    return new ConflictError();
  });
}
