// What the deployed functions carry: every handler the stack deploys (route table, event-handler
// manifest, scheduled jobs) built as `cdk synth` builds it (infra/lib/handler-code.ts's options, in
// memory), then each bundle's modules read from esbuild's metafile. No bundle may contain a module
// of local/ (the stand-ins: in-process bus, outbox, stack), tests/, e2e/, bench/ or infra/: those
// reach the functions only through the ports (functions/lib/ports.ts), configured by local/ports.ts.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import { EVENT_HANDLERS, SCHEDULED_JOBS } from '../../functions/event-handlers';
import { ROUTES } from '../../functions/routes';
import { handlerBuildOptions } from '../lib/handler-code';
import { paths } from '../lib/paths';

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

describe('the functions as deployed', () => {
  const handlers = [...new Set([...ROUTES, ...EVENT_HANDLERS, ...SCHEDULED_JOBS].map((entry) => entry.handler))];

  it('builds every handler the stack deploys, and none carries local/, tests/ or other development code', () => {
    const present = handlers.filter((name) => existsSync(paths.handler(name)));
    expect(present.length).toBeGreaterThan(50);
    const { metafile } = buildSync({ ...handlerBuildOptions(present, outdir), write: false });
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
    const { metafile } = buildSync({ ...handlerBuildOptions(publishing, outdir), write: false });
    for (const output of Object.values(metafile.outputs).filter((info) => info.entryPoint)) {
      const inputs = Object.keys(output.inputs);
      expect(inputs.some((input) => input.startsWith('functions/events/') || input.startsWith('functions/notifications/'))).toBe(true);
      expect(inputs.filter((input) => input.startsWith('local/'))).toEqual([]);
    }
  }, 60_000);
});
