// `npm test` runs the browser files in two lanes (scripts/test.sh), split by scripts/browser-lanes.mjs:
// every browser test file must run, and exactly once, whatever files are added.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

function lanes(dir: string): string[][] {
  const out = execFileSync(process.execPath, [path.join(ROOT, 'scripts/browser-lanes.mjs'), dir], { cwd: ROOT, encoding: 'utf8' });
  const lines = out.split('\n').slice(0, 2);
  return lines.map((line) => line.split(' ').filter(Boolean));
}

test('puts every browser test file in exactly one of the two lanes', () => {
  const [first, second] = lanes('e2e');
  const all = [...first!, ...second!].sort();
  const expected = readdirSync(path.join(ROOT, 'e2e'))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join('e2e', name))
    .sort();
  expect(all).toEqual(expected);
  expect(new Set(all).size).toBe(all.length);
  // The lane that waits for the API project gets the smaller share, maybe none (scripts/test.sh then
  // skips its browser run); the first lane is never empty.
  expect(first!.length).toBeGreaterThan(second!.length);
  expect(first!.length).toBeGreaterThan(0);
});

test('splits any folder of test files, small and new ones included, and ignores other files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lanes-'));
  try {
    for (const [name, size] of [['a.test.ts', 300_000], ['b.test.ts', 10], ['c.test.ts', 0], ['helper.ts', 5]] as const) writeFileSync(path.join(dir, name), 'x'.repeat(size));
    const [first, second] = lanes(dir);
    const names = [...first!, ...second!].map((file) => path.basename(file)).sort();
    expect(names).toEqual(['a.test.ts', 'b.test.ts', 'c.test.ts']);
    expect(first!.map((file) => path.basename(file))).toContain('a.test.ts');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
