// The CDK entry point (cdk.json "app"): `npx cdk deploy -c stage=<dev|staging|prod>`.
// Functions are bundled with esbuild and the site built with Vite, locally and offline.
import { createApp } from '../lib/app';
import { ConfigurationError } from '../lib/config';
import { HandlerBuildError } from '../lib/handler-code';

try {
  createApp({
    build: 'bundle',
    // `-c stage=all` (CI, offline): an unfilled prod is left out, and said so.
    onSkippedStage: (stage, reason) => process.stderr.write(`Stage "${stage}" ${reason}.\n`),
  }).app.synth();
} catch (error) {
  if (error instanceof ConfigurationError || error instanceof HandlerBuildError) {
    process.stderr.write(`\n${error.message}\n\n`);
    process.exit(1);
  }
  throw error;
}
