import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { routeModules, startupPreload } from './build/startup-preload.ts';
import { precompressAssets } from './build/precompress.ts';
import { sharedMessages } from './build/shared-messages.ts';
import { developersPage } from './build/developers-page.ts';
import { guestPage } from './build/guest-page.ts';
import { SHELL_CATALOGUES } from './src/app/route-catalogues.ts';

// The frontend lives in `frontend/`, but `#shared/*` (package.json "imports") and node_modules
// sit at the repository root. Vite resolves subpath imports through the importer's nearest
// package.json, so no alias is needed; `server.fs.allow` lets the dev server read `../shared`.
const root = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** MUI, its styling engine and what they are built on. */
const MUI_SHARED = /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|core-downloads-tracker)|@emotion|react-transition-group|@popperjs|clsx|prop-types|react-is|stylis|hoist-non-react-statics)[\\/]/;
/** MUI components of one or two screens (settings, reports, pricing, property forms), left to them. */
const MUI_FEW_SCREENS = /[\\/]@mui[\\/]material[\\/](esm[\\/])?(Autocomplete|useAutocomplete|Accordion\w*|Table\w*|Tabs?|TabScrollButton|ToggleButton\w*|Radio\w*|NativeSelect|Switch|Grid|Slider|Stepper|Step\w*|Pagination\w*|Rating|SpeedDial\w*|Breadcrumbs|Snackbar\w*|ImageList\w*)[\\/]/;

/** MUI's texts in other languages: loaded with app/mui-locales.ts, only for Portuguese and Spanish. */
const MUI_LOCALE = /[\\/]@mui[\\/]material[\\/]locale[\\/]/;

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
    // shared/messages.ts one language at a time, with that language's catalogue (build/shared-messages.ts).
    sharedMessages(),
    // Each script's Brotli copy at the highest quality, which the CDN serves as it is (build/precompress.ts).
    // The API reference at /developers: Scalar's browser build copied beside the app, never in its chunks (build/developers-page.ts).
    developersPage(),
    // The guest's "we have left" page at /g/<token>: a tiny page and script of its own, not the app (build/guest-page.ts).
    guestPage(),
    precompressAssets(),
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
        // Nor is the API reference's page and its ~4.8 MB renderer (build/developers-page.ts): a developer's page, online.
        globIgnores: ['**/common-passwords-*.js', '**/scalar-api-reference-*.js', '**/developers-start-*.js', 'developers.html'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    fs: { allow: [repoRoot] },
  },
  resolve: {
    // MUI's Portuguese and Spanish texts from their own modules (app/mui-locales.ts), which the
    // package's exports map does not name: its locale index builds an Intl.NumberFormat for each of
    // its ~60 locales when evaluated.
    alias: [{ find: /^@mui\/material\/locale\/(ptBR|esES)$/, replacement: `${repoRoot}node_modules/@mui/material/locale/$1.mjs` }],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // A language's core catalogue (src/locales and shared/messages.ts) is one chunk, the
        // signed-in shell's feature catalogues another; every other feature's catalogue is a chunk of
        // its own, loaded with the screens that use it (lib/i18n.ts, app/route-catalogues.ts; the
        // first screen's are preloaded with its code, app/startup-preload.ts).
        codeSplitting: {
          groups: [
            ...['en', 'pt', 'es'].flatMap((language) => [
              {
                name: `locale-${language}`,
                test: new RegExp(`([\\\\/]src[\\\\/]locales[\\\\/]${language}\\.json|^\\0virtual:shared-messages/${language})$`),
              },
              {
                name: `locale-${language}-shell`,
                test: new RegExp(`[\\\\/]features[\\\\/](${SHELL_CATALOGUES.join('|')})[\\\\/]locales[\\\\/]${language}\\.json$`),
              },
            ]),
            { name: 'common-passwords', test: /[\\/](password-strength\.ts|@zxcvbn-ts[\\/])/ },
            // MUI with emotion as one chunk instead of ~50 (one per component and helper): each
            // chunk a first visit fetches costs the browser and network processes a request and
            // the page's main thread a script to stream, instantiate and evaluate, and on a phone's
            // first visit that overhead, not the code, made most of the start-up's long tasks
            // (bench/results.md). Components only a few screens use stay with those screens, unless
            // a shared component needs them.
            // React and React DOM first, as the first start-up stage (main.tsx) loads them: without
            // this group React would go into MUI's chunk, and that stage would evaluate all of MUI too.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 1 },
            // MUI's styling core (the theme stage needs it) apart from its components (the screen's
            // stage): each stage evaluates its own half.
            { name: 'mui-styles', test: /node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming)|@mui[\\/]material[\\/](styles|colors)|@emotion|stylis|clsx|prop-types|react-is|hoist-non-react-statics)[\\/]/, priority: 1 },
            {
              name: 'mui',
              test: (id: string) => MUI_SHARED.test(id) && !MUI_FEW_SCREENS.test(id) && !MUI_LOCALE.test(id),
            },
            // The icons two or more screens share; an icon of one screen stays in that screen's chunk
            // (about 6 KB less for every first screen than all the app's icons in one chunk).
            { name: 'icons', test: /[\\/]src[\\/]icons[\\/]/, includeDependenciesRecursively: false, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
