import * as z from 'zod/mini';
import { UI_LANGUAGES, namedLanguage } from '#shared/enums';
import { apiHandler, redirect } from '#functions/lib/http';
import { beginSignIn } from '#functions/auth/hosted-ui';
import { SELECTABLE_PLANS } from '#functions/auth/provisioning';

// A browser navigation: an unknown plan or language is ignored rather than answered with a JSON error page.
const startLoginQuery = z.object({
  plan: z.catch(z.optional(z.enum(SELECTABLE_PLANS)), undefined),
  lang: z.catch(z.optional(z.enum(UI_LANGUAGES)), undefined),
});

/**
 * GET /api/login[?plan=basic|professional|enterprise][&lang=pt|en|es]: off to the Hosted UI (code
 * flow, PKCE, state), whose pages speak the app's language: `lang` (the app sends the one it shows),
 * else the browser's first language when it is one of ours, else Cognito's default.
 */
export const handler = apiHandler('start-login', { query: startLoginQuery }, async ({ query, event }) => {
  const language = query.lang ?? namedLanguage(event.headers?.['accept-language']) ?? undefined;
  const { location, cookie } = await beginSignIn(query.plan, language);
  return redirect(location, { cookies: [cookie] });
});
