// The AWS SDK that Lambda's runtime provides is CommonJS. When an ES module `import`s a CommonJS
// package, Node first scans the package's source for its export names (cjs-module-lexer), and for
// the SDK's large single-file clients that scan costs more than loading them: measured on the
// bundled handlers, module init fell from 161 to 100 ms (register, DynamoDB and Cognito clients)
// and from 108 to 82 ms (list-tasks) once the SDK was loaded with require() instead.
//
// So, after esbuild has written a handler, its imports of `@aws-sdk/*` are rewritten:
// - static `import{A as b}from"@aws-sdk/x"` statements become `const{A:b}=require("@aws-sdk/x")`
//   at the top of the file (ES imports are hoisted: moving them up keeps the order of evaluation);
// - dynamic `import("@aws-sdk/x")` (clients loaded on first use) becomes a deferred require through
//   a helper of the same length as `import(`.
// The original text is blanked with spaces rather than removed, and the requires join the banner's
// line, so every other line and column is where the source map says it is.

/** Defined by the bundle's banner (handler-code.ts): `import(` and `__sdkI(` are both 7 characters. */
export const SDK_DYNAMIC_REQUIRE = '__sdkI';
export const SDK_REQUIRE_BANNER = `const ${SDK_DYNAMIC_REQUIRE}=(m)=>Promise.resolve().then(()=>require(m));`;

const STATIC_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"(@aws-sdk\/[^"]+)";?/g;
const DYNAMIC_IMPORT = /\bimport\((?="@aws-sdk\/)/g;
const ANY_SDK_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)["']@aws-sdk\//;

export class SdkRequireError extends Error {}

function bindings(specifiers: string, pkg: string): string {
  return specifiers
    .split(',')
    .map((specifier) => specifier.trim())
    .filter(Boolean)
    .map((specifier) => {
      const [imported, local] = specifier.split(/\s+as\s+/);
      if (imported === 'default') throw new SdkRequireError(`default import of ${pkg}: the SDK has none; import the names you use`);
      return local && local !== imported ? `${imported}:${local}` : imported;
    })
    .join(',');
}

/** The bundle's code with its SDK imports turned into require() calls (see above). */
export function requireSdk(code: string): string {
  const requires: string[] = [];
  let rewritten = code.replace(STATIC_IMPORT, (statement, specifiers: string, pkg: string) => {
    requires.push(`const{${bindings(specifiers, pkg)}}=require(${JSON.stringify(pkg)});`);
    return ' '.repeat(statement.length);
  });
  rewritten = rewritten.replace(DYNAMIC_IMPORT, `${SDK_DYNAMIC_REQUIRE}(`);
  const left = ANY_SDK_IMPORT.exec(rewritten);
  if (left) {
    const at = rewritten.slice(Math.max(0, left.index - 40), left.index + 60);
    throw new SdkRequireError(`an import of the AWS SDK in a form infra/lib/sdk-require.ts does not rewrite: …${at}…`);
  }
  if (!requires.length) return rewritten;
  const endOfBanner = rewritten.indexOf('\n');
  if (endOfBanner < 0 || !rewritten.slice(0, endOfBanner).includes(SDK_REQUIRE_BANNER)) {
    throw new SdkRequireError('the bundle does not start with the banner that defines require (handler-code.ts)');
  }
  return rewritten.slice(0, endOfBanner) + requires.join('') + rewritten.slice(endOfBanner);
}
