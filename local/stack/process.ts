import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

/**
 * Child-process management for the local stand-ins.
 *
 * - Every child is spawned `detached`, i.e. as the leader of its own process group, so stop()
 *   can signal the whole group (`kill(-pid)`) and take any grandchildren with it.
 * - Because detached children do not receive the terminal's Ctrl-C, three layers make sure they
 *   never outlive this process:
 *     1. stop() (the normal path);
 *     2. a process 'exit' hook that signals every live group synchronously;
 *     3. a tiny detached "reaper" process that holds a pipe to us. When we die for any reason
 *        (Ctrl-C, SIGTERM, even SIGKILL or a crash), the kernel closes the pipe, the reaper sees
 *        EOF and kills every registered group (SIGTERM, then SIGKILL after 3 s).
 *   This library installs no signal handlers, so it never changes how the host process reacts to
 *   Ctrl-C: the default action ends it, and layers 2 and 3 clean up.
 * - Output is kept in a small ring buffer and only surfaced on failure, except where a caller
 *   asks for every line (Cognito prints confirmation codes).
 */

const TAIL_LINES = 60;

export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  /** Resolves when the process has exited (never rejects). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** The last lines of stdout/stderr, for error messages. */
  tail(lines?: number): string;
  /** From now on, report an exit nobody asked for (call once the service is up). */
  watchForUnexpectedExit(report: (message: string) => void): void;
  /** SIGTERM the process group, SIGKILL it after `graceMs`, resolve once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnManagedOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Called with every output line (ANSI codes stripped), if given. */
  onLine?: (line: string) => void;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
export const stripAnsi = (text: string): string => text.replace(ANSI, '');

const live = new Set<ChildProcess>();

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

// ---- layer 2: synchronous cleanup when this process exits --------------------------------------
let exitHookInstalled = false;
function onProcessExit(): void {
  for (const child of live) {
    if (child.pid !== undefined) killGroup(child.pid, 'SIGTERM');
  }
}
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', onProcessExit);
}
function removeExitHookIfIdle(): void {
  if (!exitHookInstalled || live.size > 0) return;
  exitHookInstalled = false;
  process.removeListener('exit', onProcessExit);
}

// ---- layer 3: the reaper ------------------------------------------------------------------------
const REAPER_SOURCE = `
const groups = new Set();
let buffer = '';
for (const s of ['SIGINT', 'SIGHUP']) process.on(s, () => {});
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let i;
  while ((i = buffer.indexOf('\\n')) >= 0) {
    const line = buffer.slice(0, i);
    buffer = buffer.slice(i + 1);
    const pid = Number(line.slice(1));
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (line[0] === '+') groups.add(pid);
    else if (line[0] === '-') groups.delete(pid);
  }
});
const alive = (pid) => { try { process.kill(-pid, 0); return true; } catch { return false; } };
const signal = (pid, sig) => { try { process.kill(-pid, sig); } catch {} };
process.stdin.on('end', () => {
  for (const pid of groups) signal(pid, 'SIGTERM');
  const started = Date.now();
  const timer = setInterval(() => {
    const left = [...groups].filter(alive);
    if (left.length === 0 || Date.now() - started > 3000) {
      for (const pid of left) signal(pid, 'SIGKILL');
      clearInterval(timer);
      process.exit(0);
    }
  }, 100);
});
`;

let reaper: ChildProcess | null = null;

function reaperSend(line: string): void {
  if (!reaper?.stdin || reaper.stdin.destroyed) return;
  reaper.stdin.write(`${line}\n`);
}

function ensureReaper(): void {
  if (reaper && reaper.exitCode === null && reaper.signalCode === null) return;
  const child = spawn(process.execPath, ['-e', REAPER_SOURCE], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { PATH: process.env.PATH ?? '' },
  });
  child.on('error', () => {
    /* best effort: layers 1 and 2 still apply */
  });
  child.stdin?.on('error', () => {});
  // Neither the reaper nor our pipe to it may keep this process alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  reaper = child;
}

function releaseReaperIfIdle(): void {
  if (live.size > 0 || !reaper) return;
  reaper.stdin?.end();
  reaper = null;
}

// ---- spawning -----------------------------------------------------------------------------------
export function spawnManaged(options: SpawnManagedOptions): ManagedProcess {
  const tailBuffer: string[] = [];
  let stopping = false;
  let reportUnexpectedExit: ((message: string) => void) | undefined;
  let exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null;

  const spawnOptions: SpawnOptions = {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  };
  const child = spawn(options.command, options.args, spawnOptions);

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', (error) => {
      tailBuffer.push(`spawn error: ${error.message}`);
      exitInfo = exitInfo ?? { code: null, signal: null };
      resolve(exitInfo);
    });
    // 'close' (not 'exit'): fires once stdout/stderr are drained, so tail() has the last words.
    child.once('close', (code, signal) => {
      exitInfo = { code, signal };
      resolve(exitInfo);
    });
  });

  const pushLines = (chunk: Buffer, partial: { rest: string }): void => {
    const text = partial.rest + stripAnsi(chunk.toString('utf8'));
    const lines = text.split(/\r?\n/);
    partial.rest = lines.pop() ?? '';
    for (const line of lines) {
      tailBuffer.push(line);
      if (tailBuffer.length > TAIL_LINES) tailBuffer.shift();
      options.onLine?.(line);
    }
  };
  const outRest = { rest: '' };
  const errRest = { rest: '' };
  child.stdout?.on('data', (chunk: Buffer) => pushLines(chunk, outRest));
  child.stderr?.on('data', (chunk: Buffer) => pushLines(chunk, errRest));

  if (child.pid !== undefined) {
    live.add(child);
    installExitHook();
    ensureReaper();
    reaperSend(`+${child.pid}`);
  }

  void exited.then((info) => {
    live.delete(child);
    if (child.pid !== undefined) reaperSend(`-${child.pid}`);
    releaseReaperIfIdle();
    removeExitHookIfIdle();
    for (const rest of [outRest, errRest]) {
      if (rest.rest) {
        tailBuffer.push(rest.rest);
        options.onLine?.(rest.rest);
        rest.rest = '';
      }
    }
    if (!stopping && reportUnexpectedExit) {
      const how = info.signal ? `signal ${info.signal}` : `code ${info.code}`;
      reportUnexpectedExit(`${options.name} exited unexpectedly (${how}). Last output:\n${tail()}`);
    }
  });

  function tail(lines = 20): string {
    const picked = tailBuffer.filter((l) => l.trim() !== '').slice(-lines);
    return picked.length ? picked.map((l) => `  | ${l}`).join('\n') : '  | (no output)';
  }

  return {
    name: options.name,
    pid: child.pid ?? -1,
    exited,
    hasExited: () => exitInfo !== null,
    tail,
    watchForUnexpectedExit(report) {
      reportUnexpectedExit = report;
    },
    async stop(graceMs = 5000): Promise<void> {
      stopping = true;
      if (exitInfo || child.pid === undefined) return;
      killGroup(child.pid, 'SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), graceMs);
        }),
      ]);
      if (timer) clearTimeout(timer);
      if (timedOut) {
        killGroup(child.pid, 'SIGKILL');
        await exited;
      }
      // The group may still hold grandchildren that ignored SIGTERM.
      killGroup(child.pid, 'SIGKILL');
    },
  };
}

/** Is `command` an executable on PATH? */
export async function onPath(command: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      await access(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      /* keep looking */
    }
  }
  return false;
}

/**
 * Polls `probe` until it resolves truthy. Fails early if `process` exits, and after `timeoutMs`
 * with `describe()` plus the process's last output.
 */
export async function waitUntilReady(options: {
  name: string;
  probe: () => Promise<boolean>;
  process?: ManagedProcess;
  timeoutMs: number;
  intervalMs?: number;
}): Promise<void> {
  const started = Date.now();
  let lastError = '';
  for (;;) {
    if (options.process?.hasExited()) {
      throw new Error(
        `${options.name} exited during start-up.${lastError ? ` Last probe error: ${lastError}.` : ''} Last output:\n${options.process.tail()}`,
      );
    }
    try {
      if (await options.probe()) return;
    } catch (error) {
      lastError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    if (Date.now() - started > options.timeoutMs) {
      const output = options.process ? ` Last output:\n${options.process.tail()}` : '';
      throw new Error(
        `${options.name} did not answer within ${Math.round(options.timeoutMs / 1000)} s.${lastError ? ` Last probe error: ${lastError}.` : ''}${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}

/** GET `url` with a short timeout; true when the status is 2xx. */
export async function httpOk(url: string, timeoutMs = 1000): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  await response.arrayBuffer();
  return response.ok;
}

/** A copy of the parent's environment without the variables that would confuse a stand-in. */
export function childEnv(extra: Record<string, string>, drop: string[] = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // NODE_OPTIONS may carry --inspect or loaders meant for the dev server, not for the stand-ins.
  for (const key of ['NODE_OPTIONS', ...drop]) delete env[key];
  return { ...env, ...extra };
}
