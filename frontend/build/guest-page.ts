// Build step: the guest's "we have left" page at /g/<token> (issue 40 point 4). It is none of the
// app's modules: a plain page (guest.html, its few styles inline) and one small script of ours
// (guest-page-client.js with the words of its six languages before it), named by its content's hash
// under assets/ (immutable, given its Brotli copy by precompress.ts), since the site's CSP allows no
// inline script. Every /g/<token> address answers with guest.html: CloudFront's viewer-request
// function, the local server and the service worker read shared/static-pages.ts. Under Vite's dev
// server (npm start with FRONTEND=vite) the same page is served from memory.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { GUEST_PAGE_FILE, GUEST_PAGE_PATTERN } from '../../shared/static-pages.ts';

type Words = Record<
  | 'title'
  | 'loading'
  | 'checkout'
  | 'lead'
  | 'button'
  | 'sending'
  | 'more'
  | 'note'
  | 'photo'
  | 'thanks'
  | 'already'
  | 'tooEarly'
  | 'tooLate'
  | 'unknown'
  | 'tooMany'
  | 'offline'
  | 'failed'
  | 'retry'
  | 'photoTooBig'
  | 'photoFailed',
  string
>;

/**
 * The page's words, by the browser's language (EN, PT, ES, FR, DE, IT); `{name}` is filled in.
 * Portuguese in both its forms: a Brazilian browser (pt-BR) reads Brazilian Portuguese ("Registrado",
 * "algo quebrado"), any other Portuguese one the European form ("Registado", "algo partido").
 */
export const GUEST_TEXTS: Record<'en' | 'pt' | 'pt-BR' | 'es' | 'fr' | 'de' | 'it', Words> = {
  en: {
    title: 'Your stay',
    loading: 'Loading…',
    checkout: 'Checkout {date} at {time}',
    lead: 'Leaving? Press the button when everyone is out, so our cleaners can start.',
    button: 'We have left',
    sending: 'Sending…',
    more: 'Add a note or a photo (optional)',
    note: 'A note for us (where the keys are, something broken…)',
    photo: 'One photo of something broken',
    thanks: 'Thank you! Recorded at {time}. Have a safe trip.',
    already: 'Already recorded at {time}. Thank you!',
    tooEarly: 'Too early: this button works from 18:00 on {date}, the evening before checkout.',
    tooLate: 'This stay is over: its checkout day has ended, so nothing can be recorded.',
    unknown: 'This link is not valid (it may have been replaced). Please ask your host for the current one.',
    tooMany: 'Too many attempts. Please wait a few minutes and try again.',
    offline: 'No connection: nothing was sent. Check your connection and try again.',
    failed: 'Something went wrong: nothing was sent. Please try again.',
    retry: 'Try again',
    photoTooBig: 'The photo is too large (8 MB at most).',
    photoFailed: 'The photo could not be sent. Try again, or send without it.',
  },
  pt: {
    title: 'A sua estadia',
    loading: 'A carregar…',
    checkout: 'Saída {date} às {time}',
    lead: 'Vai sair? Toque no botão quando todos tiverem saído, para a limpeza poder começar.',
    button: 'Já saímos',
    sending: 'A enviar…',
    more: 'Adicionar um recado ou uma foto (opcional)',
    note: 'Um recado para nós (onde estão as chaves, algo partido…)',
    photo: 'Uma foto de algo partido',
    thanks: 'Obrigado! Registado às {time}. Boa viagem.',
    already: 'Já registado às {time}. Obrigado!',
    tooEarly: 'Ainda é cedo: este botão funciona a partir das 18:00 de {date}, a véspera da saída.',
    tooLate: 'Esta estadia terminou: o dia da saída já passou, nada pode ser registado.',
    unknown: 'Este link não é válido (pode ter sido substituído). Peça o link atual ao anfitrião.',
    tooMany: 'Demasiadas tentativas. Aguarde alguns minutos e tente de novo.',
    offline: 'Sem ligação: nada foi enviado. Verifique a ligação e tente de novo.',
    failed: 'Algo correu mal: nada foi enviado. Tente de novo.',
    retry: 'Tentar de novo',
    photoTooBig: 'A foto é grande demais (8 MB no máximo).',
    photoFailed: 'Não foi possível enviar a foto. Tente de novo, ou envie sem ela.',
  },
  'pt-BR': {
    title: 'Sua estadia',
    loading: 'Carregando…',
    checkout: 'Saída {date} às {time}',
    lead: 'Vai sair? Toque no botão quando todos tiverem saído, para a limpeza poder começar.',
    button: 'Já saímos',
    sending: 'Enviando…',
    more: 'Adicionar um recado ou uma foto (opcional)',
    note: 'Um recado para nós (onde estão as chaves, algo quebrado…)',
    photo: 'Uma foto de algo quebrado',
    thanks: 'Obrigado! Registrado às {time}. Boa viagem.',
    already: 'Já registrado às {time}. Obrigado!',
    tooEarly: 'Ainda é cedo: este botão funciona a partir das 18:00 de {date}, a véspera da saída.',
    tooLate: 'Esta estadia terminou: o dia da saída já passou, nada pode ser registrado.',
    unknown: 'Este link não é válido (pode ter sido substituído). Peça o link atual ao anfitrião.',
    tooMany: 'Muitas tentativas. Aguarde alguns minutos e tente de novo.',
    offline: 'Sem conexão: nada foi enviado. Verifique a conexão e tente de novo.',
    failed: 'Algo deu errado: nada foi enviado. Tente de novo.',
    retry: 'Tentar de novo',
    photoTooBig: 'A foto é grande demais (no máximo 8 MB).',
    photoFailed: 'Não foi possível enviar a foto. Tente de novo ou envie sem ela.',
  },
  es: {
    title: 'Tu estancia',
    loading: 'Cargando…',
    checkout: 'Salida {date} a las {time}',
    lead: '¿Os vais? Pulsad el botón cuando todos hayáis salido, para que la limpieza pueda empezar.',
    button: 'Ya hemos salido',
    sending: 'Enviando…',
    more: 'Añadir una nota o una foto (opcional)',
    note: 'Una nota para nosotros (dónde están las llaves, algo roto…)',
    photo: 'Una foto de algo roto',
    thanks: '¡Gracias! Registrado a las {time}. Buen viaje.',
    already: 'Ya registrado a las {time}. ¡Gracias!',
    tooEarly: 'Todavía es pronto: este botón funciona desde las 18:00 del {date}, la víspera de la salida.',
    tooLate: 'Esta estancia terminó: el día de salida ya pasó y no se puede registrar nada.',
    unknown: 'Este enlace no es válido (puede haber sido sustituido). Pide el enlace actual a tu anfitrión.',
    tooMany: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
    offline: 'Sin conexión: no se envió nada. Comprueba la conexión y vuelve a intentarlo.',
    failed: 'Algo salió mal: no se envió nada. Vuelve a intentarlo.',
    retry: 'Reintentar',
    photoTooBig: 'La foto es demasiado grande (8 MB como máximo).',
    photoFailed: 'No se pudo enviar la foto. Inténtalo de nuevo o envía sin ella.',
  },
  fr: {
    title: 'Votre séjour',
    loading: 'Chargement…',
    checkout: 'Départ {date} à {time}',
    lead: 'Vous partez ? Appuyez sur le bouton quand tout le monde est sorti, pour que le ménage puisse commencer.',
    button: 'Nous sommes partis',
    sending: 'Envoi…',
    more: 'Ajouter un mot ou une photo (facultatif)',
    note: 'Un mot pour nous (où sont les clés, quelque chose de cassé…)',
    photo: 'Une photo de quelque chose de cassé',
    thanks: 'Merci ! Enregistré à {time}. Bon voyage.',
    already: 'Déjà enregistré à {time}. Merci !',
    tooEarly: 'Trop tôt : ce bouton fonctionne à partir de 18:00 le {date}, la veille du départ.',
    tooLate: 'Ce séjour est terminé : le jour du départ est passé, rien ne peut être enregistré.',
    unknown: "Ce lien n'est pas valide (il a peut-être été remplacé). Demandez le lien actuel à votre hôte.",
    tooMany: 'Trop de tentatives. Patientez quelques minutes puis réessayez.',
    offline: "Pas de connexion : rien n'a été envoyé. Vérifiez votre connexion et réessayez.",
    failed: "Une erreur s'est produite : rien n'a été envoyé. Réessayez.",
    retry: 'Réessayer',
    photoTooBig: 'La photo est trop lourde (8 Mo au maximum).',
    photoFailed: "La photo n'a pas pu être envoyée. Réessayez, ou envoyez sans elle.",
  },
  de: {
    title: 'Ihr Aufenthalt',
    loading: 'Wird geladen…',
    checkout: 'Abreise {date} um {time}',
    lead: 'Reisen Sie ab? Drücken Sie den Knopf, wenn alle draußen sind, damit die Reinigung beginnen kann.',
    button: 'Wir sind abgereist',
    sending: 'Wird gesendet…',
    more: 'Notiz oder Foto hinzufügen (optional)',
    note: 'Eine Notiz für uns (wo die Schlüssel sind, etwas kaputt…)',
    photo: 'Ein Foto von etwas Kaputtem',
    thanks: 'Danke! Um {time} erfasst. Gute Reise.',
    already: 'Bereits um {time} erfasst. Danke!',
    tooEarly: 'Zu früh: Dieser Knopf funktioniert ab 18:00 Uhr am {date}, dem Abend vor der Abreise.',
    tooLate: 'Dieser Aufenthalt ist vorbei: Der Abreisetag ist zu Ende, es kann nichts mehr erfasst werden.',
    unknown: 'Dieser Link ist ungültig (vielleicht wurde er ersetzt). Bitte fragen Sie Ihren Gastgeber nach dem aktuellen Link.',
    tooMany: 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
    offline: 'Keine Verbindung: Es wurde nichts gesendet. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
    failed: 'Etwas ist schiefgelaufen: Es wurde nichts gesendet. Bitte erneut versuchen.',
    retry: 'Erneut versuchen',
    photoTooBig: 'Das Foto ist zu groß (höchstens 8 MB).',
    photoFailed: 'Das Foto konnte nicht gesendet werden. Erneut versuchen oder ohne Foto senden.',
  },
  it: {
    title: 'Il tuo soggiorno',
    loading: 'Caricamento…',
    checkout: 'Partenza {date} alle {time}',
    lead: 'State partendo? Premete il pulsante quando tutti sono usciti, così le pulizie possono iniziare.',
    button: 'Siamo partiti',
    sending: 'Invio…',
    more: 'Aggiungi una nota o una foto (facoltativo)',
    note: 'Una nota per noi (dove sono le chiavi, qualcosa di rotto…)',
    photo: 'Una foto di qualcosa di rotto',
    thanks: 'Grazie! Registrato alle {time}. Buon viaggio.',
    already: 'Già registrato alle {time}. Grazie!',
    tooEarly: 'Troppo presto: questo pulsante funziona dalle 18:00 di {date}, la sera prima della partenza.',
    tooLate: 'Questo soggiorno è finito: il giorno della partenza è passato, non si può registrare nulla.',
    unknown: "Questo link non è valido (potrebbe essere stato sostituito). Chiedi all'host quello attuale.",
    tooMany: 'Troppi tentativi. Attendi qualche minuto e riprova.',
    offline: 'Nessuna connessione: non è stato inviato nulla. Controlla la connessione e riprova.',
    failed: 'Qualcosa è andato storto: non è stato inviato nulla. Riprova.',
    retry: 'Riprova',
    photoTooBig: 'La foto è troppo grande (massimo 8 MB).',
    photoFailed: 'Non è stato possibile inviare la foto. Riprova, o invia senza.',
  },
};

/** The page's script: the words, then the browser code (frontend/build/guest-page-client.js). */
export function guestScript(): string {
  const client = readFileSync(new URL('./guest-page-client.js', import.meta.url), 'utf8');
  return `var TEXTS = ${JSON.stringify(GUEST_TEXTS)};\n${client}`;
}

const STYLE = `
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2433;background:#f4f6fa;-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;justify-content:center}
main{width:100%;max-width:30rem;padding:1.5rem 1.25rem 3rem}
h1{font-size:1.6rem;line-height:1.25;margin:.25rem 0 1rem}
.kicker{margin:0;color:#4a5468;font-size:1rem}
.lead{font-size:1.05rem;line-height:1.5;margin:0 0 1.25rem}
.message{font-size:1.15rem;line-height:1.5;padding:1rem;border-radius:.75rem;background:#fff;border:1px solid #d5dbe6;margin:0 0 1rem}
.message.done{border-color:#2e7d32;background:#edf7ee}
.message.error,.message.unknown{border-color:#b3261e;background:#fdeeee}
.message.early,.message.late{border-color:#8a5a00;background:#fff7e6}
button{font:inherit;cursor:pointer;border-radius:.75rem}
button.primary{display:block;width:100%;min-height:4.5rem;font-size:1.35rem;font-weight:700;color:#fff;background:#1f5fbf;border:0;margin:0 0 1rem}
button.primary:disabled{background:#6b7a93;cursor:progress}
button.secondary{min-height:3rem;padding:0 1.25rem;border:2px solid #1f5fbf;background:#fff;color:#1f5fbf;font-weight:600}
button:focus-visible,summary:focus-visible,textarea:focus-visible,input:focus-visible{outline:3px solid #0b3d91;outline-offset:2px}
details{background:#fff;border:1px solid #d5dbe6;border-radius:.75rem;padding:.75rem 1rem}
summary{cursor:pointer;font-weight:600;min-height:2rem}
label{display:block;margin:.9rem 0 .35rem;font-weight:600}
textarea{width:100%;font:inherit;padding:.6rem;border:1px solid #8a94a8;border-radius:.5rem}
input[type=file]{width:100%;font:inherit}
`.trim();

/** guest.html: the page, loading its script from `scriptSrc`; nothing in it is any guest's. */
export function guestHtml(scriptSrc: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <meta name="referrer" content="no-referrer" />
    <title>Checkout · RentalOps</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <style>${STYLE}</style>
    <script defer src="${scriptSrc}"></script>
  </head>
  <body>
    <main id="guest" aria-live="polite" data-state="loading">
      <noscript><p class="message">Please turn on JavaScript to tell us you have left.</p></noscript>
    </main>
  </body>
</html>
`;
}

const shortHash = (content: string) => createHash('sha256').update(content).digest('hex').slice(0, 10);

export const guestScriptFileName = (script: string) => `assets/guest-${shortHash(script)}.js`;

export function guestPage(): Plugin {
  const pageFile = GUEST_PAGE_FILE.replace(/^\//, '');
  return {
    name: 'rentalops-guest-page',
    // npm start with Vite's dev server: the page and its script from memory.
    configureServer(server) {
      const scriptPath = '/@rentalops/guest.js';
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0];
        const send = (type: string, body: string) => {
          res.setHeader('content-type', type);
          res.end(body);
        };
        if (GUEST_PAGE_PATTERN.test(pathname) || pathname === GUEST_PAGE_FILE) send('text/html; charset=utf-8', guestHtml(scriptPath));
        else if (pathname === scriptPath) send('text/javascript; charset=utf-8', guestScript());
        else next();
      });
    },
    generateBundle() {
      const script = guestScript();
      const scriptFile = guestScriptFileName(script);
      this.emitFile({ type: 'asset', fileName: scriptFile, source: script });
      this.emitFile({ type: 'asset', fileName: pageFile, source: guestHtml(`/${scriptFile}`) });
    },
  };
}
