// BENCH_LH_AB=<dir of another build>: the chosen screens measured on two builds in alternating runs
// (this checkout's frontend/dist, or BENCH_DIST, as A; the other as B), in one bench. On this two-core machine a
// screen's score moves by several points between benches run minutes apart (how much CPU the page's
// main thread gets varies), more than most single changes; runs taken in turn share that drift, so
// the difference between the two columns is the change's own.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startDevServer } from '../local/dev-server';
import { DIST, runLighthouse, type LighthousePage, type LighthouseRow } from './site';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Each page `runs` times on each build, A then B, and a table of both builds' scores, TBT and LCP. */
export async function compareBuilds(
  options: { baseUrl: string; otherDist: string; tls?: { key: Buffer; cert: Buffer }; cookie: { name: string; value: string }; pages: LighthousePage[]; runs: number },
  out: (line?: string) => void,
): Promise<void> {
  const dist = path.resolve(options.otherDist);
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`BENCH_LH_AB: no built site in ${dist} (vite build --outDir ${dist})`);
  const other = await startDevServer({ port: 0, frontend: 'static', tls: options.tls, distDir: dist });
  await other.precompress?.();
  try {
    const interleaved = options.pages.flatMap((page) =>
      Array.from({ length: options.runs }, () => [
        { ...page, name: `${page.name} A`, runs: 1 },
        { ...page, name: `${page.name} B`, runs: 1, origin: other.url },
      ]).flat(),
    );
    const rows = await runLighthouse(options.baseUrl, options.cookie, interleaved, 1);
    out();
    out(`Two builds in alternating runs (A: ${path.relative(process.cwd(), DIST) || DIST}; B: ${dist}), ${options.runs} runs each:`);
    out();
    out('| Screen | A perf (runs) | B perf (runs) | A TBT ms | B TBT ms | A LCP ms | B LCP ms |');
    out('|---|---|---|---|---|---|---|');
    for (const page of options.pages) {
      const of = (build: 'A' | 'B') => rows.filter((row) => row.page === `${page.name} ${build}`);
      const cell = (list: LighthouseRow[]) => `${median(list.map((row) => row.performance))} (${list.map((row) => row.performance).join(', ')})`;
      const metric = (list: LighthouseRow[], key: 'tbt' | 'lcp') => Math.round(median(list.map((row) => row.metrics[key])));
      const [a, b] = [of('A'), of('B')];
      out(`| ${page.name} | ${cell(a)} | ${cell(b)} | ${metric(a, 'tbt')} | ${metric(b, 'tbt')} | ${metric(a, 'lcp')} | ${metric(b, 'lcp')} |`);
    }
  } finally {
    await other.close();
  }
}
