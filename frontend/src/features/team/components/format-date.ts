import { dateTimeFormat, localeOf } from '../../../lib/intl';


/** A date in the interface language ("Mar 4, 2026"); empty for a missing or invalid value. */
export function formatDate(value: string | null | undefined, language: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = localeOf(language);
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
