import { dateTimeFormat } from '../../../lib/intl';
/** "12 Mar 2026, 14:00" in the interface language; "—" without an instant. */
export function formatInstant(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** "3/20", or "3/∞" for an unlimited plan (-1). */
export function limitText(used: number, limit: number): string {
  return `${used}/${limit < 0 ? '∞' : limit}`;
}
