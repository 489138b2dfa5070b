// The local stand-in for EventBridge Scheduler: runs each job of functions/event-handlers.ts
// (SCHEDULED_JOBS) once at start and then at its rate, calling the same handler module with the
// payload the schedule sends in AWS ({ time: <scheduled time> }). Local only; never deployed.
import path from 'node:path';
import { SCHEDULED_JOBS, type ScheduledJobDefinition } from '../functions/event-handlers';
import { apiRuntime, bundleRuntime } from './bundles/runtime';

const UNIT_MS: Record<string, number> = { minute: 60_000, minutes: 60_000, hour: 3_600_000, hours: 3_600_000, day: 86_400_000, days: 86_400_000 };

/** `rate(1 hour)` -> 3600000; other expressions (cron) are not run locally. */
export function rateMs(schedule: string): number | undefined {
  const match = /^rate\((\d+)\s+(\w+)\)$/.exec(schedule.trim());
  if (!match) return undefined;
  const unit = UNIT_MS[match[2]];
  return unit ? Number(match[1]) * unit : undefined;
}

type JobHandler = (event: Record<string, string>) => Promise<unknown>;

async function loadJob(name: string): Promise<JobHandler> {
  if (apiRuntime() === 'bundles') return bundleRuntime().handler(name);
  const module = (await import(path.resolve(process.cwd(), 'functions', 'handlers', `${name}.ts`))) as { handler?: JobHandler };
  if (typeof module.handler !== 'function') throw new Error(`functions/handlers/${name}.ts does not export a handler`);
  return module.handler;
}

function payload(job: ScheduledJobDefinition, at: Date): Record<string, string> {
  return Object.fromEntries(
    Object.entries(job.input).map(([name, value]) => [name, value.replace('<aws.scheduler.scheduled-time>', at.toISOString())]),
  );
}

export interface LocalScheduler {
  stop(): void;
}

export function startLocalScheduler(options: { jobs?: readonly ScheduledJobDefinition[]; log?: (line: string) => void } = {}): LocalScheduler {
  const log = options.log ?? ((line: string) => console.log(line));
  const timers: NodeJS.Timeout[] = [];
  for (const job of options.jobs ?? SCHEDULED_JOBS) {
    const every = rateMs(job.schedule);
    if (!every) {
      log(`[scheduler] ${job.handler}: '${job.schedule}' is not a rate expression; not run locally`);
      continue;
    }
    let running = false;
    const run = async () => {
      if (running) return; // one run at a time, as a slow run must not pile up
      running = true;
      try {
        const result = await (await loadJob(job.handler))(payload(job, new Date()));
        log(`[scheduler] ${job.handler}: ${JSON.stringify(result)}`);
      } catch (error) {
        log(`[scheduler] ${job.handler} failed: ${(error as Error).message}`);
      } finally {
        running = false;
      }
    };
    const first = setTimeout(() => void run(), 1_000);
    const repeat = setInterval(() => void run(), every);
    first.unref();
    repeat.unref();
    timers.push(first, repeat);
  }
  return {
    stop() {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
