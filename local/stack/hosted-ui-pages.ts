// The pages of the local Hosted UI (the sign-in form and the two-factor code page), in the language
// the app asks for. Managed login in AWS takes `lang` on /oauth2/authorize (pt-BR, en, es... :
// functions/auth/oauth.ts MANAGED_LOGIN_LANG) and shows its own translated pages; cognito-local's
// form is English only, so the stand-in draws these instead, with the same fields cognito-local's
// form posts. The texts stand for Cognito's own, not the product's catalogue (they never ship).
// Local only (npm start and the tests).

export type HostedUiLanguage = 'en' | 'pt' | 'es';

const TEXTS = {
  en: {
    title: 'Sign in',
    heading: 'Sign in to RentalOps',
    email: 'Email address',
    password: 'Password',
    submit: 'Sign in',
    wrongPassword: 'Incorrect username or password.',
    codeTitle: 'Two-factor authentication',
    codeText: 'Enter the 6-digit code from your authenticator app.',
    code: 'Code',
    verify: 'Verify',
    wrongCode: 'Incorrect code. Try again.',
    codeFailed: 'The code could not be checked. Try again.',
    expired: 'This sign-in has expired. Start again from the app.',
    failed: 'Sign-in failed. Start again from the app.',
  },
  pt: {
    title: 'Entrar',
    heading: 'Entrar no RentalOps',
    email: 'Endereço de e-mail',
    password: 'Senha',
    submit: 'Entrar',
    wrongPassword: 'Nome de usuário ou senha incorretos.',
    codeTitle: 'Autenticação de dois fatores',
    codeText: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
    code: 'Código',
    verify: 'Verificar',
    wrongCode: 'Código incorreto. Tente novamente.',
    codeFailed: 'Não foi possível verificar o código. Tente novamente.',
    expired: 'Este acesso expirou. Comece de novo pelo aplicativo.',
    failed: 'Não foi possível entrar. Comece de novo pelo aplicativo.',
  },
  es: {
    title: 'Iniciar sesión',
    heading: 'Iniciar sesión en RentalOps',
    email: 'Dirección de correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    wrongPassword: 'Nombre de usuario o contraseña incorrectos.',
    codeTitle: 'Autenticación de dos factores',
    codeText: 'Introduce el código de 6 dígitos de tu aplicación de autenticación.',
    code: 'Código',
    verify: 'Verificar',
    wrongCode: 'Código incorrecto. Inténtalo de nuevo.',
    codeFailed: 'No se pudo comprobar el código. Inténtalo de nuevo.',
    expired: 'Este inicio de sesión ha caducado. Vuelve a empezar desde la aplicación.',
    failed: 'No se pudo iniciar sesión. Vuelve a empezar desde la aplicación.',
  },
} as const satisfies Record<HostedUiLanguage, Record<string, string>>;

export type HostedUiText = keyof (typeof TEXTS)['en'];

export const hostedUiText = (language: HostedUiLanguage, key: HostedUiText): string => TEXTS[language][key];

/** The `lang` attribute of each page (managed login's own codes). */
const HTML_LANG: Record<HostedUiLanguage, string> = { en: 'en', pt: 'pt-BR', es: 'es' };

/**
 * The page language: managed login's `lang` (pt-BR, en, es; a bare `pt` too), else the browser's
 * first Accept-Language tag when it is one of the three, else English (Cognito's default).
 */
export function hostedUiLanguage(lang: string | null | undefined, acceptLanguage?: string | null): HostedUiLanguage {
  const pick = (tag: string | null | undefined): HostedUiLanguage | null => {
    const value = (tag ?? '').trim().toLowerCase();
    if (value === 'en' || value.startsWith('en-')) return 'en';
    if (value === 'pt' || value.startsWith('pt-')) return 'pt';
    if (value === 'es' || value.startsWith('es-')) return 'es';
    return null;
  };
  return pick(lang) ?? pick((acceptLanguage ?? '').split(',')[0]?.split(';')[0]) ?? 'en';
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;display:flex;justify-content:center;padding:48px 16px}
main{background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12);padding:28px;width:100%;max-width:380px}
h1{font-size:1.35rem;margin:0 0 20px}label{display:block;font-weight:600;margin:14px 0 6px}
input[type=text],input[type=email],input[type=password]{box-sizing:border-box;width:100%;font-size:1rem;padding:10px;border:1px solid #b0b8c1;border-radius:8px}
button{margin-top:22px;width:100%;font-size:1rem;font-weight:600;padding:12px;border:0;border-radius:8px;background:#1565c0;color:#fff;cursor:pointer}
p.error{color:#b71c1c;background:#fdecea;border-radius:8px;padding:10px;margin:0 0 8px}`;

const page = (language: HostedUiLanguage, title: string, body: string) => `<!DOCTYPE html>
<html lang="${HTML_LANG[language]}">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
${body}
</main></body>
</html>`;

/** The fields cognito-local's form carries (hidden), kept as they came. */
export const SIGN_IN_FIELDS = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'scope', 'state'] as const;

const hidden = (name: string, value: string) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}" />`;

/** The sign-in form (GET /oauth2/authorize, or again after a wrong password). */
export function signInPage(language: HostedUiLanguage, fields: Partial<Record<(typeof SIGN_IN_FIELDS)[number], string>>, options: { error?: string; username?: string } = {}): string {
  const t = (key: HostedUiText) => escapeHtml(hostedUiText(language, key));
  return page(
    language,
    hostedUiText(language, 'title'),
    `<h1>${t('heading')}</h1>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="POST" action="/oauth2/authorize">
  ${SIGN_IN_FIELDS.map((name) => hidden(name, fields[name] ?? (name === 'code_challenge_method' ? 'S256' : ''))).join('\n  ')}
  ${hidden('lang', HTML_LANG[language])}
  <label for="username">${t('email')}</label>
  <input id="username" type="email" name="username" autocomplete="username" value="${escapeHtml(options.username ?? '')}" required />
  <label for="password">${t('password')}</label>
  <input id="password" type="password" name="password" autocomplete="current-password" required />
  <button type="submit">${t('submit')}</button>
</form>`,
  );
}

/** The two-factor step: the code from the authenticator app. */
export function codePage(language: HostedUiLanguage, id: string, error?: string): string {
  const t = (key: HostedUiText) => escapeHtml(hostedUiText(language, key));
  return page(
    language,
    hostedUiText(language, 'codeTitle'),
    `<h1>${t('codeTitle')}</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<p>${t('codeText')}</p>
<form method="POST" action="/oauth2/authorize">
  ${hidden('mfa_id', id)}
  <label for="code">${t('code')}</label>
  <input id="code" type="text" name="code" inputmode="numeric" autocomplete="one-time-code" />
  <button type="submit">${t('verify')}</button>
</form>`,
  );
}

/** A short page for a sign-in that cannot go on (expired, failed). */
export function messagePage(language: HostedUiLanguage, text: HostedUiText): string {
  return page(language, hostedUiText(language, 'title'), `<p class="error" role="alert">${escapeHtml(hostedUiText(language, text))}</p>`);
}
