import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
  type CreateUserPoolClientCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { APP_CLIENT_NAME, LOCAL_CREDENTIALS, LOCAL_REGION, USER_POOL_NAME } from './constants';
import { startHostedUiMfa } from './hosted-ui-mfa';
import { childEnv, httpOk, spawnManaged, waitUntilReady, type ManagedProcess } from './process';

/** One confirmation / MFA / temporary-password code cognito-local printed instead of e-mailing. */
export interface CognitoCodeDelivery {
  username: string;
  destination: string;
  code: string;
  at: number;
}

export interface RunningCognito {
  process: ManagedProcess;
  endpoint: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  deliveries: CognitoCodeDelivery[];
}

/** Where the app's OAuth callback lives; the local web server serves /api on the same origin. */
export function callbackUrls(): string[] {
  const urls = ['http://localhost:3000/api/callback'];
  const port = process.env.PORT;
  if (port && /^\d+$/.test(port) && port !== '3000') urls.push(`http://localhost:${port}/api/callback`);
  return urls;
}

/**
 * cognito-local reads `.cognito/config.json` from its cwd (and keeps its pools under
 * `.cognito/db/`). The file's values override the defaults it derives from HOST/PORT, so pin
 * them here: the token issuer is `${TokenConfig.IssuerDomain}/${userPoolId}`.
 */
async function writeConfig(dir: string, port: number): Promise<void> {
  const configDir = path.join(dir, '.cognito');
  await mkdir(configDir, { recursive: true });
  const file = path.join(configDir, 'config.json');
  let current: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) current = parsed as Record<string, unknown>;
  } catch {
    /* missing or unreadable: start from scratch */
  }
  const config = {
    ...current,
    TokenConfig: { ...(current.TokenConfig as object | undefined), IssuerDomain: `http://127.0.0.1:${port}` },
    ServerConfig: { ...(current.ServerConfig as object | undefined), hostname: '127.0.0.1', port, https: false },
  };
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
}

/**
 * Turns cognito-local's console output (pino-pretty lines and boxen boxes) into plain log lines
 * and picks the codes out of its "Confirmation Code Delivery" boxes.
 */
function createOutputScanner(log: (line: string) => void, deliveries: CognitoCodeDelivery[]) {
  let inBox = false;
  let inAnsweredError = false;
  let current: Partial<CognitoCodeDelivery> = {};
  return (raw: string): void => {
    const line = raw.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+$/, '').trim();
    if (raw.includes('Confirmation Code Delivery')) {
      inBox = true;
      current = {};
    } else if (inBox) {
      const field = /^(Username|Destination|Code):\s+(\S+)/.exec(line);
      if (field) {
        const [, key, value] = field;
        if (key === 'Username') current.username = value;
        if (key === 'Destination') current.destination = value;
        if (key === 'Code') current.code = value;
      }
      if (raw.includes('╰')) {
        inBox = false;
        if (current.code) {
          deliveries.push({
            username: current.username ?? '',
            destination: current.destination ?? '',
            code: current.code,
            at: Date.now(),
          });
        }
      }
    }
    // pino-pretty prefix "[1700000000000] INFO: <reqId|NONE> <target|NONE> message": keep level + message.
    const tidy = line.replace(/^\[\d+\]\s+(\w+):\s+(?:NONE\s+NONE\s+)?/, '$1: ');
    // An error cognito-local answered to a caller (UserNotFound when the seed looks a user up, a
    // wrong password...) is the caller's to handle: skip the warning and its error object.
    if (/^WARN: .*Error handling target/.test(tidy)) {
      inAnsweredError = !process.env.COGNITO_LOCAL_DEBUG;
      if (inAnsweredError) return;
    }
    if (inAnsweredError) {
      if (tidy === '}') inAnsweredError = false;
      return;
    }
    // Drop pino's trailing context objects and cognito-local's own stack frames.
    if (!tidy || /^\{"reqId":"[^"]*"(,"target":"[^"]*")?\}$/.test(tidy) || /^at (async )?\S.*(\(.*\)|:\d+:\d+)$/.test(tidy)) return;
    log(`[cognito] ${tidy}`);
  };
}

export async function startCognito(options: {
  port: number;
  /** cognito-local's working directory; its data lives in `<dir>/.cognito/`. */
  dir: string;
  log: (line: string) => void;
}): Promise<RunningCognito> {
  await writeConfig(options.dir, options.port);
  const deliveries: CognitoCodeDelivery[] = [];
  const debug: Record<string, string> = process.env.COGNITO_LOCAL_DEBUG ? { DEBUG: '1' } : {};
  const child = spawnManaged({
    name: 'Cognito stand-in (cognito-local)',
    command: process.execPath,
    args: [path.join(process.cwd(), 'node_modules', 'cognito-local', 'lib', 'bin', 'start.js')],
    cwd: options.dir,
    // CODE would make every code the same; DEBUG (often set for other tools) makes it very chatty.
    env: childEnv(
      { HOST: '127.0.0.1', PORT: String(options.port), AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1', ...debug },
      ['CODE', 'DEBUG', 'COGNITO_LOCAL_DEVMODE'],
    ),
    onLine: createOutputScanner(options.log, deliveries),
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilReady({
      name: `Cognito stand-in (port ${options.port})`,
      process: child,
      timeoutMs: 20_000,
      probe: () => httpOk(`${endpoint}/health`),
    });
    const { userPoolId, clientId } = await ensureUserPool(endpoint);
    const issuer = `${endpoint}/${userPoolId}`;
    child.watchForUnexpectedExit(options.log);
    // The Hosted UI's code page for users with TOTP on (cognito-local's sign-in form has none).
    const hostedUi = await startHostedUiMfa({ cognitoEndpoint: endpoint, log: options.log });
    const managed: ManagedProcess = {
      name: child.name,
      pid: child.pid,
      exited: child.exited,
      hasExited: () => child.hasExited(),
      tail: (lines) => child.tail(lines),
      watchForUnexpectedExit: (report) => child.watchForUnexpectedExit(report),
      stop: async (graceMs) => {
        await hostedUi.close();
        await child.stop(graceMs);
      },
    };
    return {
      process: managed,
      endpoint,
      userPoolId,
      clientId,
      issuer,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
      authorizeUrl: hostedUi.authorizeUrl,
      tokenUrl: `${endpoint}/oauth2/token`,
      deliveries,
    };
  } catch (error) {
    await child.stop(1000);
    throw error;
  }
}

/**
 * Finds or creates the pool 'rentalops-local' and the public app client 'rentalops-web' (kept in
 * step with the desired settings on every start, so a changed PORT adds its callback URL).
 */
export async function ensureUserPool(endpoint: string): Promise<{ userPoolId: string; clientId: string }> {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((p) => p.Name === USER_POOL_NAME)?.Id;
    if (!userPoolId) {
      const created = await client.send(
        new CreateUserPoolCommand({
          PoolName: USER_POOL_NAME,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          // As in AWS: TOTP per user (cognito-local then asks InitiateAuth for the code).
          MfaConfiguration: 'OPTIONAL',
          Policies: {
            PasswordPolicy: {
              MinimumLength: 8,
              RequireLowercase: false,
              RequireUppercase: false,
              RequireNumbers: false,
              RequireSymbols: false,
            },
          },
        }),
      );
      userPoolId = created.UserPool?.Id;
      if (!userPoolId) throw new Error('cognito-local: CreateUserPool returned no pool id');
    }

    const settings: Omit<CreateUserPoolClientCommandInput, 'UserPoolId' | 'ClientName'> = {
      // As in AWS (infra/lib/constructs/auth.ts), plus USER_PASSWORD_AUTH for local/cognito-sign-in.ts,
      // which stands in for the Admin* sign-in calls cognito-local lacks (it checks no flows anyway).
      ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AuthSessionValidity: 5,
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
      CallbackURLs: callbackUrls(),
      SupportedIdentityProviders: ['COGNITO'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      // AWS's defaults (cognito-local would otherwise issue 24 h access tokens).
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    };
    const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
    let clientId = clients.UserPoolClients?.find((c) => c.ClientName === APP_CLIENT_NAME)?.ClientId;
    if (clientId) {
      await client.send(
        new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId, ClientName: APP_CLIENT_NAME, ...settings }),
      );
    } else {
      const created = await client.send(
        new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: APP_CLIENT_NAME, GenerateSecret: false, ...settings }),
      );
      clientId = created.UserPoolClient?.ClientId;
      if (!clientId) throw new Error('cognito-local: CreateUserPoolClient returned no client id');
    }
    return { userPoolId, clientId };
  } finally {
    client.destroy();
  }
}
