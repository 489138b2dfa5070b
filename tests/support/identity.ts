// Test helpers for the identity flows, all against the local stand-ins: the SES stand-in's store
// (sent mail), cognito-local (users, its Hosted UI form) and the API through invoke().
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { invoke, type InvokeResult } from '../../local/invoke';
import { uniqueEmail } from './fixtures';

const cognito = new CognitoIdentityProviderClient({ maxAttempts: 1 });

export interface SentMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/** Mail the SES stand-in received for `to`, oldest first. */
export async function mailTo(to: string): Promise<SentMail[]> {
  const response = await fetch(process.env.SES_STORE_URL as string);
  const { emails } = (await response.json()) as { emails: SentMail[] };
  return emails.filter((mail) => mail.destination.to.some((address) => address.toLowerCase() === to.toLowerCase()));
}

/** The token of the last `/confirm-email` or `/reset-password` link sent to `to`. */
export async function linkTokenFor(to: string, page: 'confirm-email' | 'reset-password'): Promise<string> {
  const mails = await mailTo(to);
  for (const mail of [...mails].reverse()) {
    const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.body.text ?? '');
    if (match) return decodeURIComponent(match[1]);
  }
  throw new Error(`No ${page} link was sent to ${to} (${mails.length} mail(s))`);
}

/** The pool's view of an address: its status, or undefined when the pool has no such user. */
export async function cognitoStatus(email: string): Promise<string | undefined> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: process.env.COGNITO_USER_POOL_ID, Username: email }));
    return user.UserStatus;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return undefined;
    throw error;
  }
}

/** The pool's email_verified attribute of an address (the app's confirmation link sets it). */
export async function cognitoEmailVerified(email: string): Promise<boolean> {
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: process.env.COGNITO_USER_POOL_ID, Username: email }));
  return user.UserAttributes?.find((attribute) => attribute.Name === 'email_verified')?.Value === 'true';
}

/** A confirmed pool user the app does not know yet (as after a sign-up on the Hosted UI). */
export async function createPoolUser(email: string, password: string): Promise<void> {
  await cognito.send(
    new SignUpCommand({ ClientId: process.env.COGNITO_CLIENT_ID, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: process.env.COGNITO_USER_POOL_ID, Username: email }));
  // The Hosted UI's sign-up proves the address with a code: the id token says email_verified.
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: process.env.COGNITO_USER_POOL_ID,
      Username: email,
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
    }),
  );
}

export const registration = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('reg'),
  password: 'tide-pool-42',
  confirmPassword: 'tide-pool-42',
  firstName: 'Ana',
  lastName: 'Souza',
  ...overrides,
});

/** Registers through the API and follows the confirmation link: an account that can sign in. */
export async function confirmedAccount(password = 'tide-pool-42'): Promise<{ email: string; password: string }> {
  const body = registration({ password, confirmPassword: password });
  const registered = await invoke('POST', '/api/auth/register', { body });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
  const confirmed = await invoke('POST', '/api/email/confirm', { body: { token: await linkTokenFor(body.email, 'confirm-email') } });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}: ${confirmed.text}`);
  return { email: body.email, password };
}

/** `name=value` of the cookie `name` set by a response, or undefined. */
export function setCookie(response: Pick<InvokeResult, 'cookies'>, name: string): { pair: string; value: string; attributes: string } | undefined {
  const raw = response.cookies.find((cookie) => cookie.startsWith(`${name}=`));
  if (!raw) return undefined;
  const [pair, ...attributes] = raw.split(/;\s*/);
  return { pair, value: decodeURIComponent(pair.slice(name.length + 1)), attributes: attributes.join('; ') };
}

/**
 * Plays the browser on cognito-local's Hosted UI: opens the authorize URL, posts the credentials to
 * its sign-in form, and returns where the provider sends the browser next (or the page it shows).
 */
export async function signInOnHostedUi(authorizeUrl: string, email: string, password: string): Promise<{ status: number; location?: string; page: string }> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`Hosted UI answered ${page.status}: ${html}`);
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`No sign-in form on the Hosted UI page: ${html}`);
  const form = new URLSearchParams();
  for (const input of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) form.set(input[1], input[2]);
  form.set('username', email);
  form.set('password', password);
  const posted = await fetch(new URL(action, authorizeUrl), { method: 'POST', body: form, redirect: 'manual' });
  return { status: posted.status, location: posted.headers.get('location') ?? undefined, page: await posted.text() };
}
