// Splits the browser test files between the two lanes of `npm test` (scripts/test.sh) and prints
// them: line 1 the files of the lane that starts at once, line 2 those of the lane that runs them
// after the API project. Each file's weight is its size (a rough stand-in for how long it runs);
// the second lane starts with the API project's weight, so both lanes end at about the same time.
// Largest first, each to the lighter lane: every file lands in exactly one lane, new files included.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? 'e2e');
/**
 * The API project's share of the run, in the same unit. At nice 10 beside a browser lane it gets
 * what that lane leaves of the 2 cores and ran 824 s, while lane 1's browser files ran at about 290
 * bytes of test a second (2026-11-28, first split with a weight of 120,000: 224 KB in lane 1 for
 * 774 s; lane 2 then ran its 105 KB alone for 282 s while lane 1 sat idle). With 250,000
 * (2026-11-29): lane 1, 19 files, 628 s; lane 2, the API project 531 s then 7 files 89 s; the lanes
 * ended within 10 s of each other. 2026-12-06, with the public API, webhooks and the bundles' route
 * walk in the API project: with 250,000, lane 1 ran 22 files in 1,015 s while lane 2 ran the API
 * project for 1,095 s and then 11 files for 208 s (about 340 bytes of test a second): 360,000 moves
 * all but the smallest few files to lane 1, so both lanes end near 1,170 s. Later that day the API
 * project grew by 28% (3,042 tests: property scope and its route walk, tenant roles, inspections,
 * guest links, the portfolio calendar): an estimated 1,300 s, about 440,000 at that rate (not yet
 * measured in CI). CI then took 1,505 s. Later still, three of its slowest parts cut (each suite
 * alone before and after, same loaded machine): the infra variants that check the platform
 * synthesise two routes instead of the whole table (auth, events, edge, web, outbox-queues: 706 s ->
 * 253 s), the photo widget's Uppy cases share one child process (102 s -> 12 s), the bundles' route
 * walk starts the next functions while it calls one (walk 268 s -> 139 s). Scaled to CI (its API
 * project runs at about 0.7 of that machine's figures), about 190 s less: about 1,110 s, 380,000.
 * CI then took 1,616 s: lane 1, 29 files in 1,380 s (about 310 bytes a second); lane 2, the API
 * project for 1,556 s and then 9 files for 155 s. Since, the route checks of infra/test no longer scan
 * the template once per route (routes.test.ts 134 s in that run, 82 s alone after on a loaded
 * machine), bundle-contents.test.ts reads the prepared build's metafile instead of building every
 * handler again (46 s in that run; 108 s -> 6 s alone) and nag.test.ts builds prod once: about 100 s
 * less, about 1,450 s, 440,000. CI at 440,000 (2026-12-06, evening): lane 1, 30 files in 1,304 s; lane 2,
 * the API project for 1,223 s then 4 files for 61 s. Since, the API project's files that cannot reach
 * a port skip the stand-ins' set-up (about 1.5 s each for 55 files) and three slow suites lost their
 * waits (about 120 s less on CI), the browser files' start-up overlaps the browser launch (about
 * 50 s less): 400,000. A full run at 400,000 on this machine (2026-12-06 late, a snapshot, 92% of both
 * cores busy): lane 1, 30 files in 1,197 s; lane 2, the API project for 1,211 s then 8 files for 104
 * s, about 120 s after lane 1: 420,000 moves about 60 s of files to lane 1. At 420,000, with the
 * browser files in Chromium's headless shell (2026-12-07, a snapshot on this machine, 91% busy): lane 1,
 * 32 files in 1,046 s; lane 2, the API project for 1,122 s, then 6 files for 57 s. The API project is
 * now the longest part of the run on its own: 480,000 (more than all the browser files, 478 KB) gives
 * lane 2 no browser file, and lane 1 all of them.
 */
const API_WEIGHT = 480_000;

const files = readdirSync(dir)
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => ({ file: path.join(dir, name), weight: statSync(path.join(dir, name)).size }))
  .sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));

const lanes = [
  { load: 0, files: [] },
  { load: API_WEIGHT, files: [] },
];
for (const { file, weight } of files) {
  const lane = lanes[0].load <= lanes[1].load ? lanes[0] : lanes[1];
  lane.files.push(path.relative(process.cwd(), file));
  lane.load += weight;
}
for (const lane of lanes) console.log(lane.files.join(' '));
