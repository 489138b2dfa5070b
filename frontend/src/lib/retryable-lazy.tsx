import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { failedModuleUrl } from './use-deferred-module';

/** What a retryable lazy component throws when its code could not be loaded: the error, and how to load it again. */
export interface LazyLoadFailure extends Error {
  retryLoad: () => void;
}

export function isLazyLoadFailure(error: unknown): error is LazyLoadFailure {
  return error instanceof Error && typeof (error as Partial<LazyLoadFailure>).retryLoad === 'function';
}

/**
 * `React.lazy` for a part opened on demand (a dialog), whose failed load can be tried again. React.lazy
 * keeps a failed load failed, and a browser keeps a failed module script failed (the module map), so
 * the error it throws carries `retryLoad`: the next render loads afresh, importing the script the
 * error names under a new query (as lib/use-deferred-module.ts does) and picking the component from
 * it with `pick`. components/ui/LazyDialog.tsx shows the failure and calls it.
 */
export function retryableLazy<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  let attempt = 0;
  let failedUrl: string | undefined;
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      try {
        const module = attempt > 0 && failedUrl ? ((await import(/* @vite-ignore */ `${failedUrl}?retry=${attempt}`)) as M) : await load();
        return { default: pick(module) };
      } catch (error) {
        failedUrl ??= failedModuleUrl(error);
        const failure = (error instanceof Error ? error : new Error(String(error))) as LazyLoadFailure;
        failure.retryLoad = () => {
          attempt += 1;
          current = make();
        };
        throw failure;
      }
    });
  let current = make();
  function RetryableLazy(props: P) {
    const Current = current;
    return <Current {...props} />;
  }
  return RetryableLazy;
}
