// `tsx local/bundles/prepare-cli.ts`: builds the local bundles of the current sources unless a build
// of them is there (scripts/test.sh runs it once per CI run, beside the type check).
import { prepareBundles } from './prepare';

const prepared = prepareBundles((line) => console.log(line));
const { manifest } = prepared;
console.log(
  prepared.built
    ? `${Object.keys(manifest.functions).length} function bundles built in ${(prepared.ms / 1000).toFixed(1)} s (esbuild ${(manifest.buildMs / 1000).toFixed(1)} s, the stack's environments ${(manifest.envMs / 1000).toFixed(1)} s): ${prepared.dir}`
    : `${Object.keys(manifest.functions).length} function bundles of these sources already built (${prepared.dir}); checked in ${prepared.ms} ms`,
);
