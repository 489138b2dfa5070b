// Whether a test file can reach a port of the functions (functions/lib/ports.ts) at run time, read
// from the sources with a few regular expressions (no compiler: it runs once per test file, before
// the file loads). tests/load-env.ts configures the local stand-ins (local/ports.ts) only for the
// files that can: loading that graph (the stand-ins, the route table, the schemas, the AWS
// clients) costs about 1.5 s per test file under Jest, which the frontend, shared and infra files
// never use. It errs towards "yes": an `import()` or `require()` of a computed path anywhere in the
// file's graph counts as reaching a port, and so does a file it cannot read.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The module every port is defined with (functions/lib/ports.ts). */
const PORTS_MODULE = path.join('functions', 'lib', 'ports.ts');

/** package.json "imports": #shared/* and #functions/*. */
const ALIASES: Array<[prefix: string, folder: string]> = [
  ['#shared/', 'shared'],
  ['#functions/', 'functions'],
];

/** `import … from 'x'`, `import 'x'`, `export … from 'x'`, less the type-only ones. */
const STATIC_IMPORT = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"\n]+)['"]/g;
/** `import('x')`, `require('x')`, `jest.mock('x')`, `jest.requireActual('x')`… */
const CALL_IMPORT = /\b(?:import|require|requireActual|requireMock|mock|doMock)\(\s*['"]([^'"\n]+)['"]\s*[,)]/g;
/** `import(` or `require(` of anything but a string literal: a path known only at run time. */
const COMPUTED_IMPORT = /(?<![\w.$])(?:import|require)\(\s*(?!['"][^'"\n]*['"]\s*[,)])(?!\))/g;

/**
 * Files whose computed `import(` or `require(` is text, not a load in this process (checked by
 * hand): code written for a bundle, a child process's script, a string searched for.
 */
const COMPUTED_AS_TEXT = new Set(
  ['infra/lib/sdk-require.ts', 'frontend/src/features/tasks/utils/photo-upload.test.ts', 'frontend/src/app/screens.test.ts'].map((file) => path.join(...file.split('/'))),
);

/** A line that is a comment from its start: `// …`, `/* …`, ` * …`. */
const COMMENT_LINE = /^[ \t]*(?:\/\/|\/\*|\*).*$/gm;

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  let base: string | undefined;
  if (specifier.startsWith('./') || specifier.startsWith('../')) base = path.resolve(path.dirname(from), specifier);
  else {
    const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) base = path.join(root, alias[1], specifier.slice(alias[0].length));
  }
  if (!base) return undefined; // a package
  const candidates = [base.replace(/\.js$/, '.ts'), ...SOURCE_EXTENSIONS.map((ext) => base + ext)];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

interface FileImports {
  imports: string[];
  computed: boolean;
}

const scanned = new Map<string, FileImports | undefined>();

function scan(root: string, file: string): FileImports | undefined {
  if (scanned.has(file)) return scanned.get(file);
  let result: FileImports | undefined;
  try {
    const text = readFileSync(file, 'utf8');
    const imports = new Set<string>();
    for (const match of text.matchAll(STATIC_IMPORT)) {
      if (match[2]) continue; // import type / export type
      const resolved = resolveSpecifier(root, file, match[3]);
      if (resolved) imports.add(resolved);
    }
    for (const match of text.matchAll(CALL_IMPORT)) {
      const resolved = resolveSpecifier(root, file, match[1]);
      if (resolved) imports.add(resolved);
    }
    // Comment lines may quote an `import(` (only whole lines: a `//` may sit inside a string).
    const code = text.replace(COMMENT_LINE, '');
    const asText = COMPUTED_AS_TEXT.has(path.relative(root, file));
    result = { imports: [...imports], computed: !asText && COMPUTED_IMPORT.test(code) };
    COMPUTED_IMPORT.lastIndex = 0;
  } catch {
    result = undefined;
  }
  scanned.set(file, result);
  return result;
}

const answers = new Map<string, boolean>();

/** True when the test file's run-time imports may reach a port (see the top of this file). */
export function reachesPorts(root: string, testFile: string): boolean {
  const known = answers.get(testFile);
  if (known !== undefined) return known;
  const portsModule = path.join(root, PORTS_MODULE);
  const seen = new Set<string>();
  const pending = [testFile];
  let reaches = false;
  while (pending.length > 0 && !reaches) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const imports = scan(root, file);
    if (!imports || imports.computed || file === portsModule) reaches = true;
    else pending.push(...imports.imports);
  }
  answers.set(testFile, reaches);
  return reaches;
}
