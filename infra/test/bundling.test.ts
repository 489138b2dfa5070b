// Real bundles (what `npm run synth` and deploy upload): esbuild output that loads as Lambda loads
// it (ESM, with the createRequire banner), answers a request against the local DynamoDB stand-in,
// and maps stack traces back to the TypeScript sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { bundledCode } from '../lib/handler-code';
import { createTestCompany } from '../../tests/support/fixtures';

// One handler with only the table, one with the ESM-only packages (jose via the OAuth module, middy).
const HANDLERS = ['get-health', 'start-login', 'export-report'];
const code = bundledCode(HANDLERS);
const bundleDir = (name: string) => (code.code(name) as lambda.AssetCode).path;

/** Imports the bundle in a fresh Node process, as the runtime does, and calls its handler. */
function invoke(name: string, event: unknown, env: Record<string, string> = {}): { statusCode: number; headers?: Record<string, string>; body?: string } {
  const script = `
    const { handler } = await import(${JSON.stringify(path.join(bundleDir(name), 'index.mjs'))});
    const result = await handler(${JSON.stringify(event)}, { awsRequestId: 'test', getRemainingTimeInMillis: () => 10000 });
    process.stdout.write(JSON.stringify(result));`;
  const output = execFileSync(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], {
    env: { ...process.env, LOG_LEVEL: 'SILENT', ...env },
    encoding: 'utf8',
    timeout: 50_000,
  });
  return JSON.parse(output) as { statusCode: number; body?: string };
}

const httpEvent = (routeKey: string, rawPath: string, rawQueryString = '', cookies: string[] = []) => ({
  version: '2.0',
  routeKey,
  rawPath,
  rawQueryString,
  queryStringParameters: rawQueryString ? Object.fromEntries(new URLSearchParams(rawQueryString)) : undefined,
  cookies,
  headers: { 'accept-language': 'en' },
  requestContext: { http: { method: routeKey.split(' ')[0], path: rawPath }, requestId: 'test' },
  isBase64Encoded: false,
});

describe('handler bundles', () => {
  it.each(HANDLERS)('bundles %s as one ESM file with its source map', (name) => {
    const dir = bundleDir(name);
    expect(existsSync(path.join(dir, 'index.mjs'))).toBe(true);
    const map = JSON.parse(readFileSync(path.join(dir, 'index.mjs.map'), 'utf8')) as { sources: string[] };
    expect(map.sources.some((source) => source.endsWith(`functions/handlers/${name}.ts`))).toBe(true);
    expect(readFileSync(path.join(dir, 'index.mjs'), 'utf8').startsWith('import { createRequire')).toBe(true);
  });

  it('answers GET /api/health from the bundle, through the AWS SDK the runtime provides, against the local table', () => {
    const response = invoke('get-health', httpEvent('GET /api/health', '/api/health'));
    expect(response).toMatchObject({ statusCode: 200 });
    expect(JSON.parse(response.body!)).toMatchObject({ status: 'ok' });
  }, 60_000);

  it('loads the bundle that uses ESM-only packages (jose, middy) and redirects to the Hosted UI', () => {
    const response = invoke('start-login', httpEvent('GET /api/login', '/api/login'), {
      COGNITO_AUTHORIZE_URL: 'https://example.auth.us-east-1.amazoncognito.com/oauth2/authorize',
      COGNITO_TOKEN_URL: 'https://example.auth.us-east-1.amazoncognito.com/oauth2/token',
      COGNITO_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_example',
      COGNITO_JWKS_URL: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_example/.well-known/jwks.json',
      COGNITO_CLIENT_ID: 'example-client',
      APP_URL: 'https://app.example.com',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers?.location).toMatch(/^https:\/\/example\.auth\.us-east-1\.amazoncognito\.com\/oauth2\/authorize\?/);
  }, 60_000);

  it('keeps the AWS SDK out of the bundles and each function under 300 KB, heavy packages in lazy chunks', () => {
    for (const name of HANDLERS) {
      const entry = readFileSync(path.join(bundleDir(name), 'index.mjs'), 'utf8');
      expect(entry).toMatch(/require\("@aws-sdk\//);
      expect(entry).not.toMatch(/from\s*"@aws-sdk\//); // loaded with require(): no export scan at start-up
      expect(entry.length / 1024).toBeLessThan(300);
    }
    const chunks = path.join(bundleDir('export-report'), 'chunks');
    expect(readdirSync(chunks).filter((file) => file.endsWith('.mjs')).length).toBeGreaterThan(0);
    expect(readFileSync(path.join(bundleDir('export-report'), 'index.mjs'), 'utf8')).not.toContain('ExcelJS');
  });

  it('exports a PDF and an Excel report from the bundle, loading its lazy chunks and fonts', async () => {
    const company = await createTestCompany({ name: 'Bundle Exports' });
    for (const [format, magic] of [['pdf', '%PDF-'], ['xlsx', 'PK']] as const) {
      const event = httpEvent('GET /api/reports/export', '/api/reports/export', `format=${format}`, [company.ceo.cookie]);
      const response = invoke('export-report', event);
      expect({ status: response.statusCode, body: response.statusCode === 200 ? '' : response.body }).toEqual({ status: 200, body: '' });
      expect(Buffer.from(response.body!, 'base64').subarray(0, magic.length).toString()).toBe(magic);
    }
  }, 60_000);

  it('ships pdfkit\'s standard fonts beside the report export bundle, resolvable as pdfkit asks for them', () => {
    const dir = bundleDir('export-report');
    const script = `
      const { createRequire } = await import('node:module');
      const require = createRequire(${JSON.stringify(path.join(dir, 'index.mjs'))});
      process.stdout.write(require('#standard-fonts/Helvetica').name);`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })).toBe('Helvetica');
    expect(existsSync(path.join(bundleDir('get-health'), 'standard-fonts'))).toBe(false);
  }, 60_000);

  it('refuses a handler the route table names but functions/handlers lacks, with the file it expected', () => {
    expect(() => bundledCode(['no-such-handler'])).toThrow('expected functions/handlers/no-such-handler.ts');
  });
});
