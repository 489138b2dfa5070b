import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { routeModules, startupPreload } from './build/startup-preload.ts';

// The frontend lives in `frontend/`, but `#shared/*` (package.json "imports") and node_modules
// sit at the repository root. Vite resolves subpath imports through the importer's nearest
// package.json, so no alias is needed; `server.fs.allow` lets the dev server read `../shared`.
const root = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  publicDir: 'public',
  plugins: [
    react(),
    // index.html preloads the start-up chunks and names each screen's (build/startup-preload.ts).
    startupPreload({
      srcDir: fileURLToPath(new URL('./src', import.meta.url)),
      modules: routeModules(fileURLToPath(new URL('./src', import.meta.url))),
      languages: ['en', 'pt', 'es'],
      deferred: [/[\\/]lib[\\/]offline[\\/]register-sw\.ts$/],
    }),
    // The installable, offline staff app (issue 19): the web manifest, and the Workbox service worker
    // of src/sw.ts with the built files' precache list injected. Registered by src/main.tsx in the
    // built site only (npm start serves the built site; see local/start.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: null,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        id: '/my-day',
        name: 'RentalOps',
        short_name: 'RentalOps',
        description: 'Your day of cleaning and maintenance tasks, also without signal.',
        start_url: '/my-day',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1e4fd8',
        background_color: '#f7f8fa',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The common-password list (~400 KB, loaded only by the registration and reset forms, which
        // need the network anyway) is not worth a phone's storage.
        globIgnores: ['**/common-passwords-*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
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
            { name: 'common-passwords', test: /[\\/](password-strength\.ts|@zxcvbn-ts[\\/])/ },
            { name: 'icons', test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
