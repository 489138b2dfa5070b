// The house rules on imports (README, "Architecture"), checked over every .ts/.tsx file with the
// TypeScript compiler API (tests/support/import-graph.ts): static imports, export-from, `import()`,
// `require()` and type-only imports alike.
//
//   1. No import cycles anywhere.
//   2. Production code (shared, events, functions, frontend/src, infra/lib; tests and fixtures
//      aside) never imports local/, tests/, e2e/, bench/ or scripts/: stand-ins come in through the
//      ports (functions/lib/ports.ts), configured by local/ports.ts.
//   3. The backend's floors run one way (a file imports its own floor or lower ones):
//        contracts (shared/, events/, functions/<port>/port.ts) <- functions/lib core
//        <- functions/data <- functions/lib request kit (HTTP wrapper)
//        <- ports and adapters (functions/events, functions/jobs, functions/mail)
//        <- domain modules (functions/<module>/) <- functions/handlers
//      A domain module does not import another one: it goes through an event or through a piece
//      moved below both (functions/data, shared). A handler does not import another handler.
//      The tables (functions/routes.ts, functions/event-handlers.ts) name handlers by string and
//      import only contracts; of the functions, only the request kit and handlers read them.
//   4. The frontend's floors: shared <- lib, config, icons <- components <- features <- app <- main.tsx;
//      the frontend imports no backend code but shared/.
// An exception is written down below with its reason; a listed exception that no longer occurs
// fails too, so the list only shrinks.
import path from 'node:path';
import { findCycles, importGraph, type ImportEdge } from './support/import-graph';

const ROOT = path.resolve(__dirname, '..');
const FOLDERS = ['shared', 'events', 'functions', 'local', 'infra', 'frontend/src', 'tests', 'e2e', 'bench', 'scripts'];

/** Imports that break a rule today, each with why it stays for now. Remove a line when it is fixed. */
const KNOWN_EXCEPTIONS: ReadonlyArray<{ from: string; to: string; reason: string }> = [];

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)(fixtures|support|__mocks__)\//.test(file);
const DEV_ONLY = /^(local|tests|e2e|bench|scripts)\//;
const isProduction = (file: string) =>
  !isTest(file) && (/^(shared|events|functions)\//.test(file) || file.startsWith('frontend/src/') || file.startsWith('infra/lib/') || file.startsWith('infra/bin/'));

/** functions/lib files below the data layer (plumbing without I/O: metrics and tracing only log); the others are the request kit. */
const LIB_CORE = new Set(['errors', 'logger', 'env', 'on-first-use', 'ports', 'metrics', 'tracing', 'tenant']);
const TABLES = new Set(['functions/routes.ts', 'functions/event-handlers.ts']);
/** Below the domain modules: what they all reach the outside world through (a port, its AWS adapter). */
const PORT_MODULES = new Set(['events', 'jobs', 'mail', 'storage']);

type Floor = { rank: number; name: string; module?: string };

function backendFloor(file: string): Floor | undefined {
  if (file.startsWith('shared/') || file.startsWith('events/')) return { rank: 0, name: 'contracts' };
  if (TABLES.has(file)) return { rank: 0, name: 'table' };
  const parts = file.split('/');
  if (parts[0] !== 'functions' || parts.length < 3) return undefined;
  const area = parts[1];
  // A port's own definition (its interface and names): a contract the tables may name too.
  if (PORT_MODULES.has(area) && parts[2] === 'port.ts') return { rank: 0, name: 'port contract' };
  if (area === 'lib') return LIB_CORE.has(parts[2].replace(/\.tsx?$/, '')) ? { rank: 1, name: 'lib core' } : { rank: 3, name: 'lib request kit' };
  if (area === 'data') return { rank: 2, name: 'data' };
  if (PORT_MODULES.has(area)) return { rank: 4, name: 'ports' };
  if (area === 'handlers') return { rank: 6, name: 'handlers', module: parts.slice(2).join('/') };
  return { rank: 5, name: 'domain', module: area };
}

function frontendFloor(file: string): Floor | undefined {
  if (file.startsWith('shared/')) return { rank: 0, name: 'shared' };
  if (!file.startsWith('frontend/src/')) return undefined;
  const area = file.split('/')[2];
  if (area === 'lib' || area === 'config' || area === 'locales' || area === 'icons' || area === 'vite-env.d.ts') return { rank: 1, name: area };
  if (area === 'components') return { rank: 2, name: 'components' };
  if (area === 'features') return { rank: 3, name: 'features' };
  if (area === 'app') return { rank: 4, name: 'app' };
  return { rank: 5, name: area };
}

/** Why an edge breaks a rule, or undefined. */
export function violation(edge: ImportEdge): string | undefined {
  const { from, to } = edge;
  if (!isProduction(from)) return undefined;
  if (DEV_ONLY.test(to) || (isTest(to) && !isTest(from))) return 'production code imports development code (local/, tests, fixtures)';
  if (from.startsWith('frontend/src/')) {
    if (!to.startsWith('frontend/src/') && !to.startsWith('shared/')) return 'the frontend imports backend code (only shared/ is common)';
    const a = frontendFloor(from)!;
    const b = frontendFloor(to)!;
    if (b.rank > a.rank) return `frontend floor ${a.name} imports the higher floor ${b.name}`;
    return undefined;
  }
  if (to.startsWith('frontend/')) return 'backend code imports the frontend';
  if (from.startsWith('infra/')) return undefined; // the CDK app reads the tables, the table layout and the catalogue
  if (to.startsWith('infra/')) return 'production code imports the CDK app';
  const a = backendFloor(from);
  const b = backendFloor(to);
  if (!a || !b) return undefined;
  const contract = (floor: Floor) => floor.name === 'contracts' || floor.name === 'port contract';
  if (a.name === 'contracts' && b.name !== 'contracts') return 'a contract (shared/, events/) imports something else than shared/ and events/';
  if ((a.name === 'table' || a.name === 'port contract') && !contract(b)) return `a ${a.name} imports something else than contracts`;
  if (b.name === 'table' && a.name !== 'table' && a.name !== 'lib request kit' && a.name !== 'handlers') return `${a.name} reads a table (only the request kit and handlers do)`;
  if (b.rank > a.rank) return `${a.name} (${from.split('/').slice(0, 2).join('/')}) imports the higher floor ${b.name}`;
  if (a.name === 'domain' && b.name === 'domain' && a.module !== b.module) return `domain module ${a.module} imports domain module ${b.module} (go through an event or a piece below both)`;
  if (a.name === 'handlers' && b.name === 'handlers') return 'a handler imports another handler (share through a domain module)';
  return undefined;
}

describe('architecture', () => {
  const { files, edges } = importGraph(ROOT, FOLDERS);

  it('reads the whole tree', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toEqual(expect.arrayContaining(['functions/routes.ts', 'functions/lib/http.ts', 'local/start.ts', 'frontend/src/main.tsx']));
    // #shared/* and #functions/* resolve (package.json "imports"), as relative paths do.
    expect(edges.some((edge) => edge.specifier.startsWith('#functions/') && edge.to.startsWith('functions/'))).toBe(true);
  });

  it('has no import cycle', () => {
    expect(findCycles(files, edges)).toEqual([]);
  });

  it('keeps every import on its floor or below, and no production import of development code', () => {
    const known = new Set(KNOWN_EXCEPTIONS.map((exception) => `${exception.from} -> ${exception.to}`));
    const found = edges
      .map((edge) => ({ edge, why: violation(edge) }))
      .filter((entry): entry is { edge: ImportEdge; why: string } => Boolean(entry.why))
      .filter(({ edge }) => !known.has(`${edge.from} -> ${edge.to}`))
      .map(({ edge, why }) => `${edge.from}:${edge.line} imports ${edge.to}: ${why}`);
    expect(found).toEqual([]);
  });

  it('lists only exceptions that still occur', () => {
    const stale = KNOWN_EXCEPTIONS.filter((exception) => !edges.some((edge) => edge.from === exception.from && edge.to === exception.to && violation(edge)));
    expect(stale).toEqual([]);
  });
});

describe('the rules themselves', () => {
  const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, specifier: to, line: 1, typeOnly, dynamic: false });

  it.each([
    ['functions/notifications/sms.ts', 'local/outbox.ts'],
    ['functions/lib/http.ts', 'functions/events/publisher.ts'],
    ['functions/data/repositories/reservations.ts', 'functions/reservations/days.ts'],
    ['functions/notifications/notifier.ts', 'functions/reservations/service.ts'],
    ['functions/reservations/service.ts', 'functions/team/views.ts'],
    ['functions/lib/errors.ts', 'functions/data/client.ts'],
    ['functions/events/publisher.ts', 'functions/team/views.ts'],
    ['shared/rules.ts', 'functions/lib/errors.ts'],
    ['functions/routes.ts', 'functions/handlers/get-health.ts'],
    ['functions/event-handlers.ts', 'functions/jobs/queue.ts'],
    ['functions/jobs/port.ts', 'functions/lib/logger.ts'],
    ['functions/mail/mailer.ts', 'functions/notifications/notifier.ts'],
    ['functions/reservations/service.ts', 'functions/routes.ts'],
    ['functions/handlers/create-task.ts', 'functions/handlers/update-task.ts'],
    ['frontend/src/lib/api-client.ts', 'frontend/src/features/tasks/api.ts'],
    ['frontend/src/features/tasks/api.ts', 'functions/data/keys.ts'],
    ['functions/team/views.ts', 'tests/support/fixtures.ts'],
  ])('refuses %s -> %s', (from, to) => {
    expect(violation(edge(from, to))).toEqual(expect.any(String));
    expect(violation(edge(from, to, true))).toEqual(expect.any(String)); // type-only imports too
  });

  it.each([
    ['functions/handlers/create-task.ts', 'functions/events/publisher.ts'],
    ['functions/team/invite.ts', 'functions/lib/http.ts'],
    ['functions/lib/http.ts', 'functions/routes.ts'],
    ['functions/lib/http.ts', 'functions/data/repositories/sessions.ts'],
    ['functions/data/repositories/tasks.ts', 'functions/lib/errors.ts'],
    ['functions/events/publisher.ts', 'functions/lib/ports.ts'],
    ['functions/reservations/calendar-sync/jobs.ts', 'functions/jobs/queue.ts'],
    ['functions/event-handlers.ts', 'functions/jobs/port.ts'],
    ['functions/notifications/notifier.ts', 'functions/mail/mailer.ts'],
    ['functions/reservations/service.ts', 'functions/data/invitations.ts'],
    ['functions/event-handlers.ts', 'events/catalogue.ts'],
    ['local/ports.ts', 'functions/events/publisher.ts'],
    ['functions/notifications/adapters.test.ts', 'local/event-bus.ts'],
    ['frontend/src/features/tasks/api.ts', 'frontend/src/lib/api-client.ts'],
  ])('allows %s -> %s', (from, to) => {
    expect(violation(edge(from, to))).toBeUndefined();
  });

  it('finds a cycle of three files and a file importing itself, and none in a chain', () => {
    const files = ['a.ts', 'b.ts', 'c.ts', 'd.ts'];
    expect(findCycles(files, [edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('c.ts', 'a.ts'), edge('c.ts', 'd.ts')])).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(findCycles(files, [edge('d.ts', 'd.ts')])).toEqual([['d.ts']]);
    expect(findCycles(files, [edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('a.ts', 'c.ts')])).toEqual([]);
  });
});
