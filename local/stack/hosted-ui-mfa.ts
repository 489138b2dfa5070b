// The code page of the local Hosted UI. Cognito's Hosted UI asks for the authenticator code after
// the password when the user has TOTP on; cognito-local's sign-in form never does. This small
// server sits in front of cognito-local's /oauth2/authorize and adds that page, as Cognito would:
// - POST /oauth2/authorize (the sign-in form): InitiateAuth USER_PASSWORD_AUTH against cognito-local.
//   A SOFTWARE_TOKEN_MFA challenge means the password is right and TOTP is on: the form is kept here
//   (under a random id, 5 minutes) and a page asks for the code. Anything else (no TOTP, a wrong
//   password) goes to cognito-local unchanged, which answers as before.
// - POST /oauth2/authorize with `mfa_id` and `code`: RespondToAuthChallenge (cognito-local checks the
//   code against the secret it associated); when right, the kept form goes to cognito-local, whose
//   redirect (back to /api/callback with the code) is relayed. A wrong code shows the page again.
// - everything else is relayed to cognito-local as it is.
// Local only (npm start and the tests); in AWS the Hosted UI does this itself.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './constants';

interface PendingCode {
  form: URLSearchParams;
  session: string;
  username: string;
  clientId: string;
  expiresAt: number;
  failures: number;
}

const PENDING_MS = 5 * 60 * 1000;
const MAX_FAILURES = 5;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const codePage = (id: string, error?: string) => `<!DOCTYPE html>
<html>
<head><title>Two-factor authentication</title></head>
<body>
${error ? `<p style="color:red">${escapeHtml(error)}</p>` : ''}
<form method="POST" action="/oauth2/authorize">
  <input type="hidden" name="mfa_id" value="${escapeHtml(id)}" />
  <label>Code from your authenticator app: <input type="text" name="code" inputmode="numeric" autocomplete="one-time-code" /></label><br />
  <button type="submit">Verify</button>
</form>
</body>
</html>`;

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) {
        reject(new Error('form too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export interface RunningHostedUiMfa {
  /** Where the browser is sent to sign in (replaces cognito-local's own /oauth2/authorize). */
  authorizeUrl: string;
  close(): Promise<void>;
}

export async function startHostedUiMfa(options: { cognitoEndpoint: string; log: (line: string) => void }): Promise<RunningHostedUiMfa> {
  const upstream = new URL(options.cognitoEndpoint);
  const cognito = new CognitoIdentityProviderClient({ endpoint: options.cognitoEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  const pending = new Map<string, PendingCode>();

  /** Sends the request (method, path, headers, body) to cognito-local and relays its answer. */
  const relay = (request: Pick<http.IncomingMessage, 'method' | 'url' | 'headers'> & Partial<Pick<http.IncomingMessage, 'pipe'>>, response: http.ServerResponse, body?: Buffer) => {
    const headers = { ...request.headers, host: upstream.host };
    if (body) headers['content-length'] = String(body.length);
    const forwarded = http.request(
      { hostname: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`cognito-local unreachable: ${error.message}`);
    });
    if (body) forwarded.end(body);
    else if (request.pipe) request.pipe(forwarded);
    else forwarded.end();
  };

  const sendPage = (response: http.ServerResponse, html: string) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  };

  const handleForm = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const raw = await readBody(request);
    const form = new URLSearchParams(raw.toString('utf8'));
    const id = form.get('mfa_id');
    if (id) {
      const step = pending.get(id);
      if (!step || step.expiresAt < Date.now()) {
        pending.delete(id ?? '');
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end('This sign-in has expired. Start again from the app.');
        return;
      }
      try {
        await cognito.send(
          new RespondToAuthChallengeCommand({
            ClientId: step.clientId,
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: step.session,
            ChallengeResponses: { USERNAME: step.username, SOFTWARE_TOKEN_MFA_CODE: (form.get('code') ?? '').replace(/\s+/g, '') },
          }),
        );
      } catch (error) {
        step.failures += 1;
        if (step.failures >= MAX_FAILURES) pending.delete(id);
        sendPage(response, codePage(id, (error as Error).name === 'CodeMismatchException' ? 'Incorrect code. Try again.' : (error as Error).message));
        return;
      }
      pending.delete(id);
      const body = Buffer.from(step.form.toString());
      relay({ method: 'POST', url: '/oauth2/authorize', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, response, body);
      return;
    }
    const [clientId, username, password] = [form.get('client_id'), form.get('username'), form.get('password')];
    if (clientId && username && password) {
      try {
        const answer = await cognito.send(
          new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } }),
        );
        if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && answer.Session) {
          const stepId = randomBytes(24).toString('base64url');
          pending.set(stepId, { form, session: answer.Session, username, clientId, expiresAt: Date.now() + PENDING_MS, failures: 0 });
          sendPage(response, codePage(stepId));
          return;
        }
      } catch {
        // A wrong password or an unknown user: cognito-local's own form answers it.
      }
    }
    relay(request, response, raw);
  };

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'POST' && path === '/oauth2/authorize') {
      handleForm(request, response).catch((error: unknown) => {
        options.log(`[hosted-ui] ${(error as Error).message}`);
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('Sign-in failed');
      });
      return;
    }
    relay(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    authorizeUrl: `http://127.0.0.1:${port}/oauth2/authorize`,
    close: async () => {
      cognito.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
