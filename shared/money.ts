import type { MessageKey } from './messages';
import { fromCents } from './rules';

/** An amount as the API answers it: exact integer cents and the decimal(10,2) text. */
export interface Money {
  cents: number;
  amount: string;
}

export const money = (cents: number): Money => ({ cents, amount: fromCents(cents) });

/** decimal(10,2) of SPEC: at most 99,999,999.99. */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

export type ParsedAmount = { ok: true; cents: number } | { ok: false; error: MessageKey };

const UNREADABLE: ParsedAmount = { ok: false, error: 'finance.amountUnreadable' };
/** More than 2 decimals or more than 8 integer digits: readable, but no amount of decimal(10,2). */
const OUT_OF_RANGE: ParsedAmount = { ok: false, error: 'finance.amountInvalid' };

/** A sign, US dollars before or after the number ($, US$, USD, any case), and the number. */
const WRITTEN = /^(-?)\s*(?:(US\$|USD|\$)\s*(-?)\s*)?(\d[\d.,\s]*?)\s*(US\$|USD|\$)?$/i;
/** Digit runs with one separator between two: ".", "," or a space (Intl's no-break spaces too). */
const NUMBER = /^\d+(?:[.,\s]\d+)*$/;

/**
 * An amount of US dollars as a person types it, in any of the interface's languages, to exact
 * integer cents (negative when it carries a minus sign; whether that is allowed is the caller's
 * rule). Reads "12.50", "12,50", "1,250.00", "1.250,00", "1 250,00", "$12.50", "US$ 12,50",
 * "12,50 US$", "12". A single separator followed by 1 or 2 digits is the decimal separator;
 * followed by exactly 3 digits it separates thousands ("1,250" and "1.250" are 1250), as does one
 * used more than once; with both "." and "," the last one is the decimal separator. Anything else
 * ("12,5,0", "1.2.3,4,5", "1e9", letters) is unreadable, and more than 2 decimals ("12.345,678")
 * or more than 99,999,999.99 is out of range: an error, never a guess.
 */
export function parseAmount(input: string): ParsedAmount {
  const written = WRITTEN.exec(input.normalize('NFKC').replace(/\u2212/g, '-').trim());
  if (!written) return UNREADABLE;
  const [, signBefore, currencyBefore, signAfter, number, currencyAfter] = written;
  if ((signBefore && signAfter) || (currencyBefore && currencyAfter) || !NUMBER.test(number)) return UNREADABLE;
  const runs = number.split(/[.,\s]/);
  const separators = (number.match(/[.,\s]/g) ?? []).map((s) => (/\s/.test(s) ? ' ' : s));
  const cents = centsOf(runs, separators);
  if (typeof cents !== 'number') return cents;
  return { ok: true, cents: signBefore || signAfter ? -cents : cents };
}

function centsOf(runs: string[], separators: string[]): number | ParsedAmount {
  let groups = runs;
  let grouping = separators;
  let decimals = '';
  const last = separators[separators.length - 1];
  if (last === '.' || last === ',') {
    const tail = runs[runs.length - 1];
    const bothMarks = separators.includes('.') && separators.includes(',');
    const once = separators.filter((s) => s === last).length === 1;
    if (bothMarks || (once && tail.length !== 3)) {
      // The decimal separator: used once, after every thousands separator.
      if (!once) return UNREADABLE;
      if (tail.length > 2) return OUT_OF_RANGE;
      decimals = tail;
      groups = runs.slice(0, -1);
      grouping = separators.slice(0, -1);
    }
  }
  // What is left separates thousands: one kind of separator, a first group of 1-3 digits that does
  // not start with 0 ("0,125" is no amount), then groups of exactly 3.
  if (grouping.length > 0) {
    const [first, ...rest] = groups;
    if (new Set(grouping).size > 1 || !/^[1-9]\d{0,2}$/.test(first) || rest.some((group) => group.length !== 3)) return UNREADABLE;
  }
  const integer = groups.join('').replace(/^0+(?=\d)/, '');
  if (integer.length > 8) return OUT_OF_RANGE;
  return Number(integer) * 100 + Number(decimals.padEnd(2, '0'));
}
