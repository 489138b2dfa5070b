// The single table, declared from functions/data/table.ts (the same definition the local stack
// creates its table from): keys, global indexes, the TTL attribute. Point-in-time recovery and
// encryption always; in prod the table is retained and deletion-protected.
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '#functions/data/table';

export interface DataProps {
  /** prod: RETAIN and deletion protection; other stages are deleted with the stack. */
  retain: boolean;
}

export class Data extends Construct {
  readonly table: dynamodb.Table;
  readonly indexNames: readonly string[] = GLOBAL_INDEXES.map((index) => index.indexName);

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const key = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: key(TABLE_KEYS.partitionKey),
      sortKey: key(TABLE_KEYS.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // The events outbox (functions/data/outbox.ts): the stream hands new outbox items to the relay.
      stream: dynamodb.StreamViewType.NEW_IMAGE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of GLOBAL_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }
}
