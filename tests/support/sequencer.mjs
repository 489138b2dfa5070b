// Jest's order (the slowest known first, else the largest file first), except for the few test
// files whose cost grows with every company the run has created before them: they run first.
// functions/billing/admin-console.test.ts pages through every company of the shared table, oldest
// first, with each one's usage (GET /api/admin/companies): 5 to 8 s alone (a busy machine), 28 s halfway
// through the API project (lane 2 of the 2026-12-06 CI run, after the companies of 65 files).
import TestSequencer from '@jest/test-sequencer';

const FIRST = ['functions/billing/admin-console.test.ts'];

const rank = (test) => {
  const index = FIRST.findIndex((file) => test.path.split('\\').join('/').endsWith(`/${file}`));
  return index === -1 ? FIRST.length : index;
};

export default class ApiFirstSequencer extends (TestSequencer.default ?? TestSequencer) {
  async sort(tests) {
    const sorted = await super.sort(tests);
    // A stable sort: the others keep Jest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
