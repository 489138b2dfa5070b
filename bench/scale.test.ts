// The short, CI-sized version of the scale benchmark: it fails when the DynamoDB items a request
// reads grow with the company's size (a Scan, or a list that is not paginated, would).
import { runScale } from './scale';

describe('flat cost as a company grows', () => {
  it('reads the same number of items for a company with 100 tasks and one with 3,000 (both past one page of each list)', async () => {
    const rows = await runScale({ smallTasks: 100, smallProperties: 30, largeTasks: 3_000, iterations: 3, naiveIterations: 1 });
    for (const row of rows) {
      expect({ endpoint: row.endpoint, items: row.large.items }).toEqual({ endpoint: row.endpoint, items: row.small.items });
      expect(row.small.items).toBeGreaterThan(0);
    }
    expect(rows[0].naive.large.items).toBeGreaterThan(3_000);
  }, 120_000);
});
