// How close a text field is to its maxLength, for the helper text of FormTextField (fields.tsx).

/**
 * What to tell someone nearing a text field's maxLength (the browser cuts typed and pasted text there
 * without a word): the characters left from 90% of the limit on, and that the limit was reached.
 * Nothing for short limits (a phone, a postcode), where the field's size says enough.
 */
export function lengthHint(length: number, max: unknown): { key: 'common.lengthLimit' | 'common.charactersLeft'; count: number } | null {
  if (typeof max !== 'number' || max < 50 || length < Math.floor(max * 0.9)) return null;
  return length >= max ? { key: 'common.lengthLimit', count: max } : { key: 'common.charactersLeft', count: max - length };
}
