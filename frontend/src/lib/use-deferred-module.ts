import { startTransition, useEffect, useState } from 'react';

/**
 * A module the screen loads once its first render is on screen: undefined until it has arrived,
 * then the module, in one transition. For the parts of a screen below its first screen whose code
 * (forms, with zod and react-hook-form) the first render should not wait for.
 *
 * Not `React.lazy` under `Suspense`, which renders the part, suspends, commits the fallback and
 * renders again when the module arrives: here nothing suspends, and the part is rendered once, when
 * its module is there. A module that fails to load (the network dropped) is thrown while rendering,
 * to the screen's error boundary, as a lazy component's would be.
 *
 * `load` must be the same function on every render (a module-level constant).
 */
export function useDeferredModule<T>(load: () => Promise<T>): T | undefined {
  const [state, setState] = useState<{ module?: T; error?: unknown }>({});
  useEffect(() => {
    let live = true;
    load().then(
      (module) => live && startTransition(() => setState({ module })),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  if (state.error) throw state.error;
  return state.module;
}
