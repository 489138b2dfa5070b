// `npm start`: every local stand-in, the demo data, and the product on one origin.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PORTS, startLocalStack, type LocalStack } from './stack';
import { startDevServer, type DevServer } from './dev-server';
import { translateMessage } from '../shared/messages';
import { localWebhookInspectorUrl } from '../shared/schemas/webhooks';
import { DEMO_ACCOUNTS, DEMO_FEEDS_PORT, DEMO_PASSWORD, seedDemoData } from './seed';
import { startFeedServer, type FeedServer } from '../functions/reservations/calendar-sync/fixtures/feed-server';
import { startLocalScheduler, type LocalScheduler } from './scheduler';
import { configureLocalPorts } from './ports';
import { apiRuntime, stopBundleRuntime } from './bundles/runtime';
import { prepareBundles } from './bundles/prepare';
import { installPermissionGuard } from './permission-guard';

const DATA_DIR = path.resolve(process.env.RENTALOPS_DATA_DIR ?? '.data');

function portFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a port number, got ${process.env[name]}`);
  return value;
}

function ensureJava(): void {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    console.log('Java is missing (DynamoDB Local needs it); installing it with scripts/ensure-java.sh ...');
    execFileSync('bash', ['scripts/ensure-java.sh'], { stdio: 'inherit' });
  }
}

/** The newest modification time under `paths` (files and folders, recursively). */
function newestChange(paths: string[]): number {
  let newest = 0;
  for (const entry of paths) {
    if (!existsSync(entry)) continue;
    const stat = statSync(entry);
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) newest = Math.max(newest, newestChange(readdirSync(entry).map((name) => path.join(entry, name))));
  }
  return newest;
}

/**
 * The offline staff app (issue 19) needs the built site: its service worker and precache list only
 * exist in a build. Builds frontend/dist when it is missing or older than the sources.
 */
function ensureBuiltFrontend(): void {
  const index = path.resolve('frontend/dist/index.html');
  const sources = ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'shared'].map((p) => path.resolve(p));
  if (existsSync(index) && statSync(index).mtimeMs >= newestChange(sources)) return;
  console.log('  Building the web app (frontend/dist) ...');
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
}

async function main(): Promise<void> {
  const started = Date.now();
  const port = portFromEnv('PORT', 3000);
  // API_RUNTIME=bundles: every function from the bundle the synth uploads (local/bundles/, docs/bundles.md).
  const runtime = apiRuntime();
  if (runtime === 'bundles') {
    const bundles = prepareBundles((line) => console.log(`  ${line}`));
    const count = Object.keys(bundles.manifest.functions).length;
    console.log(`  ${count} function bundles ${bundles.built ? `built in ${(bundles.ms / 1000).toFixed(1)} s` : `reused from an earlier build of the same sources (${bundles.manifest.hash})`}; each loads in its own worker on its first call.`);
  }
  ensureJava();
  mkdirSync(DATA_DIR, { recursive: true });
  let stack: LocalStack | undefined;
  let server: DevServer | undefined;
  let scheduler: LocalScheduler | undefined;
  let demoFeeds: FeedServer | undefined;
  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    scheduler?.stop();
    await stopBundleRuntime().catch(() => undefined);
    await demoFeeds?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    stack = await startLocalStack({
      dataDir: DATA_DIR,
      ports: {
        dynamodb: portFromEnv('DYNAMODB_PORT', DEFAULT_PORTS.dynamodb),
        s3: portFromEnv('S3_PORT', DEFAULT_PORTS.s3),
        cognito: portFromEnv('COGNITO_PORT', DEFAULT_PORTS.cognito),
        ses: portFromEnv('SES_PORT', DEFAULT_PORTS.ses),
      },
      log: (line) => console.log(`  ${line}`),
    });
    Object.assign(process.env, {
      APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
      MASTER_EMAIL: process.env.MASTER_EMAIL ?? 'master@rentalops.test',
      COOKIE_SECURE: 'false',
      OUTBOX_DIR: path.join(DATA_DIR, 'outbox'),
      // SMTP tests may reach this machine (e.g. a local mail catcher).
      SMTP_ALLOW_PRIVATE_HOSTS: 'true',
      // The demo iCal channel below runs on this machine.
      CALENDAR_ALLOW_PRIVATE_HOSTS: 'true',
      // Webhooks may be sent to this machine (the inspector at /dev/webhooks, a local receiver).
      WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
      ...stack.env,
    });
    // The stand-ins of the functions' ports: domain events through the in-process bus, SMS into
    // the dev outbox (in AWS: EventBridge and SNS). Before the first request or scheduled job.
    configureLocalPorts({ jobQueueMode: 'background' });
    if (await seedDemoData()) console.log(`  Demo data written to ${path.relative(process.cwd(), DATA_DIR) || '.'}/ (npm run reset starts clean).`);
    // The built site by default (the offline app and its service worker), built first when stale;
    // FRONTEND=static serves frontend/dist as it is, FRONTEND=vite the sources with hot reload.
    const frontend = process.env.FRONTEND === 'vite' ? 'vite' : 'static';
    if (!process.env.FRONTEND) ensureBuiltFrontend();
    // The company fence (docs/tenant-fence.md), as in tests: while work acts for a company, every
    // DynamoDB key it touches must be that company's (dynamodb:LeadingKeys on its scoped credentials
    // in AWS); the task-list revision rule too. After the seed, which writes every demo company at once.
    installPermissionGuard();
    server = await startDevServer({ port, frontend });
    // The demo channel for the seeded iCal feed (functions/reservations/calendar-sync/fixtures). A taken port is
    // not fatal: the feed then shows its error on the property, as a real failing channel would.
    demoFeeds = await startFeedServer({}, DEMO_FEEDS_PORT).catch((error: Error) => {
      console.log(`  Demo iCal channel not started on port ${DEMO_FEEDS_PORT} (${error.message}); set DEMO_FEEDS_PORT to use another.`);
      return undefined;
    });
    // Scheduled jobs (check-in reminders hourly, calendar sync every 30 minutes): once now, then at
    // their rate, as EventBridge Scheduler does in AWS.
    scheduler = startLocalScheduler({ log: (line) => console.log(`  ${line}`) });
  } catch (error) {
    console.error(`\nRentalOps could not start: ${(error as Error).message}\n`);
    await stop(1);
    return;
  }

  const url = server.url;
  const accounts = DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(30)} ${translateMessage(`team.role.${a.role}`, 'en').padEnd(10)} ${a.company}`).join('\n');
  console.log(`
RentalOps is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)

  Open      ${url}
  Sign in   with one of the demo accounts below, password ${DEMO_PASSWORD}
            (e-mail/password at ${url}/auth, or "Sign in" on ${url}/login for the OAuth flow)
${accounts}
  Outbox    ${url}/dev/outbox  (every e-mail and SMS sent locally; JSON at ${url}/api/dev/outbox)
  Webhooks  ${url}/dev/webhooks  (deliveries received at ${localWebhookInspectorUrl(url)})
  Health    ${url}/api/health  (functions served from their ${runtime === 'bundles' ? 'bundles (API_RUNTIME=bundles)' : 'TypeScript modules; API_RUNTIME=bundles serves the synth\'s bundles'})

Press Ctrl-C to stop everything.`);
}

void main();
