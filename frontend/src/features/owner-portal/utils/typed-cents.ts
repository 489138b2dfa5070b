// An amount a person types in a form ("1.250,50", "US$ 300") as the integer cents the owner-approval
// fields of the API take (issue 41 point 4: a property's approval limit, a repair's estimated cost);
// an empty field is null (no limit, no estimate). Used with mappedSchema's `typed` (lib/forms).
import * as z from 'zod/mini';
import { MAX_AMOUNT_CENTS, parseAmount } from '#shared/money';
import { fromCents } from '#shared/rules';

/** The field's text -> cents | null; `error` names the message for a negative or too large amount. */
export function typedCents(error: string) {
  return z.pipe(
    z.pipe(
      z.string({ error }),
      z.transform((text: string, ctx) => {
        if (!text.trim()) return null;
        const parsed = parseAmount(text);
        if (parsed.ok) return parsed.cents;
        ctx.issues.push({ code: 'custom', message: parsed.error, input: text });
        return z.NEVER;
      }),
    ),
    z.nullable(z.int({ error }).check(z.minimum(0, { error }), z.maximum(MAX_AMOUNT_CENTS, { error }))),
  );
}

/** Cents as the field's first text ("1250.50"; '' for none): parseAmount reads it back in every language. */
export function centsText(cents: number | null | undefined): string {
  return cents == null ? '' : fromCents(cents);
}
