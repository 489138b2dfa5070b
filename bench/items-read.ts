// Counts DynamoDB items read per request at the SDK boundary: a middleware on the same client the
// handlers use, installed by the bench only (production code carries no counters).
import { dynamoClient, readClient } from '../functions/data/client';

let itemsRead = 0;
let installed = false;

interface Output {
  Item?: unknown;
  Count?: number;
  ScannedCount?: number;
  Responses?: Record<string, unknown[]> | unknown[];
}

export function installItemsReadCounter(): void {
  if (installed) return;
  installed = true;
  // Before the first request: readClient caches each command's middleware stack on first use.
  for (const client of [readClient, dynamoClient]) {
    client.middlewareStack.add(
      (next) => async (args) => {
        const result = await next(args);
        const output = (result.output ?? {}) as Output;
        if (typeof output.ScannedCount === 'number') itemsRead += output.ScannedCount;
        else if (output.Item) itemsRead += 1;
        else if (Array.isArray(output.Responses)) itemsRead += output.Responses.length;
        else if (output.Responses) for (const items of Object.values(output.Responses)) itemsRead += items.length;
        return result;
      },
      { step: 'initialize', name: 'benchItemsRead' },
    );
  }
}

/** Items read since the last call. */
export function takeItemsRead(): number {
  const value = itemsRead;
  itemsRead = 0;
  return value;
}
