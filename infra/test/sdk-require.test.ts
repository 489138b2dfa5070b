import { requireSdk, SDK_REQUIRE_BANNER, SdkRequireError } from '../lib/sdk-require';

const BANNER = `import { createRequire as c } from 'node:module'; const require = c(import.meta.url);${SDK_REQUIRE_BANNER}`;

describe('loading the runtime AWS SDK with require()', () => {
  it('moves static imports to the banner line as requires and blanks them in place, keeping every other position', () => {
    const body = 'import{GetItemCommand as a,QueryCommand}from"@aws-sdk/client-dynamodb";var x=1;\nimport{marshall as m}from"@aws-sdk/util-dynamodb";export{x};';
    const out = requireSdk(`${BANNER}\n${body}`);
    const [first, ...rest] = out.split('\n');
    expect(first).toBe(`${BANNER}const{GetItemCommand:a,QueryCommand}=require("@aws-sdk/client-dynamodb");const{marshall:m}=require("@aws-sdk/util-dynamodb");`);
    expect(rest.join('\n')).toHaveLength(body.length);
    expect(rest.join('\n').indexOf('var x=1;')).toBe(body.indexOf('var x=1;'));
    expect(out).not.toMatch(/from"@aws-sdk/);
  });

  it('turns a dynamic import of the SDK into a deferred require of the same length', () => {
    const body = 'const s=await import("@aws-sdk/client-s3");';
    const out = requireSdk(`${BANNER}\n${body}`);
    expect(out.split('\n')[1]).toBe('const s=await __sdkI("@aws-sdk/client-s3");');
  });

  it('behaves like the import it replaces when run', async () => {
    const load = new Function('require', `${SDK_REQUIRE_BANNER} return __sdkI("@aws-sdk/util-dynamodb");`);
    const { createRequire } = await import('node:module');
    const sdk = (await load(createRequire(__filename))) as typeof import('@aws-sdk/util-dynamodb');
    expect(sdk.marshall({ a: 1 })).toEqual({ a: { N: '1' } });
  });

  it('refuses a form of SDK import it does not rewrite, and a bundle without the banner', () => {
    expect(() => requireSdk(`${BANNER}\nimport*as s from"@aws-sdk/client-s3";`)).toThrow(SdkRequireError);
    expect(() => requireSdk(`${BANNER}\nimport{default as s}from"@aws-sdk/client-s3";`)).toThrow('default import');
    expect(() => requireSdk('var x;\nimport{A}from"@aws-sdk/client-s3";')).toThrow('banner');
    expect(requireSdk('var untouched = 1;')).toBe('var untouched = 1;');
  });
});
