// The build's Brotli copies (build/precompress.ts): one per script under assets/, the script's exact
// bytes once decoded, smaller than the quality the local server used before (CloudFront compresses on
// the fly at a quality of its own); nothing for source maps, stylesheets or pages.
import { existsSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { precompressFiles } from './precompress';

describe('precompressFiles', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a Brotli copy of each script under assets/ and of nothing else', async () => {
    const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = ${JSON.stringify('text '.repeat(i % 17))};\n`).join(''));
    const files = { 'assets/index-abc.js': script, 'assets/index-abc.js.map': Buffer.from('{}'), 'assets/widget-x.css': Buffer.from('a{color:red}'), 'index.html': Buffer.from('<!doctype html>'), 'sw.js': Buffer.from('self') };
    for (const [file, body] of Object.entries(files)) writeFileSync(path.join(dir, file), body);

    expect(await precompressFiles(dir, Object.keys(files))).toBe(1);

    const copy = readFileSync(path.join(dir, 'assets/index-abc.js.br'));
    expect(brotliDecompressSync(copy).equals(script)).toBe(true);
    const quality9 = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    expect(copy.length).toBeLessThanOrEqual(quality9.length);
    expect(readdirSync(path.join(dir, 'assets')).sort()).toEqual(['index-abc.js', 'index-abc.js.br', 'index-abc.js.map', 'widget-x.css']);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'sw.js.br'))).toBe(false);
  });
});

// `npm test` builds the site before Jest starts: CloudFront's function sends any script's `.br` to a
// browser that accepts Brotli, so a script without one would be a missing file in production.
const dist = path.resolve('frontend/dist/assets');
(existsSync(dist) ? it : it.skip)('the built site has the Brotli copy of every script, decoding to its bytes', () => {
  const scripts = readdirSync(dist).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(20);
  for (const file of scripts) {
    const copy = path.join(dist, `${file}.br`);
    expect([file, existsSync(copy)]).toEqual([file, true]);
    expect(brotliDecompressSync(readFileSync(copy)).equals(readFileSync(path.join(dist, file)))).toBe(true);
  }
});
