import { apiHandler, json } from '#functions/lib/http';
import { enrolmentSecret } from '#functions/auth/two-factor';

/**
 * POST /api/auth/two-factor/setup with the step cookie of a sign-in answered 'totp_enrol':
 * `{ secret, otpauthUri, email }` (the secret for manual entry, the URI for a QR code or a tap on a
 * phone); 401 when the step expired. POST: each call associates a new secret.
 */
export const handler = apiHandler('setup-two-factor', {}, async ({ event }) => json(await enrolmentSecret(event)));
