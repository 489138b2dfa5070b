// Counting the DynamoDB calls a piece of code makes (both the low-level and the document client),
// without changing them: the tests of the one-read paths (dashboard figures, task-list pages).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** DynamoDB calls made while `fn` runs, by command name (`GetItem`, `BatchGetItem`, `Query`…). */
export async function callsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const names: string[] = [];
  const spies = [DynamoDBClient, DynamoDBDocumentClient].map((client) => {
    const original = client.prototype.send;
    return jest.spyOn(client.prototype, 'send').mockImplementation(function (this: unknown, command: unknown, ...rest: unknown[]) {
      names.push((command as { constructor: { name: string } }).constructor.name.replace(/Command$/, ''));
      return (original as (...args: unknown[]) => unknown).call(this, command, ...rest);
    } as never);
  });
  try {
    await fn();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return names;
}
