import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './App';

/** The one render of the app, in a transition (React splits it into 5 ms slices). */
export function renderApp(root: Root): void {
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
