// The three catalogues must stay in step: same keys, no empty text, same {{placeholders}}.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import en from './en.json';
import es from './es.json';
import pt from './pt.json';

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else flatten(value, path).forEach((text, nested) => entries.set(nested, text));
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** The core catalogue of a language merged with every feature's own catalogue file. */
function full(core: Catalogue, language: string): Map<string, string> {
  const entries = flatten(core);
  const features = path.resolve('frontend/src/features');
  for (const feature of readdirSync(features)) {
    const file = path.join(features, feature, 'locales', `${language}.json`);
    if (existsSync(file)) flatten(JSON.parse(readFileSync(file, 'utf8')) as Catalogue).forEach((text, key) => entries.set(key, text));
  }
  return entries;
}

const english = full(en, 'en');
const others = { pt: full(pt, 'pt'), es: full(es, 'es') };

describe('translation catalogues', () => {
  it.each(Object.entries(others))('%s has exactly the English keys', (_language, catalogue) => {
    expect([...catalogue.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([['en', english], ...Object.entries(others)] as const)('%s has no empty text', (_language, catalogue) => {
    const empty = [...catalogue].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(Object.entries(others))('%s uses the same placeholders as English', (_language, catalogue) => {
    const mismatched = [...english]
      .filter(([key, text]) => JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(catalogue.get(key) ?? '')))
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});
