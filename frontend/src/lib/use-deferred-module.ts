import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export interface DeferredModule<T> {
  /** The module once it has arrived. */
  module: T | undefined;
  /** Its code could not be loaded (the network dropped, a deploy replaced the file): show it where the part goes. */
  failed: boolean;
  /** Loads it again (the person pressed "Try again"). */
  retry: () => void;
}

/** The script a failed dynamic import names ("Failed to fetch dynamically imported module: https://…/x.js" in Chromium, Firefox alike). */
export function failedModuleUrl(error: unknown): string | undefined {
  const match = /(https?:\/\/[^\s'"]+?\.m?js)(?:\?[^\s'"]*)?(?=$|[\s'"])/.exec(error instanceof Error ? error.message : String(error));
  if (!match) return undefined;
  try {
    return new URL(match[1]).origin === window.location.origin ? match[1] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A module the screen loads once its first render is on screen: undefined until it has arrived,
 * then the module, in one transition. For the parts of a screen below its first screen whose code
 * (forms, with zod and react-hook-form) the first render should not wait for.
 *
 * Not `React.lazy` under `Suspense`, which renders the part, suspends, commits the fallback and
 * renders again when the module arrives: here nothing suspends, and the part is rendered once, when
 * its module is there. A module that fails to load fails alone: `failed` is set, the screen shows
 * the error (with `retry`) in that part's place, and the rest of the screen keeps working.
 *
 * A browser keeps a failed module script as failed (the HTML module map: importing the same URL
 * again fails without asking the network), so `retry` imports the script the error names under a
 * new query (`?retry=n`: a new module-map entry, fetched again; its own imports keep their URLs,
 * so the modules it shares with the page stay the page's). Where the error names no script (Safari),
 * `load` is called again.
 *
 * `load` must be the same function on every render (a module-level constant) and a plain `import()`.
 */
export function useDeferredModule<T>(load: () => Promise<T>): DeferredModule<T> {
  const [state, setState] = useState<{ module?: T; failed?: boolean }>({});
  const [attempt, setAttempt] = useState(0);
  /** The script the first failure named: what a retry imports afresh. */
  const failedUrl = useRef<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const url = attempt > 0 ? failedUrl.current : undefined;
    const loading = url ? (import(/* @vite-ignore */ `${url}?retry=${attempt}`) as Promise<T>) : load();
    loading.then(
      (module) => live && startTransition(() => setState({ module })),
      (error: unknown) => {
        if (!live) return;
        console.warn('A section of the screen could not be loaded', error);
        failedUrl.current ??= failedModuleUrl(error);
        setState({ failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);
  const retry = useCallback(() => {
    setState({});
    setAttempt((count) => count + 1);
  }, []);
  return { module: state.module, failed: Boolean(state.failed) && !state.module, retry };
}
