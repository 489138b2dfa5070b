import { GUEST_PAGE_FILE, GUEST_PAGE_PREFIX, staticPageFile } from '../../shared/static-pages';
import { GUEST_TEXTS, guestHtml, guestScript, guestScriptFileName } from './guest-page';

describe("the guest's page (/g/<token>)", () => {
  it('answers every /g/<token> address with guest.html, and nothing else that looks like it', () => {
    const token = 'SZtJiyg1J57bLzbnIkraEEHeifjr-_0123456789abc';
    expect(staticPageFile(`${GUEST_PAGE_PREFIX}${token}`)).toBe(GUEST_PAGE_FILE);
    expect(staticPageFile(`${GUEST_PAGE_PREFIX}${token}/`)).toBe(GUEST_PAGE_FILE);
    for (const other of ['/g/', '/g', `/g/${token}/x`, '/g/../api', '/g/a.b', `/gx/${token}`, `/g/${'x'.repeat(65)}`]) expect(staticPageFile(other)).toBeUndefined();
  });

  it('loads its one script from a file (the CSP allows no inline script), styles inline, and tells robots and referrers nothing', () => {
    const html = guestHtml('/assets/guest-abc.js');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0][1]).toContain('src="/assets/guest-abc.js"');
    expect(scripts[0][2].trim()).toBe('');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<meta name="referrer" content="no-referrer" />');
    expect(html).toContain('name="viewport"');
  });

  it('speaks six languages (Portuguese in its European and Brazilian forms) with the same words to say, each filled in with the same names', () => {
    expect(Object.keys(GUEST_TEXTS).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'pt', 'pt-BR']);
    const keys = Object.keys(GUEST_TEXTS.en).sort();
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const [language, words] of Object.entries(GUEST_TEXTS)) {
      expect({ language, keys: Object.keys(words).sort() }).toEqual({ language, keys });
      for (const key of keys) {
        const text = words[key as keyof typeof words];
        expect(text.trim().length).toBeGreaterThan(1);
        expect({ language, key, names: names(text) }).toEqual({ language, key, names: names(GUEST_TEXTS.en[key as keyof typeof words]) });
      }
    }
    expect(new Set(Object.values(GUEST_TEXTS).map((words) => words.button)).size).toBe(6);
    // The two forms of Portuguese differ where the forms do.
    expect(GUEST_TEXTS['pt-BR'].thanks).toContain('Registrado');
    expect(GUEST_TEXTS.pt.thanks).toContain('Registado');
  });

  it('is small, and named by its content under assets/ (immutable, given its Brotli copy)', () => {
    const script = guestScript();
    expect(script.startsWith('var TEXTS = {')).toBe(true);
    expect(Buffer.byteLength(script)).toBeLessThan(24_000);
    expect(guestScriptFileName(script)).toMatch(/^assets\/guest-[0-9a-f]{10}\.js$/);
    expect(guestScriptFileName(`${script} `)).not.toBe(guestScriptFileName(script));
    // It calls only its own API, with no cookie.
    expect(script).toContain("fetch('/api/guest/' + token + path");
    expect(script).toContain("credentials: 'omit'");
  });
});
