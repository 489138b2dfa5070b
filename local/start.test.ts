// `npm start` end to end: the stand-ins, the demo data, the API and the app shell on one origin,
// and Ctrl-C stopping every child. Runs on free ports and its own data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${pattern}. Output:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}. Output:\n${output}`));
    });
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rentalops-start-'));
  let child: ChildProcess | undefined;

  afterAll(() => {
    if (child?.pid && isAlive(child.pid)) process.kill(child.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('brings the product up with demo data, prints how to sign in, and stops cleanly on Ctrl-C', async () => {
    const [port, dynamodb, s3, cognito, ses] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        DYNAMODB_PORT: String(dynamodb),
        S3_PORT: String(s3),
        COGNITO_PORT: String(cognito),
        SES_PORT: String(ses),
        RENTALOPS_DATA_DIR: dataDir,
        FRONTEND: 'static',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = await waitForOutput(child, /Press Ctrl-C/, 90_000);
    expect(output).toContain(`http://localhost:${port}`);
    expect(output).toContain('ceo@demo.rentalops.test');
    expect(output).toMatch(/manager@demo\.rentalops\.test\s+Manager\s+Atlântico Stays/);
    expect(output).toContain('Demo-pass-2026!');
    expect(output).toContain('/dev/outbox');

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', runtime: 'modules' });
    const shell = await fetch(`http://127.0.0.1:${port}/properties`);
    expect(await shell.text()).toContain('<div id="root">');
    const outbox = await fetch(`http://127.0.0.1:${port}/api/dev/outbox`);
    expect(await outbox.json()).toEqual({ emails: expect.any(Array), sms: expect.any(Array) });
    // The demo owner (issue 41) signs in and sees their two homes, and only those.
    expect(output).toMatch(/owner@demo\.rentalops\.test\s+Owner\s+Atlântico Stays/);
    const ownerLogin = await fetch(`http://127.0.0.1:${port}/api/auth/login-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'owner@demo.rentalops.test', password: 'Demo-pass-2026!' }),
    });
    expect(ownerLogin.status).toBe(200);
    const ownerCookie = (ownerLogin.headers.getSetCookie?.() ?? []).map((line) => line.split(';')[0]).join('; ');
    const overview = await fetch(`http://127.0.0.1:${port}/api/owner/overview`, { headers: { cookie: ownerCookie } });
    expect(overview.status).toBe(200);
    const owned = ((await overview.json()) as { properties: Array<{ name: string }> }).properties.map((property) => property.name);
    expect(owned.sort()).toEqual(['Casa do Farol', 'Villa Oceano']);

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const stand_in of [dynamodb, s3, cognito, ses]) {
      const reachable = await fetch(`http://127.0.0.1:${stand_in}/`).then(() => true, () => false);
      expect(reachable).toBe(false);
    }
  }, 120_000);

  it('serves every function from its bundle with API_RUNTIME=bundles: the API, a sign-in, a scheduled job (local/bundles/)', async () => {
    const [port, dynamodb, s3, cognito, ses] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
      env: { ...process.env, API_RUNTIME: 'bundles', PORT: String(port), DYNAMODB_PORT: String(dynamodb), S3_PORT: String(s3), COGNITO_PORT: String(cognito), SES_PORT: String(ses), RENTALOPS_DATA_DIR: dataDir, FRONTEND: 'static' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The bundles are built by then in CI (scripts/test.sh); a first build on a slow machine takes minutes.
    const output = await waitForOutput(child, /Press Ctrl-C/, 900_000);
    expect(output).toMatch(/\d+ function bundles (built|reused)/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', runtime: 'bundles' });
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'ceo@demo.rentalops.test', password: 'Demo-pass-2026!' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.getSetCookie?.() ?? []).map((line) => line.split(';')[0]).join('; ');
    const properties = await fetch(`http://127.0.0.1:${port}/api/properties`, { headers: { cookie } });
    expect(properties.status).toBe(200);
    const job = await fetch(`http://127.0.0.1:${port}/api/dev/jobs/send-checkin-reminders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(job.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 960_000);
});
