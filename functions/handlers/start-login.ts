import * as z from 'zod/mini';
import { apiHandler, redirect } from '#functions/lib/http';
import { beginSignIn } from '#functions/auth/hosted-ui';
import { SELECTABLE_PLANS } from '#functions/auth/provisioning';

// A browser navigation: an unknown plan is ignored rather than answered with a JSON error page.
const startLoginQuery = z.object({ plan: z.catch(z.optional(z.enum(SELECTABLE_PLANS)), undefined) });

/** GET /api/login[?plan=basic|professional|enterprise]: off to the Hosted UI (code flow, PKCE, state). */
export const handler = apiHandler('start-login', { query: startLoginQuery }, async ({ query }) => {
  const { location, cookie } = await beginSignIn(query.plan);
  return redirect(location, { cookies: [cookie] });
});
