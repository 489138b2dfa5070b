/**
 * The bookkeeping behind a text box whose text is also in the address (`?q=`): the box owns its
 * text, the address follows it, and the address changing by other means (Back, Forward, a link)
 * puts its value in the box. No React here, so it can be tested on its own (use-url-search-text.ts
 * is the hook).
 *
 * The address changes at once when written, but the router re-renders with it later (in a
 * transition), possibly after more keystrokes and writes. So the values written and not yet seen
 * come back in order; a value that is none of them came from elsewhere.
 */
export class UrlTextSync {
  /** The address's value as last seen by the component. */
  private seen: string;
  /** Written to the address, not seen yet (oldest first). */
  private pending: string[] = [];
  /** A write of the current edit has made a history entry: the next writes replace it. */
  private editing = false;

  constructor(initial: string) {
    this.seen = initial;
  }

  /** The value the address has, or will have once the writes made have been seen. */
  latest(): string {
    return this.pending.length ? this.pending[this.pending.length - 1] : this.seen;
  }

  /**
   * Records a write of `value` and says how: the first write of an edit adds a history entry
   * (`push`), so Back returns to the previous search; the following ones replace it. Null when the
   * address already has (or is about to have) the value: nothing to write.
   */
  write(value: string): 'push' | 'replace' | null {
    if (value === this.latest()) return null;
    this.pending.push(value);
    const mode = this.editing ? 'replace' : 'push';
    this.editing = true;
    return mode;
  }

  /** The edit is over (Enter, the box left, the text cleared): the next write adds a history entry. */
  endEdit(): void {
    this.editing = false;
  }

  /**
   * The address has `value` and nothing written is on its way any more: Back or Forward went past
   * writes the component never drew (Enter, then Back at once).
   */
  adopt(value: string): void {
    this.pending = [];
    this.seen = value;
    this.editing = false;
  }

  /**
   * The component renders with the address's value `value`: 'own' when it is one of the writes
   * (or unchanged), 'external' when it came from elsewhere (Back, Forward, a link) and the box
   * should show it.
   */
  arrived(value: string): 'own' | 'external' {
    if (value === this.seen && !this.pending.length) return 'own';
    const index = this.pending.indexOf(value);
    if (index >= 0) {
      this.pending.splice(0, index + 1);
      this.seen = value;
      return 'own';
    }
    if (value === this.seen) return 'own'; // another parameter changed; our writes are still on their way
    this.pending = [];
    this.seen = value;
    this.editing = false;
    return 'external';
  }
}

/** `search` (`?a=1&q=x`) with `param` set to `value`, or removed when `value` is empty. */
export function withParam(search: string, param: string, value: string): string {
  const params = new URLSearchParams(search);
  if (value) params.set(param, value);
  else params.delete(param);
  const text = params.toString();
  return text ? `?${text}` : '';
}
