import path from 'node:path';
import { startupPreload } from './startup-preload';

const SRC = '/repo/frontend/src';
const chunk = (fileName: string, facade: string | null, imports: string[] = [], dynamicImports: string[] = [], extra: Partial<{ isEntry: boolean; name: string }> = {}) => ({
  type: 'chunk' as const,
  fileName,
  name: extra.name ?? path.basename(fileName, '.js'),
  imports,
  dynamicImports,
  facadeModuleId: facade,
  isEntry: extra.isEntry ?? false,
});

/** A bundle shaped like the app's: an entry starting stages, a deferred worker registration, screens and catalogues. */
function bundle() {
  const chunks = [
    chunk('assets/index.js', `${SRC}/main.tsx`, ['assets/yield.js'], ['assets/boot.js', 'assets/register-sw.js'], { isEntry: true }),
    chunk('assets/yield.js', `${SRC}/lib/yield.ts`),
    chunk('assets/boot.js', `${SRC}/app/boot.ts`, ['assets/react.js']),
    chunk('assets/react.js', '/repo/node_modules/react/index.js'),
    chunk('assets/register-sw.js', `${SRC}/lib/offline/register-sw.ts`, ['assets/workbox.js']),
    chunk('assets/workbox.js', null),
    chunk('assets/Layout.js', `${SRC}/app/routes/AuthenticatedLayout.tsx`, ['assets/react.js', 'assets/Menu.js']),
    chunk('assets/Menu.js', null, ['assets/Popover.js']),
    chunk('assets/Popover.js', null),
    chunk('assets/Dashboard.js', `${SRC}/features/dashboard/routes/DashboardPage.tsx`, ['assets/Card.js']),
    chunk('assets/Card.js', null),
    chunk('assets/locale-en.js', null, [], [], { name: 'locale-en' }),
  ];
  return Object.fromEntries(chunks.map((item) => [item.fileName, item]));
}

type Tag = { tag: string; attrs: Record<string, unknown>; children?: string };

function run(modules: string[], currentBundle = bundle()): Tag[] {
  const plugin = startupPreload({ srcDir: SRC, modules, languages: ['en'], deferred: [/register-sw\.ts$/] });
  const hook = plugin.transformIndexHtml as { handler: (html: string, context: { bundle: unknown }) => Tag[] };
  return hook.handler('<html></html>', { bundle: currentBundle });
}

describe('startup-preload (the build step naming the first chunks in index.html)', () => {
  it('preloads what the entry starts with, statically and in its stages, but not the deferred worker registration', () => {
    const tags = run(['app/routes/AuthenticatedLayout']);
    const preloaded = tags.filter((tag) => tag.attrs.rel === 'modulepreload').map((tag) => tag.attrs.href);
    expect(preloaded.sort()).toEqual(['/assets/boot.js', '/assets/react.js', '/assets/yield.js']);
  });

  it("lists each named screen's chunks with what they import, minus the start-up ones, and each catalogue", () => {
    const tags = run(['app/routes/AuthenticatedLayout', 'features/dashboard/routes/DashboardPage']);
    const data = tags.find((tag) => tag.tag === 'script');
    expect(data?.attrs).toEqual({ type: 'application/json', id: 'startup-chunks' });
    expect(JSON.parse(data!.children!)).toEqual({
      'app/routes/AuthenticatedLayout': ['/assets/Layout.js', '/assets/Menu.js', '/assets/Popover.js'],
      'features/dashboard/routes/DashboardPage': ['/assets/Dashboard.js', '/assets/Card.js'],
      'locale:en': ['/assets/locale-en.js'],
    });
  });

  it('fails the build when a named screen is not a chunk of its own', () => {
    expect(() => run(['features/missing/routes/MissingPage'])).toThrow(/no chunk of its own for features\/missing\/routes\/MissingPage/);
  });

  it('escapes "<" in the data block, so no chunk name can close the element', () => {
    const current = bundle();
    current['assets/Dashboard.js'] = { ...current['assets/Dashboard.js'], fileName: 'assets/</script>.js' };
    const tags = run(['features/dashboard/routes/DashboardPage'], Object.fromEntries(Object.values(current).map((item) => [item.fileName, item])));
    const data = tags.find((tag) => tag.tag === 'script')!;
    expect(data.children).not.toContain('</script>');
    expect(JSON.parse(data.children!)['features/dashboard/routes/DashboardPage']).toContain('/assets/</script>.js');
  });
});
