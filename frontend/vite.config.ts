import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The frontend lives in `frontend/`, but `#shared/*` (package.json "imports") and node_modules
// sit at the repository root. Vite resolves subpath imports through the importer's nearest
// package.json, so no alias is needed; `server.fs.allow` lets the dev server read `../shared`.
const root = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  publicDir: 'public',
  plugins: [react()],
  server: {
    fs: { allow: [repoRoot] },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Each feature keeps its own catalogues (lib/i18n.ts), but a language downloads as one
        // chunk: a dozen tiny requests queued behind the screen's chunks delayed the first paint.
        codeSplitting: {
          groups: [
            ...['en', 'pt', 'es'].map((language) => ({
              name: `locale-${language}`,
              test: new RegExp(`[\\\\/]locales[\\\\/]${language}\\.json$`),
            })),
            { name: 'icons', test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
