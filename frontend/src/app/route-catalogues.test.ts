// The route -> catalogues map (app/route-catalogues.ts) against the code: for each module the router
// loads lazily, every text its files use (found by walking their imports, static and dynamic: the
// dialogs and deferred sections it loads later draw before the background load may have finished)
// must be in the core catalogue, the shared messages, or a feature catalogue the map names for it.
// Otherwise a new key would show raw (and the browser tests' console check would fail) on a first
// visit to that screen only.
import path from 'node:path';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { routeModules } from '../../build/startup-preload';
import { MESSAGES } from '#shared/messages';
import { ROUTE_CATALOGUES, SHELL_CATALOGUES, cataloguesOf } from './route-catalogues';
import { LAYOUT_MODULE, PUBLIC_SCREEN_MODULES, SCREEN_MODULES } from './screens';
import { firstScreenModules } from './startup-preload';

const src = path.resolve('frontend/src');
type Catalogue = { [key: string]: string | Catalogue };

function keys(catalogue: Catalogue, prefix = '', into = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.add(full);
    else keys(value, full, into);
  }
  return into;
}

/** By catalogue ('core' for src/locales and shared/messages.ts, else the feature's folder): its English keys. */
const catalogues = new Map<string, Set<string>>([['core', new Set([...keys(JSON.parse(readFileSync(`${src}/locales/en.json`, 'utf8')) as Catalogue), ...Object.keys(MESSAGES)])]]);
for (const feature of readdirSync(`${src}/features`)) {
  const file = `${src}/features/${feature}/locales/en.json`;
  if (existsSync(file)) catalogues.set(feature, keys(JSON.parse(readFileSync(file, 'utf8')) as Catalogue));
}
const groups = new Set([...catalogues.values()].flatMap((set) => [...set].map((key) => key.split('.')[0])));

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base].find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

/** A file's relative imports (static, re-exports, and `import('…')`) and the text keys it names. */
function scan(file: string): { imports: string[]; used: Array<{ key: string; prefix: boolean }> } {
  const text = readFileSync(file, 'utf8');
  const imports = [
    ...text.matchAll(/(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].flatMap((match) => resolveImport(file, match[1] ?? match[2] ?? match[3]) ?? []);
  // Comments name groups too (`dashboard.*`): left out.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  // Every string that starts with a catalogue group and a dot: `t('tasks.title')`, a key kept in a
  // constant, or the fixed start of a template (`tasks.status.${status}`), a prefix.
  const used = [...code.matchAll(/['"`]([a-zA-Z]\w*)\.([\w.]*)(\$\{)?/g)]
    .filter((match) => groups.has(match[1]) && (match[2] || match[3]))
    .map((match) => ({ key: `${match[1]}.${match[2]}`.replace(/\.$/, ''), prefix: Boolean(match[3]) || match[2].endsWith('.') || match[2] === '' }));
  return { imports, used };
}

/** The catalogues that hold `key` (or, for a prefix or a group of keys, any key below it). */
function holders(key: string, prefix: boolean): string[] {
  return [...catalogues].filter(([, set]) => (!prefix && set.has(key)) || [...set].some((candidate) => candidate.startsWith(`${key}.`))).map(([name]) => name);
}

/** Every catalogue the module's files (static and dynamic imports, followed to the end) use texts of, with an example each. */
function cataloguesUsedBy(module: string): Map<string, string> {
  const start = resolveImport(`${src}/index.ts`, `./${module}`);
  if (!start) throw new Error(`no file for ${module}`);
  const seen = new Set<string>();
  const todo = [start];
  const used = new Map<string, string>();
  while (todo.length) {
    const file = todo.pop() as string;
    if (seen.has(file) || file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
    seen.add(file);
    const { imports, used: keysUsed } = scan(file);
    for (const { key, prefix } of keysUsed) for (const name of holders(key, prefix)) if (!used.has(name)) used.set(name, `${key} (${path.relative(src, file)})`);
    todo.push(...imports);
  }
  return used;
}

/** Every module the router loads lazily: the shell, the owner portal, Not Found, every screen. */
const routerModules = [LAYOUT_MODULE, 'app/routes/NotFoundPage', 'features/owner-portal/routes/OwnerPortal', ...Object.values(SCREEN_MODULES), ...Object.values(PUBLIC_SCREEN_MODULES)];

describe('the catalogues each screen loads', () => {
  it('names every module the router loads lazily, and only modules of a routes folder', () => {
    expect(Object.keys(ROUTE_CATALOGUES).sort()).toEqual([...new Set(routerModules)].sort());
    const routes = routeModules(src);
    for (const module of Object.keys(ROUTE_CATALOGUES)) expect(routes).toContain(module);
  });

  it('names only features that have a catalogue', () => {
    for (const features of Object.values(ROUTE_CATALOGUES)) for (const feature of features) expect(catalogues.has(feature)).toBe(true);
  });

  it.each([...new Set(routerModules)])('%s: every text it (and what it imports) uses is loaded with it', (module) => {
    const unnamed = [...cataloguesUsedBy(module)].filter(([name]) => name !== 'core' && !cataloguesOf(module).includes(name as never));
    // Each entry: the catalogue the map lacks, and a key of it the module's files use (and where).
    expect(unnamed.map(([name, example]) => `${name}: ${example}`)).toEqual([]);
  });

  it('the walk finds the texts it should (a check of the check)', () => {
    const dashboard = cataloguesUsedBy(SCREEN_MODULES.dashboard);
    expect([...dashboard.keys()]).toEqual(expect.arrayContaining(['core', 'dashboard', 'tasks']));
    expect(cataloguesUsedBy(SCREEN_MODULES.calendar).has('calendar')).toBe(true);
    // A dynamically imported part's texts count: the shell's bell is loaded with import().
    expect(cataloguesUsedBy(LAYOUT_MODULE).has('inbox')).toBe(true);
  });

  it("preloads the first screen's catalogues in the language and in English, the fallback", () => {
    expect(firstScreenModules('/calendar', 'pt')).toEqual([
      'locale:pt',
      'locale:en',
      ...[...SHELL_CATALOGUES, 'calendar', 'reservations'].map((feature) => `locale:pt:${feature}`),
      ...[...SHELL_CATALOGUES, 'calendar', 'reservations'].map((feature) => `locale:en:${feature}`),
      LAYOUT_MODULE,
      SCREEN_MODULES.calendar,
    ]);
    expect(firstScreenModules('/login', 'en')).toEqual(['locale:en', PUBLIC_SCREEN_MODULES['/login']]);
    expect(firstScreenModules('/register', 'en')).toEqual(['locale:en', 'locale:en:auth', PUBLIC_SCREEN_MODULES['/register']]);
  });
});
