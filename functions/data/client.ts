import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TABLE_NAME } from './table';

// Created once per module load. The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB when set
// (the local stand-in), so no code branches on where it runs.
export const dynamoClient = new DynamoDBClient({ maxAttempts: 3 });
export const db = DynamoDBDocumentClient.from(dynamoClient, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

export function tableName(): string {
  return process.env.TABLE_NAME || DEFAULT_TABLE_NAME;
}
