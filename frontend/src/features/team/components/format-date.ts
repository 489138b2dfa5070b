import { localeOf } from '../../../lib/intl';
import { formatInstant } from '../../../lib/zoned-format';

/** An instant's date in the interface language and `timeZone` (the company's): "Mar 4, 2026"; empty for a missing or invalid value. */
export function formatDate(value: string | null | undefined, language: string | undefined, timeZone?: string): string {
  return formatInstant(value, localeOf(language), 'date', timeZone);
}
