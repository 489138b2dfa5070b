// The single table's shape. The local stack creates it from this definition and the CDK data
// construct declares the same keys and indexes from it, so the two cannot drift apart.
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

export const GLOBAL_INDEXES = [
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
] as const;

export type IndexName = (typeof GLOBAL_INDEXES)[number]['indexName'];

/** Epoch-seconds attribute DynamoDB's TTL deletes items by (sessions, one-time tokens). */
export const TTL_ATTRIBUTE = 'expiresAt';

export const DEFAULT_TABLE_NAME = 'RentalOps';
