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
// - GET /oauth2/authorize: cognito-local checks the request (client, callback, PKCE); when it would
//   show its form, the stand-in shows its own in the language `lang` asks for (managed login's
//   codes: pt-BR, en, es; local/stack/hosted-ui-pages.ts), and again after a wrong password.
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
import { SIGN_IN_FIELDS, codePage, hostedUiLanguage, hostedUiText, messagePage, signInPage, type HostedUiLanguage } from './hosted-ui-pages';

interface PendingCode {
  form: URLSearchParams;
  session: string;
  username: string;
  clientId: string;
  expiresAt: number;
  failures: number;
  /** The language of the sign-in form, which the code page keeps. */
  language: HostedUiLanguage;
}

const PENDING_MS = 5 * 60 * 1000;
const MAX_FAILURES = 5;

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

  const sendPage = (response: http.ServerResponse, html: string, status = 200) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  };

  /** Asks cognito-local and reads its whole answer (to look at it before the browser does). */
  const ask = (method: string, url: string, headers: http.IncomingHttpHeaders, body?: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const sent = { ...headers, host: upstream.host };
      if (body) sent['content-length'] = String(body.length);
      const forwarded = http.request({ hostname: upstream.hostname, port: upstream.port, method, path: url, headers: sent }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.on('error', reject);
      });
      forwarded.on('error', reject);
      forwarded.end(body);
    });

  const pass = (response: http.ServerResponse, answer: { status: number; headers: http.IncomingHttpHeaders; body: Buffer }) => {
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  };

  /** cognito-local drew its (English) sign-in form: the request was good, draw ours instead. */
  const drewItsForm = (answer: { status: number; headers: http.IncomingHttpHeaders }) =>
    answer.status === 200 && String(answer.headers['content-type'] ?? '').startsWith('text/html');

  const fieldsOf = (source: URLSearchParams) => Object.fromEntries(SIGN_IN_FIELDS.map((name) => [name, source.get(name) ?? undefined]));

  const showForm = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const answer = await ask('GET', request.url ?? '/oauth2/authorize', { accept: 'text/html' });
    if (!drewItsForm(answer)) return pass(response, answer);
    const query = new URL(request.url ?? '/', 'http://stand-in').searchParams;
    const language = hostedUiLanguage(query.get('lang'), request.headers['accept-language']);
    sendPage(response, signInPage(language, fieldsOf(query)));
  };

  /** The sign-in form goes to cognito-local; a wrong password comes back as our form, in its language. */
  const submitForm = async (response: http.ServerResponse, form: URLSearchParams, raw: Buffer, language: HostedUiLanguage) => {
    const answer = await ask('POST', '/oauth2/authorize', { 'content-type': 'application/x-www-form-urlencoded' }, raw);
    if (!drewItsForm(answer)) return pass(response, answer);
    sendPage(response, signInPage(language, fieldsOf(form), { error: hostedUiText(language, 'wrongPassword'), username: form.get('username') ?? '' }));
  };

  const handleForm = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const raw = await readBody(request);
    const form = new URLSearchParams(raw.toString('utf8'));
    const id = form.get('mfa_id');
    if (id) {
      const step = pending.get(id);
      if (!step || step.expiresAt < Date.now()) {
        pending.delete(id ?? '');
        sendPage(response, messagePage(step?.language ?? hostedUiLanguage(null, request.headers['accept-language']), 'expired'), 400);
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
        const wrong = (error as Error).name === 'CodeMismatchException';
        if (!wrong) options.log(`[hosted-ui] code check: ${(error as Error).message}`);
        sendPage(response, codePage(step.language, id, hostedUiText(step.language, wrong ? 'wrongCode' : 'codeFailed')));
        return;
      }
      pending.delete(id);
      await submitForm(response, step.form, Buffer.from(step.form.toString()), step.language);
      return;
    }
    const language = hostedUiLanguage(form.get('lang'), request.headers['accept-language']);
    const [clientId, username, password] = [form.get('client_id'), form.get('username'), form.get('password')];
    if (clientId && username && password) {
      try {
        const answer = await cognito.send(
          new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } }),
        );
        if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && answer.Session) {
          const stepId = randomBytes(24).toString('base64url');
          pending.set(stepId, { form, session: answer.Session, username, clientId, expiresAt: Date.now() + PENDING_MS, failures: 0, language });
          sendPage(response, codePage(language, stepId));
          return;
        }
      } catch {
        // A wrong password or an unknown user: cognito-local answers it (our form, with its error).
      }
    }
    await submitForm(response, form, raw, language);
  };

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const failed = (error: unknown) => {
      options.log(`[hosted-ui] ${(error as Error).message}`);
      if (response.headersSent) response.end();
      else sendPage(response, messagePage(hostedUiLanguage(null, request.headers['accept-language']), 'failed'), 500);
    };
    if (request.method === 'POST' && path === '/oauth2/authorize') {
      handleForm(request, response).catch(failed);
      return;
    }
    if (request.method === 'GET' && path === '/oauth2/authorize') {
      showForm(request, response).catch(failed);
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
