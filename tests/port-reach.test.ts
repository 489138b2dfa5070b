// tests/support/port-reach.ts decides which API test files load the local stand-ins (tests/load-env.ts).
// A file it wrongly lets go would run a handler against the AWS adapters: checked here against the
// TypeScript compiler's import graph of the repository, and on small planted graphs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importGraph, sourceFiles } from './support/import-graph';
import { reachesPorts } from './support/port-reach';

const ROOT = path.resolve(__dirname, '..');
const API_FOLDERS = ['shared', 'functions', 'local', 'events', 'infra', 'tests', 'bench', 'frontend/src', 'frontend/build'];
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

describe('which test files load the local stand-ins', () => {
  it('lets a file go only when the compiler finds no run-time path from it to functions/lib/ports.ts', () => {
    const testFiles = sourceFiles(ROOT, API_FOLDERS).filter((file) => file.endsWith('.test.ts'));
    const spared = testFiles.filter((file) => !reachesPorts(ROOT, file)).map(rel);
    // The compiler's graph of those files and of what they import, read a layer at a time (the
    // whole repository's takes seconds more): its run-time edges, dynamic imports included.
    const next = new Map<string, string[]>();
    let layer = spared;
    while (layer.length > 0) {
      const { edges } = importGraph(ROOT, layer);
      for (const file of layer) next.set(file, []);
      for (const edge of edges) if (!edge.typeOnly) next.get(edge.from)?.push(edge.to);
      layer = [...new Set(edges.filter((edge) => !edge.typeOnly && !next.has(edge.to)).map((edge) => edge.to))];
    }
    const reachingPorts = spared.filter((start) => {
      const seen = new Set<string>();
      const pending = [start];
      while (pending.length > 0) {
        const file = pending.pop()!;
        if (file === 'functions/lib/ports.ts') return true;
        if (seen.has(file)) continue;
        seen.add(file);
        pending.push(...(next.get(file) ?? []));
      }
      return false;
    });
    expect(reachingPorts).toEqual([]);
    // The frontend, shared and infra files are spared; the handlers' files are not.
    expect(spared).toEqual(expect.arrayContaining(['shared/money.test.ts', 'infra/test/nag.test.ts', 'frontend/src/lib/intl.test.ts']));
    expect(spared).not.toContain('functions/billing/upload-rate.test.ts');
    expect(spared.length).toBeGreaterThan(30);
  });

  describe('on planted graphs', () => {
    let root: string;
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), 'port-reach-'));
      write('functions/lib/ports.ts', 'export const definePort = () => undefined;\n');
      write('functions/sms.ts', "import { definePort } from '#functions/lib/ports';\nexport const port = definePort;\n");
      write('shared/money.ts', 'export const cents = (n: number) => n * 100;\n');
      write('shared/loader.ts', 'export const load = (name: string) => import(name);\n');
      write('shared/commented.ts', '// import(name) in a comment is no load\nexport const x = 1;\n');
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    const cases: Array<[name: string, text: string, reaches: boolean]> = [
      ['a relative import chain to a port', "import { port } from '../functions/sms';\nit('x', () => port);\n", true],
      ['an alias straight to the ports module', "import {\n  definePort,\n} from '#functions/lib/ports';\n", true],
      ['a require() of a literal path', "const sms = require('../functions/sms');\n", true],
      ['jest.mock of a port module', "jest.mock('../functions/sms');\n", true],
      ['a module that imports a computed path', "import { load } from '../shared/loader';\n", true],
      ['an export-from of a port module', "export { port } from '../functions/sms';\n", true],
      ['only shared code', "import { cents } from '../shared/money';\nimport { x } from '../shared/commented';\n", false],
      ['only a type from a port module', "import type { port } from '../functions/sms';\nexport type { port } from '../functions/sms';\n", false],
      ['packages only', "import path from 'node:path';\nimport { z } from 'zod';\n", false],
    ];
    it.each(cases)('%s', (name, text, expected) => {
      const file = `tests/${name.replace(/\W+/g, '-')}.test.ts`;
      write(file, text);
      expect(reachesPorts(root, path.join(root, file))).toBe(expected);
    });

    it('counts a file it cannot read as reaching a port', () => {
      expect(reachesPorts(root, path.join(root, 'tests/not-there.test.ts'))).toBe(true);
    });
  });
});
