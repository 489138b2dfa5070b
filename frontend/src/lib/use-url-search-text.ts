import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { UrlTextSync, withParam } from './url-text-sync';

/** How long the typing pauses before the address (and so the search) follows the box. */
export const SEARCH_TEXT_DELAY_MS = 300;

export interface UrlSearchText {
  /** What the box shows: the user's text, which no keystroke ever lags behind. */
  text: string;
  /** The address's value: the text to search for (follows `text` after a pause, at once on `commit`). */
  query: string;
  /** A keystroke: the box shows it now, the address follows after a pause. */
  change: (text: string) => void;
  /** Enter, the clear button (with ''), leaving the box: the address takes the text now. */
  commit: (text?: string) => void;
}

/**
 * A search box whose text is in the address (`?q=`), so it can be linked, reloaded and gone back to.
 * The box owns its text (reading it from the address would lose keystrokes: the router re-renders
 * with a new address in a transition, after the input has been reset to the old value). The address
 * follows it, one history entry per search (see UrlTextSync.write); Back, Forward and links that
 * change the parameter put their value in the box.
 */
export function useUrlSearchText(param = 'q', delay = SEARCH_TEXT_DELAY_MS): UrlSearchText {
  const location = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(location.search).get(param) ?? '';
  const [text, setText] = useState(query);
  const [sync] = useState(() => new UrlTextSync(query));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The page this box is on: a write due after the user went elsewhere (the old page can stay on
  // screen while the next one loads) must not bring them back.
  const here = useRef({ pathname: location.pathname, navigate });
  useLayoutEffect(() => {
    here.current = { pathname: location.pathname, navigate };
  });

  const write = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      const { pathname, navigate: go } = here.current;
      if (window.location.pathname !== pathname) return;
      const mode = sync.write(value);
      // Merged into the address as it is now, not as of the last render (other parameters may have changed since).
      if (mode) go({ pathname, search: withParam(window.location.search, param, value) }, { replace: mode === 'replace' });
    },
    [param, sync],
  );

  // The text as last typed, committed or adopted (`commit()` writes it).
  const latest = useRef(query);

  // Every navigation (a new location object, even with the key and value last drawn), not only a new
  // value: Back can return to the entry last drawn while a write made since was never drawn (Enter,
  // then Back at once: React draws both navigations as one), and the box must follow.
  useEffect(() => {
    const arrived = sync.arrived(query);
    const actual = new URLSearchParams(window.location.search).get(param) ?? '';
    const superseded = arrived === 'own' && window.location.pathname === here.current.pathname && actual !== sync.latest();
    if (superseded) sync.adopt(actual);
    if (arrived === 'external' || superseded) {
      const value = superseded ? actual : query;
      clearTimeout(timer.current);
      timer.current = undefined;
      latest.current = value;
      setText(value);
    }
  }, [query, location, param, sync]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (value: string) => {
      latest.current = value;
      setText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => write(value), delay);
    },
    [delay, write],
  );

  const commit = useCallback(
    (value?: string) => {
      if (value !== undefined) {
        latest.current = value;
        setText(value);
      }
      write(latest.current); // nothing when the address has it already
      sync.endEdit();
    },
    [sync, write],
  );

  return { text, query, change, commit };
}
