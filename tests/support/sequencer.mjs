// Jest's order (the slowest known first, else the largest file first), except:
// - first, the few test files whose cost grows with every company the run has created before them.
//   functions/billing/admin-console.test.ts pages through every company of the shared table, oldest
//   first, with each one's usage (GET /api/admin/companies): 5 to 8 s alone (a busy machine), 28 s
//   halfway through the API project (lane 2 of the 2026-12-06 CI run, after the companies of 65 files);
// - last, the files that load the function bundles or read the built web app: `npm test` builds
//   both beside the API project's first tests (scripts/test.sh), and these wait for those builds
//   (local/bundles/sources.ts, tests/support/web-build.ts), so they come when the builds are long
//   done: tests/bundles.test.ts, infra/test/bundle-contents.test.ts, the three that read
//   frontend/dist, and the browser files named in E2E_BUNDLES.
import TestSequencer from '@jest/test-sequencer';

const FIRST = ['functions/billing/admin-console.test.ts'];
const LAST = [
  'tests/bundles.test.ts',
  'infra/test/bundle-contents.test.ts',
  'local/start.test.ts',
  'local/dev-server.test.ts',
  'frontend/build/precompress.test.ts',
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
