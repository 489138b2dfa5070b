// What the deployed functions carry: every handler the stack deploys (route table, event-handler
// manifest, scheduled jobs) built as `cdk synth` builds it (infra/lib/handler-code.ts's options), then
// each bundle's modules read from esbuild's metafile. The build is the run's prepared one when there
// is one of these sources (scripts/test.sh builds it before the tests with local/bundles/prepare-cli.ts,
// which calls handler-code.ts's buildHandlers and keeps its metafile), else one made here in memory
// (about 80 s in CI). No bundle may contain a module of local/ (the stand-ins: in-process bus,
// outbox, stack), tests/, e2e/, bench/ or infra/: those reach the functions only through the ports
// (functions/lib/ports.ts), configured by local/ports.ts.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import { EVENT_HANDLERS, SCHEDULED_JOBS } from '../../functions/event-handlers';
import { ROUTES } from '../../functions/routes';
import { handlerBuildOptions } from '../lib/handler-code';
import { paths } from '../lib/paths';
import { awaitBuildInProgress, bundlesDir, METAFILE, readManifest, sourcesHash } from '../../local/bundles/sources';

const DEV_ONLY = /^(local|tests|e2e|bench|infra|scripts)\//;

/** For each entry of the build, the repository modules of its bundle that are development code, with how the entry reaches each. */
export function devModulesIn(metafile: Metafile): Record<string, Array<{ module: string; via: string[] }>> {
  const found: Record<string, Array<{ module: string; via: string[] }>> = {};
  for (const [output, info] of Object.entries(metafile.outputs)) {
    if (!info.entryPoint) continue;
    const inBundle = new Set(Object.keys(info.inputs));
    // The import chain from the entry, breadth first over the modules of this bundle.
    const parent = new Map<string, string | null>([[info.entryPoint, null]]);
    const queue = [info.entryPoint];
    while (queue.length) {
      const current = queue.shift()!;
      for (const edge of metafile.inputs[current]?.imports ?? []) {
        if (edge.external || parent.has(edge.path) || !inBundle.has(edge.path)) continue;
        parent.set(edge.path, current);
        queue.push(edge.path);
      }
    }
    const offenders = [...inBundle].filter((input) => DEV_ONLY.test(input));
    if (!offenders.length) continue;
    found[output] = offenders.map((module) => {
      const via: string[] = [];
      for (let at: string | null | undefined = module; at; at = parent.get(at)) via.unshift(at);
      return { module, via };
    });
  }
  return found;
}

const outdir = path.join(os.tmpdir(), 'rentalops-bundle-contents');

let prepared: Metafile | null | undefined;
/**
 * The metafile of the prepared build of the current sources (complete: its manifest is written last),
 * if there is one; BUNDLES_DIR names a build to use whatever the sources say, as for the bundles runtime.
 */
function preparedMetafile(): Metafile | undefined {
  if (prepared === undefined) {
    const dir = process.env.BUNDLES_DIR ? path.resolve(process.env.BUNDLES_DIR) : bundlesDir(sourcesHash());
    // npm test builds the bundles beside its first tests: this file waits for that build rather than build again.
    awaitBuildInProgress(dir, (line) => process.stdout.write(`${line}\n`));
    prepared = readManifest(dir) && existsSync(path.join(dir, METAFILE)) ? (JSON.parse(readFileSync(path.join(dir, METAFILE), 'utf8')) as Metafile) : null;
    process.stdout.write(prepared ? `Bundle contents: the prepared build's metafile (${path.relative(paths.root, dir)})\n` : 'Bundle contents: no prepared build of these sources, building in memory\n');
  }
  return prepared ?? undefined;
}

/** The build of the named handlers as the synth builds them: the prepared build's (only their entries) when there is one, else built now in memory. */
function buildOf(names: string[]): Metafile {
  const metafile = preparedMetafile();
  if (!metafile) return buildSync({ ...handlerBuildOptions(names, outdir), write: false }).metafile;
  const entries = new Set(names.map((name) => `functions/handlers/${name}.ts`));
  return { inputs: metafile.inputs, outputs: Object.fromEntries(Object.entries(metafile.outputs).filter(([, info]) => info.entryPoint && entries.has(info.entryPoint))) };
}

describe('the functions as deployed', () => {
  const handlers = [...new Set([...ROUTES, ...EVENT_HANDLERS, ...SCHEDULED_JOBS].map((entry) => entry.handler))];

  it('builds every handler the stack deploys, and none carries local/, tests/ or other development code', () => {
    const present = handlers.filter((name) => existsSync(paths.handler(name)));
    expect(present.length).toBeGreaterThan(50);
    const metafile = buildOf(present);
    const entries = Object.values(metafile.outputs).filter((output) => output.entryPoint);
    expect(entries).toHaveLength(present.length);
    // Each bundle was read: a handler's own module is among its inputs.
    for (const name of present) {
      const output = Object.values(metafile.outputs).find((info) => info.entryPoint === `functions/handlers/${name}.ts`);
      expect(output && Object.keys(output.inputs)).toContain(`functions/handlers/${name}.ts`);
    }
    expect(devModulesIn(metafile)).toEqual({});
  }, 180_000);

  it('would name the module and the import chain of a bundle that carried development code', () => {
    // local/ports.ts as if it were a function: the bundle carries the stand-ins it configures.
    const { metafile } = buildSync({
      ...handlerBuildOptions([], outdir),
      entryPoints: { 'probe/index': path.join(paths.root, 'local', 'ports.ts') },
      write: false,
    });
    const found = Object.values(devModulesIn(metafile))[0] ?? [];
    expect(found.map((entry) => entry.module)).toEqual(expect.arrayContaining(['local/ports.ts', 'local/event-bus.ts', 'local/outbox.ts']));
    expect(found.find((entry) => entry.module === 'local/event-bus.ts')?.via).toEqual(['local/ports.ts', 'local/event-bus.ts']);
  }, 60_000);

  it('keeps the in-process bus and the SMS outbox out of the functions that publish events and send SMS', () => {
    const publishing = ['create-task', 'notify-task-assigned', 'send-checkin-reminders'].filter((name) => existsSync(paths.handler(name)));
    const metafile = buildOf(publishing);
    for (const output of Object.values(metafile.outputs).filter((info) => info.entryPoint)) {
      const inputs = Object.keys(output.inputs);
      expect(inputs.some((input) => input.startsWith('functions/events/') || input.startsWith('functions/notifications/'))).toBe(true);
      expect(inputs.filter((input) => input.startsWith('local/'))).toEqual([]);
    }
  }, 60_000);
});
