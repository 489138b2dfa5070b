// Builds the local bundles (run by local/bundles/prepare.ts in a process of its own: it loads esbuild
// and aws-cdk-lib, which the server does not need afterwards):
//   1. every function the stack builds, with the synth's own build (infra/lib/handler-code.ts
//      buildHandlersConcurrently: buildHandlers' esbuild options, chunks, SDK rewrite and runtime
//      files, two handlers at a time);
//   2. the environment the stack gives each function, read from the dev stage's constructs (stub
//      code: no second build), so a bundle runs with the variables its Lambda function would have.
// Usage: tsx local/bundles/build.ts <output dir>. Writes <dir>/manifest.json last.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Metafile } from 'esbuild';
import { createStageStack } from '../../infra/lib/app';
import { parseStageConfig, STAGES_CONTEXT_KEY, type StageConfigInput } from '../../infra/lib/config';
import { asBuildError, buildHandlersConcurrently } from '../../infra/lib/handler-code';
import { paths } from '../../infra/lib/paths';
import { RentalOpsFunction } from '../../infra/lib/constructs/rentalops-function';
import { functionNames, MANIFEST, METAFILE, type BundlesManifest } from './sources';

/** The stage whose stack sets the environments (cdk.json's dev stage). */
const STAGE = 'dev';

/** Each function's environment variables as the stack sets them (null where CloudFormation resolves the value). */
export function stackEnvironments(): Record<string, { env: Record<string, string | null> }> {
  const context = (JSON.parse(readFileSync(paths.cdkJson, 'utf8')) as { context: Record<string, unknown> }).context;
  const stages = context[STAGES_CONTEXT_KEY] as Record<string, StageConfigInput>;
  const app = new App({ context: { ...context, stage: STAGE }, builtinCloudFormationValidation: false });
  const config = parseStageConfig(STAGE, { account: '000000000000', ...stages[STAGE] });
  const stack = createStageStack(app, config, { build: 'stub' });
  const functions: Record<string, { env: Record<string, string | null> }> = {};
  for (const construct of stack.node.findAll()) {
    if (!(construct instanceof RentalOpsFunction)) continue;
    const cfn = construct.fn.node.defaultChild as lambda.CfnFunction;
    const resolved = Stack.of(cfn).resolve(cfn.environment) as { variables?: Record<string, unknown> } | undefined;
    const env: Record<string, string | null> = {};
    for (const [name, value] of Object.entries(resolved?.variables ?? {})) env[name] = typeof value === 'string' ? value : null;
    functions[construct.handlerName] = { env };
  }
  return functions;
}

async function main(): Promise<void> {
  const outdir = process.argv[2];
  if (!outdir) throw new Error('Usage: tsx local/bundles/build.ts <output dir>');
  const names = functionNames();
  const staging = `${outdir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  let started = Date.now();
  let metafile: Metafile;
  try {
    metafile = await buildHandlersConcurrently(names, staging);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw asBuildError(error);
  }
  const buildMs = Date.now() - started;
  started = Date.now();
  const functions = stackEnvironments();
  const envMs = Date.now() - started;
  const missing = names.filter((name) => !functions[name]);
  if (missing.length) throw new Error(`The stack has no function for ${missing.join(', ')}`);
  const manifest: BundlesManifest = { hash: path.basename(outdir), builtAt: new Date().toISOString(), buildMs, envMs, functions };
  // esbuild's metafile of the build (outputs named relative to the build's directory): what each
  // bundle carries, read by infra/test/bundle-contents.test.ts instead of building every handler again.
  const prefix = `${path.relative(paths.root, staging).split(path.sep).join('/')}/`;
  const outputs = Object.fromEntries(Object.entries(metafile.outputs).map(([output, info]) => [output.startsWith(prefix) ? output.slice(prefix.length) : output, info]));
  writeFileSync(path.join(staging, METAFILE), JSON.stringify({ inputs: metafile.inputs, outputs }));
  writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  // Another process may have finished the same build meanwhile: its directory is as good as ours.
  try {
    renameSync(staging, outdir);
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify({ functions: names.length, buildMs, envMs })}\n`);
}

await main();
