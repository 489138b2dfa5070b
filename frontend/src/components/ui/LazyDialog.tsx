import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts a dialog loaded with `React.lazy` from its first opening on, and keeps it mounted after
 * (for its closing transition and its kept state). A screen's first render then loads none of the
 * dialog's code: its form, zod's schemas and react-hook-form are fetched when it is first opened.
 */
export function LazyDialog({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
