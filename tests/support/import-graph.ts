// The repository's import graph, read with the TypeScript compiler API (no extra package): every
// import, export-from, `import()` and `require()` of every .ts/.tsx file, resolved as tsc resolves
// it (tsconfig paths, package.json "imports" such as #shared/*). Used by tests/architecture.test.ts
// to hold the floors and to find cycles.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** Both paths relative to the repository root, with forward slashes. */
  from: string;
  to: string;
  specifier: string;
  line: number;
  /** `import type`, `export type`, or every named binding `type`: gone at run time. */
  typeOnly: boolean;
  /** `await import()`: loaded only on the path that runs it (still bundled). */
  dynamic: boolean;
}

const SKIP_DIRS = new Set(['node_modules', 'dist', 'cdk.out', '.data', '.test-data', 'coverage', 'test-results', '.git']);

/** Every .ts/.tsx file under the given folders (relative to root), declaration files excluded. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      if (SKIP_DIRS.has(entry)) continue;
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const folder of folders) {
    const full = path.join(root, folder);
    if (statSync(full, { throwIfNoEntry: false })?.isDirectory()) walk(full);
    else if (statSync(full, { throwIfNoEntry: false })?.isFile()) files.push(full);
  }
  return files.sort();
}

function compilerOptions(root: string): ts.CompilerOptions {
  const configFile = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
  if (!configFile) return { moduleResolution: ts.ModuleResolutionKind.Bundler };
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configFile)).options;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x'`: a side effect
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  if (ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return Boolean(clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly));
}

/** The import edges of every file, resolved to files of the repository (packages are left out). */
export function importGraph(root: string, folders: readonly string[]): { files: string[]; edges: ImportEdge[] } {
  const options = compilerOptions(root);
  const host = ts.createCompilerHost(options);
  const files = sourceFiles(root, folders);
  const edges: ImportEdge[] = [];
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

  for (const file of files) {
    const text = ts.sys.readFile(file) ?? '';
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const add = (specifier: ts.Expression | undefined, node: ts.Node, typeOnly: boolean, dynamic: boolean) => {
      if (!specifier || !ts.isStringLiteralLike(specifier)) return; // a computed path: resolved at run time
      const resolved = ts.resolveModuleName(specifier.text, file, options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.includes(`${path.sep}node_modules${path.sep}`)) return;
      if (resolved.resolvedFileName.endsWith('.d.ts') || resolved.resolvedFileName.endsWith('.json')) return;
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      edges.push({ from: rel(file), to: rel(resolved.resolvedFileName), specifier: specifier.text, line, typeOnly, dynamic });
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node, isTypeOnlyImport(node), false);
      else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node, isTypeOnlyExport(node), false);
      else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
        add(node.moduleReference.expression, node, node.isTypeOnly, false);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        add(node.argument.literal as ts.Expression, node, true, false); // `typeof import('./x')`
      } else if (ts.isCallExpression(node)) {
        if (node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], node, false, true);
        else if (ts.isIdentifier(node.expression) && node.expression.text === 'require') add(node.arguments[0], node, false, true);
        else if (
          ts.isPropertyAccessExpression(node.expression) &&
          ['requireActual', 'mock', 'doMock', 'requireMock'].includes(node.expression.name.text) &&
          ts.isIdentifier(node.expression.expression) &&
          node.expression.expression.text === 'jest'
        ) {
          add(node.arguments[0], node, false, true);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { files: files.map(rel), edges };
}

/**
 * The import cycles (strongly connected components of more than one file, or a file importing
 * itself), each as the list of its files. Type-only edges count unless `runtimeOnly`.
 */
export function findCycles(files: readonly string[], edges: readonly ImportEdge[], runtimeOnly = false): string[][] {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const edge of edges) {
    if (runtimeOnly && edge.typeOnly) continue;
    next.get(edge.from)?.push(edge.to);
  }
  // Tarjan's algorithm, iterative (the graph has hundreds of files).
  let index = 0;
  const indices = new Map<string, number>();
  const lowlink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  for (const start of files) {
    if (indices.has(start)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    indices.set(start, index);
    lowlink.set(start, index);
    index += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const targets = next.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const target = targets[frame.i];
        frame.i += 1;
        if (!next.has(target)) continue;
        if (!indices.has(target)) {
          indices.set(target, index);
          lowlink.set(target, index);
          index += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, i: 0 });
        } else if (onStack.has(target)) {
          lowlink.set(frame.node, Math.min(lowlink.get(frame.node)!, indices.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        lowlink.set(parent, Math.min(lowlink.get(parent)!, lowlink.get(frame.node)!));
      }
      if (lowlink.get(frame.node) === indices.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && (next.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
