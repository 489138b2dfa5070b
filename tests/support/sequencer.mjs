// Jest's order (the slowest known first, else the largest file first), except:
// - first, the few test files whose cost grows with every company the run has created before them.
//   functions/billing/admin-console.test.ts pages through every company of the shared table, oldest
//   first, with each one's usage (GET /api/admin/companies): 5 to 8 s alone (a busy machine), 28 s
//   halfway through the API project (lane 2 of the 2026-12-06 CI run, after the companies of 65 files);
// - last, the browser files named in E2E_BUNDLES: `npm test` builds the function bundles beside its
//   first tests (scripts/test.sh), and a file that loads them before the build is done waits for it
//   (local/bundles/sources.ts), so they come when it is long done. (The API files that load the
//   bundles or read the built web app are the API project's tail, which scripts/test.sh runs after
//   the builds: TAIL_GROUPS.)
import TestSequencer from '@jest/test-sequencer';

const FIRST = ['functions/billing/admin-console.test.ts'];
const LAST = [
  ...(process.env.E2E_BUNDLES ?? '').split(/[\s,]+/).filter(Boolean).map((name) => `e2e/${name}.test.ts`),
];

const endsWithOneOf = (test, files) => {
  const file = test.path.split('\\').join('/');
  return files.some((candidate) => file.endsWith(`/${candidate}`));
};
const rank = (test) => {
  const index = FIRST.findIndex((file) => endsWithOneOf(test, [file]));
  if (index !== -1) return index - FIRST.length;
  return endsWithOneOf(test, LAST) ? 1 : 0;
};

export default class ApiFirstSequencer extends (TestSequencer.default ?? TestSequencer) {
  async sort(tests) {
    const sorted = await super.sort(tests);
    // A stable sort: the others keep Jest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
