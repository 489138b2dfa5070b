// Build step: index.html names every chunk the app needs before its first screen, so a very first
// visit (no service worker, empty cache) downloads them in parallel instead of one stage after
// another.
//
// The entry (src/main.tsx) evaluates the start-up chunks in stages (React, theme, i18next, boot,
// render), each a dynamic import, to keep every task short; but a browser only learns of a stage's
// chunk when the stage before it has run, so on a phone's slow link the first paint waited for
// seven round trips of chunks in a row. Here:
// - every chunk the entry imports dynamically at start (and what each imports statically) becomes
//   a `<link rel="modulepreload">`: fetched and compiled at once, still evaluated in stages;
// - a JSON data block (no script runs from it, so the Content-Security-Policy needs no hash) lists
//   the chunks of each screen, of the signed-in shell and of each language's catalogue, which the
//   entry preloads for the address and language it opens with (src/app/startup-preload.ts).
import path from 'node:path';
import { readdirSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The id of the JSON data block in index.html (app/screens.ts names it too; its test compares them). */
export const STARTUP_CHUNKS_ID = 'startup-chunks';

/** That block: by module (path under src/, no extension), `locale:<language>` (the core catalogue) or `locale:<language>:<feature>`, the chunk URLs to preload. */
export type StartupChunks = Record<string, string[]>;

/**
 * The app's screens: every module in a `routes` folder (src/app/routes, src/features/<name>/routes),
 * each loaded lazily by the router; as module paths under src/, without extension.
 */
export function routeModules(srcDir: string): string[] {
  const folders = ['app/routes', ...readdirSync(`${srcDir}/features`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `features/${entry.name}/routes`)];
  return folders.flatMap((folder) => {
    try {
      return readdirSync(`${srcDir}/${folder}`)
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => `${folder}/${file.replace(/\.tsx?$/, '')}`);
    } catch {
      return [];
    }
  });
}

interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  name: string;
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
  moduleIds?: string[];
  isEntry: boolean;
}

export interface StartupPreloadOptions {
  /** The app's source folder (modules are named relative to it). */
  srcDir: string;
  /** Modules (under srcDir, no extension) that must each be a chunk of their own (routeModules): the build fails otherwise. */
  modules: readonly string[];
  /** Languages whose catalogue chunk is named `locale-<language>` (the build's code-splitting groups). */
  languages: readonly string[];
  /** Entry dynamic imports that are not part of the start-up (a module path fragment each). */
  deferred: readonly RegExp[];
}

export function startupPreload(options: StartupPreloadOptions): Plugin {
  return {
    name: 'rentalops-startup-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return undefined;
        const chunks = Object.values(bundle).filter((item): item is typeof item & OutputChunkLike => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('startup-preload: the build has no entry chunk');
        /** A chunk and every chunk it imports statically, in load order. */
        const closure = (fileName: string, into = new Set<string>()): Set<string> => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
          return into;
        };

        const startup = new Set<string>();
        for (const file of entry.imports) closure(file, startup);
        for (const file of entry.dynamicImports) {
          const facade = byFile.get(file)?.facadeModuleId ?? '';
          if (!options.deferred.some((pattern) => pattern.test(facade))) closure(file, startup);
        }
        startup.delete(entry.fileName);

        const moduleName = (id: string) => path.relative(options.srcDir, id).replace(/\\/g, '/').replace(/\.[cm]?[jt]sx?$/, '');
        const screens: StartupChunks = {};
        for (const chunk of chunks) {
          if (!chunk.facadeModuleId) continue;
          const name = moduleName(chunk.facadeModuleId);
          if (options.modules.includes(name)) screens[name] = [...closure(chunk.fileName)].filter((file) => !startup.has(file) && file !== entry.fileName).map((file) => `/${file}`);
        }
        const missing = options.modules.filter((name) => !screens[name]);
        if (missing.length) throw new Error(`startup-preload: no chunk of its own for ${missing.join(', ')} (a screen the router does not import lazily?)`);
        // Each feature's catalogue (features/<name>/locales/<language>.json) as `locale:<language>:<name>`:
        // the chunk that holds it (its own, or the shell's catalogue chunk of that language).
        for (const chunk of chunks) {
          for (const id of chunk.moduleIds ?? []) {
            const catalogue = /[\\/]features[\\/]([^\\/]+)[\\/]locales[\\/]([a-z]+)\.json$/.exec(id);
            if (catalogue) screens[`locale:${catalogue[2]}:${catalogue[1]}`] = [`/${chunk.fileName}`];
          }
        }
        for (const language of options.languages) {
          const chunk = chunks.find((candidate) => candidate.name === `locale-${language}`);
          if (!chunk) throw new Error(`startup-preload: no locale-${language} chunk`);
          screens[`locale:${language}`] = [`/${chunk.fileName}`];
        }

        return [
          ...[...startup].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          // JSON in a data block: `<` escaped, so no chunk name could ever close the element.
          { tag: 'script', attrs: { type: 'application/json', id: STARTUP_CHUNKS_ID }, children: JSON.stringify(screens).replace(/</g, '\\u003c'), injectTo: 'head' as const },
        ];
      },
    },
  };
}
