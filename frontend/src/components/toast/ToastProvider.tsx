import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context';
// Loaded eagerly on purpose (~4.5 kB gzip): a 401 right after page load must show its toast
// within the 500 ms before the redirect, which a lazily fetched chunk cannot promise.
import ToastView from './ToastView';

export interface ToastProviderProps {
  children: ReactNode;
}

interface ActiveToast extends ToastOptions {
  id: number;
}

/** Holds the single visible toast: a new toast replaces the old one (SPEC point 9). */
export function ToastProvider({ children }: ToastProviderProps) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);
  const nextId = useRef(1);
  const visibleId = useRef<number | null>(null);

  const dismissId = useCallback((id?: number) => {
    if (visibleId.current !== null && (id === undefined || id === visibleId.current)) setOpen(false);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      toast: (options) => {
        const id = nextId.current++;
        visibleId.current = id;
        setCurrent({ ...options, id });
        setOpen(true);
        return { id, dismiss: () => dismissId(id) };
      },
      dismiss: () => dismissId(),
    }),
    [dismissId],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        // A new id remounts the Snackbar: the new toast replaces the old one at once.
        <ToastView
          key={current.id}
          toast={current}
          open={open}
          onClose={() => setOpen(false)}
          onExited={() => setCurrent((active) => (active?.id === current.id ? null : active))}
        />
      )}
    </ToastContext.Provider>
  );
}
