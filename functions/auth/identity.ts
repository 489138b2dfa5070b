// Who someone is according to a Cognito id token, and what the app calls their new company.
import type { JWTPayload } from 'jose';

export interface Identity {
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

const claim = (payload: JWTPayload, name: string): string | null => {
  const value = payload[name];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/** The identity in an id token's claims, or undefined without an e-mail. */
export function identityFromClaims(payload: JWTPayload): Identity | undefined {
  const email = claim(payload, 'email')?.toLowerCase();
  if (!email) return undefined;
  return {
    email,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    firstName: claim(payload, 'given_name'),
    lastName: claim(payload, 'family_name'),
    picture: claim(payload, 'picture'),
  };
}

/** Mailbox providers whose domain says nothing about the company. */
const PERSONAL_MAIL_PROVIDERS = new Set([
  'gmail', 'googlemail', 'outlook', 'hotmail', 'live', 'msn', 'yahoo', 'ymail', 'icloud', 'me', 'mac', 'aol',
  'proton', 'protonmail', 'pm', 'gmx', 'mail', 'zoho', 'yandex', 'uol', 'bol', 'terra', 'ig', 'globo', 'r7',
  'example',
]);

const titleCase = (text: string) =>
  text
    .split(/[-_.\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/**
 * The first name of a company created on sign-up (the CEO renames it in the company dialog): the
 * organisation in the e-mail's domain (carla@beach-stays.com.br -> "Beach Stays"), or, for personal
 * mailboxes, the person's name, or the address's local part. Nothing here is translated.
 */
export function companyNameFor(person: { email: string; firstName?: string | null; lastName?: string | null }): string {
  const [local, domain = ''] = person.email.toLowerCase().split('@');
  const labels = domain.split('.').filter(Boolean);
  // acme.com -> acme; acme.com.br / acme.co.uk -> acme (a short second-level label is a registry's).
  const organisation =
    labels.length >= 3 && labels[labels.length - 2].length <= 3 ? labels[labels.length - 3] : labels[labels.length - 2];
  if (organisation && !PERSONAL_MAIL_PROVIDERS.has(organisation)) return titleCase(organisation).slice(0, 200);
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return (name || titleCase(local) || person.email).slice(0, 200);
}
