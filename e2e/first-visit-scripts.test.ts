// What a very first visit downloads before it can draw a screen (issue 21 point 5: a phone's cold
// cache). The bench measures the scores (`npm run bench`, bench/results.md); this keeps the causes it
// found from coming back: a first screen that fetches ~80 small chunks instead of ~30, forms' code
// (zod, react-hook-form) loaded for screens whose forms are in dialogs, and MUI's locale index (an
// Intl.NumberFormat for each of ~60 locales) evaluated by an English page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from './support/app';

const ASSETS = path.resolve('frontend/dist/assets');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 60_000);
afterAll(async () => app?.close());

/** The source modules bundled into a built chunk, from its source map. */
function sourcesOf(file: string): string[] {
  const map = JSON.parse(readFileSync(path.join(ASSETS, `${file}.map`), 'utf8')) as { sources: string[] };
  return map.sources;
}

/** The built scripts a first visit of `address` downloads until the screen shows `text`. */
async function scriptsOfFirstVisit(address: string, text: string): Promise<string[]> {
  const page = await app.signedInPage('ceo@demo.rentalops.test', { language: 'en' });
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.pathname.startsWith('/assets/')) scripts.add(url.pathname.slice('/assets/'.length));
  });
  await page.goto(address);
  await page.getByRole('heading', { level: 1, name: text }).waitFor();
  await page.close();
  return [...scripts];
}

describe('a first visit', () => {
  it.each([
    ['/tasks', 'Tasks'],
    ['/properties', 'Properties'],
    ['/team', 'Team'],
    ['/financials', 'Financials'],
  ])('of %s loads neither zod nor react-hook-form (its forms load with their dialogs) in about 30 scripts', async (address, heading) => {
    const scripts = await scriptsOfFirstVisit(address, heading);
    const forms = scripts.filter((file) => sourcesOf(file).some((source) => /node_modules\/(zod|react-hook-form)\//.test(source)));
    expect(forms).toEqual([]);
    // Before MUI was one chunk, a first screen fetched 70-80 scripts (bench/results.md).
    expect(scripts.length).toBeLessThanOrEqual(40);
  });

  it("in English does not evaluate MUI's other languages", async () => {
    const scripts = await scriptsOfFirstVisit('/', 'Hello, Carolina!');
    const locales = scripts.filter((file) => sourcesOf(file).some((source) => /@mui\/material\/locale\//.test(source)));
    expect(locales).toEqual([]);
  });
});
