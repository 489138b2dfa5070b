// The first screen's chunks, fetched with the start-up ones: the entry reads which chunks the
// address and the language need from index.html's data block (written by the build,
// frontend/build/startup-preload.ts) and asks for them as `<link rel="modulepreload">`, so they
// arrive in parallel instead of after the boot stage has worked out which screen this is.
// Nothing here runs a chunk: they are evaluated when the router imports them.
import { FALLBACK_LANGUAGE, detectLanguage } from '../lib/language-choice';
import { yieldToBrowser } from '../lib/yield';
import { cataloguesOf } from './route-catalogues';
import { LAYOUT_MODULE, PUBLIC_SCREEN_MODULES, SCREEN_MODULES, STARTUP_CHUNKS_ID, isPublicPath, screenFor, type StartupChunks } from './screens';

/**
 * The modules the address opens with: each language's core catalogue (`locale:<language>`), the
 * catalogues of the screen's features in each language (`locale:<language>:<feature>`,
 * app/route-catalogues.ts), and the screen's modules.
 */
export function firstScreenModules(pathname: string, language: string): string[] {
  const languages = [...new Set([language, FALLBACK_LANGUAGE])];
  const screen = isPublicPath(pathname) ? undefined : screenFor(pathname);
  const modules = isPublicPath(pathname) ? [PUBLIC_SCREEN_MODULES[pathname]] : [LAYOUT_MODULE, ...(screen ? [SCREEN_MODULES[screen]] : [])];
  const features = [...new Set(modules.flatMap(cataloguesOf))];
  const catalogues = languages.flatMap((code) => features.map((feature) => `locale:${code}:${feature}`));
  // The catalogues first: small, and the first render waits for them as much as for the code.
  return [...languages.map((code) => `locale:${code}`), ...catalogues, ...modules];
}

function readStartupChunks(): StartupChunks | undefined {
  const block = document.getElementById(STARTUP_CHUNKS_ID);
  if (!block?.textContent) return undefined; // the dev server's index.html has none
  try {
    return JSON.parse(block.textContent) as StartupChunks;
  } catch {
    return undefined;
  }
}

/**
 * How many links are added in one task. Each request a link starts costs the main thread about a
 * millisecond on a desktop (more with DevTools' network instrumentation attached, as under
 * Lighthouse), so the ~50 links of a first screen added at once were one task of 20-70 ms, four
 * times that on a phone: the longest task of the whole start-up in the bench's traces.
 */
export const PRELOAD_BATCH = 6;

/** Adds a modulepreload link for each chunk the first screen needs (once each), a few per task. */
export async function preloadFirstScreen(pathname: string): Promise<void> {
  const chunks = readStartupChunks();
  if (!chunks) return;
  const files = [...new Set(firstScreenModules(pathname, detectLanguage()).flatMap((module) => chunks[module] ?? []))];
  for (let start = 0; start < files.length; start += PRELOAD_BATCH) {
    if (start > 0) await yieldToBrowser();
    for (const href of files.slice(start, start + PRELOAD_BATCH)) {
      if (document.head.querySelector(`link[href="${CSS.escape(href)}"]`)) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  }
}
