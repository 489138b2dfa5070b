// The data construct: the single table of functions/data/table.ts, with TTL, PITR and encryption;
// prod keeps it (retain, deletion protection), other stages delete it with the stack.
import { Match } from 'aws-cdk-lib/assertions';
import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '#functions/data/table';
import { testStage } from './support/synth';
import { resources } from './support/template';

const dev = testStage('dev').template;
const prod = testStage('prod').template;
const table = (template: typeof dev) => Object.values(resources(template, 'AWS::DynamoDB::Table'))[0];

describe('the data construct', () => {
  it('creates one table', () => {
    dev.resourceCountIs('AWS::DynamoDB::Table', 1);
  });

  it('declares the keys of functions/data/table.ts', () => {
    dev.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
  });

  it('declares every global index of functions/data/table.ts, projecting all attributes', () => {
    const indexes = table(dev).Properties.GlobalSecondaryIndexes as Array<Record<string, any>>;
    expect(indexes.map((index) => index.IndexName)).toEqual(GLOBAL_INDEXES.map((index) => index.indexName));
    for (const index of GLOBAL_INDEXES) {
      expect(indexes).toContainEqual({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
    }
  });

  it('expires sessions and one-time tokens by the TTL attribute', () => {
    dev.hasResourceProperties('AWS::DynamoDB::Table', { TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } });
  });

  it.each([['dev'], ['prod']])('has point-in-time recovery and encryption with the AWS managed KMS key in %s', (stage) => {
    testStage(stage).template.hasResourceProperties('AWS::DynamoDB::Table', {
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      // SSEEnabled without a key: KMS with the AWS managed key (aws/dynamodb), not the owned key.
      SSESpecification: { SSEEnabled: true, KMSMasterKeyId: Match.absent() },
    });
  });

  it('is retained and deletion-protected in prod', () => {
    expect(table(prod)).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain', Properties: { DeletionProtectionEnabled: true } });
  });

  it('is deleted with the stack in other stages', () => {
    expect(table(dev)).toMatchObject({ DeletionPolicy: 'Delete', Properties: { DeletionProtectionEnabled: false } });
  });
});
