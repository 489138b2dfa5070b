// Where the repository's parts live, found from the working directory (cdk, jest and tsx all run
// from the repository root, as the rest of the repo assumes), so no path depends on how this file
// was compiled or loaded.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

function findRepoRoot(start: string): string {
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'rentalops') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Run the CDK app from inside the RentalOps repository (no package.json named "rentalops" above ${start}).`);
    dir = parent;
  }
}

export const REPO_ROOT = findRepoRoot(process.cwd());

export const paths = {
  root: REPO_ROOT,
  cdkJson: path.join(REPO_ROOT, 'cdk.json'),
  lockFile: path.join(REPO_ROOT, 'package-lock.json'),
  tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
  frontend: path.join(REPO_ROOT, 'frontend'),
  viteConfig: path.join(REPO_ROOT, 'frontend', 'vite.config.ts'),
  viteCli: path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
  /** functions/handlers/<name>.ts: one module per route or event handler. */
  handler: (name: string) => path.join(REPO_ROOT, 'functions', 'handlers', `${name}.ts`),
};
