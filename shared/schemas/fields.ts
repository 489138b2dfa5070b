// What the domain modules of shared/schemas/ share: ids and timestamps, the text checks (hidden
// characters, one-line text, required and optional text, e-mail), dates, query integers, the
// pagination query. Imports none of the domain modules. Each of them defines `schema` again: esbuild
// honours `@__NO_SIDE_EFFECTS__` only for calls in the module that defines the function, and with an
// imported `schema` every function's bundle kept (and built at start-up) every schema of a module.
import * as z from 'zod/mini';
import { isMessageKey, type MessageKey } from '../messages';
import { recordYears } from '../record-dates';

/**
 * Builds a schema lazily enough for bundlers: building a zod schema has no side effect, and saying
 * so lets esbuild (functions) and Rollup (frontend) drop every schema a bundle does not use, so a
 * Lambda function builds the few schemas it validates with at start-up, not all of them.
 */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

/** `inner`, then `fn` applied to its output (classic zod's `.transform`). */
const transformed = <A extends z.ZodMiniType, O>(inner: A, fn: (value: z.output<A>) => O) => z.pipe(inner, z.transform(fn));

/**
 * The message of an issue whose schema names none (an id longer than 64 characters, a wrong type in
 * a field no form shows): a generic key by the issue's kind. Passed as the error map of a parse
 * (`safeParse(input, { error: genericIssueMessage })`); the keys the schemas name take precedence.
 */
export function genericIssueMessage(issue: { code?: string; input?: unknown }): MessageKey {
  if (issue.code === 'too_big') return 'validation.tooLong';
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'validation.required';
  return 'validation.invalid';
}

/** The message key of a validation issue of a parse made without that error map. */
export function issueMessageKey(issue: { code?: string; message: string }): MessageKey {
  return isMessageKey(issue.message) ? issue.message : genericIssueMessage(issue);
}

const id = schema(() => z.string().check(z.minLength(1), z.maxLength(64)));
const timestamp = schema(() => z.string());

/**
 * Characters no text a person types carries, refused rather than stored and shown to others: C0 and
 * C1 controls (NUL, BEL, ESC…), lone UTF-16 surrogates, and the bidirectional overrides, embeddings
 * and isolates (a right-to-left override shows "abc\u202Egpj.exe" as "abcexe.jpg"; right-to-left
 * scripts need none of them). One-line text (names, titles, subjects: a title goes into an e-mail's
 * subject line and an SMS) has its line breaks and tabs turned into one space first, as a form's
 * one-line field shows a pasted "Ana<tab>Lima"; longer text (descriptions, notes, addresses,
 * messages) keeps them.
 */
const HIDDEN_IN_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const HIDDEN_IN_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** Line breaks (CR, LF, NEL, U+2028/2029) and tabs: one space in one-line text. */
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** Half of a character written in two UTF-16 units (an emoji cut in two): no file, e-mail or database takes it. */
const LONE_SURROGATE = /\p{Cs}/u;
export type TextLines = 'one' | 'many';
/** Whether `value` holds a character text of that kind never does (see HIDDEN_IN_ONE_LINE). */
export const hasHiddenCharacters = (value: string, lines: TextLines = 'one'): boolean =>
  (lines === 'one' ? HIDDEN_IN_ONE_LINE : HIDDEN_IN_LINES).test(value) || LONE_SURROGATE.test(value);
/** One-line text as the schemas keep it: line breaks and tabs become one space. */
export const asOneLine = (value: string): string => value.replace(LINE_BREAKS_AND_TABS, ' ');
/**
 * `value` without those characters, for text from outside that no form checked (a guest's name in a
 * channel's calendar feed): a line break or tab becomes a space, anything else goes.
 */
export const withoutHiddenCharacters = (value: string, lines: TextLines = 'one'): string => {
  const hidden = new RegExp((lines === 'one' ? HIDDEN_IN_ONE_LINE : HIDDEN_IN_LINES).source, 'g');
  return (lines === 'one' ? asOneLine(value) : value).replace(hidden, '').replace(/\p{Cs}/gu, '');
};
const noHiddenCharacters = (lines: TextLines) =>
  z.refine<string>((value) => !hasHiddenCharacters(value, lines), { error: 'validation.hiddenCharacters' });
/** The checks every piece of text starts with: one line (when it is), trimmed. */
const tidy = (lines: TextLines) => (lines === 'one' ? [z.overwrite(asOneLine), z.trim()] : [z.trim()]);
/** Something visible: not only spaces and invisible format characters (zero-width space, word joiner…). */
const hasVisibleCharacter = (value: string) => /[^\s\p{Cf}]/u.test(value);

const requiredText = (key: string, max = 200, lines: TextLines = 'one') =>
  z.string({ error: key }).check(
    ...tidy(lines),
    z.minLength(1, { error: key }),
    z.refine(hasVisibleCharacter, { error: key }),
    z.maxLength(max, { error: 'validation.tooLong' }),
    noHiddenCharacters(lines),
  );
const optionalText = (max = 2000, lines: TextLines = 'one') =>
  z.nullish(z.string().check(...tidy(lines), z.maxLength(max, { error: 'validation.tooLong' }), noHiddenCharacters(lines)));
/**
 * An e-mail address: `required` names a missing or empty one, `invalid` one that is not an address
 * ("Email inválido" unless a screen's own text says otherwise: SPEC's company form uses its
 * "é obrigatório" message for both).
 */
const email = (required = 'validation.email', invalid = 'validation.email') =>
  z.pipe(
    z.string({ error: required }).check(z.trim(), z.toLowerCase(), z.minLength(1, { error: required })),
    z.email({ error: invalid }).check(z.maxLength(254, { error: invalid })),
  );
/** ISO-8601 timestamp (with offset or Z). */
const isoDateTime = schema(() => z.iso.datetime({ offset: true, error: 'validation.date' }));
/** Calendar date YYYY-MM-DD. */
export const isoDate = schema(() => z.iso.date({ error: 'validation.date' }));

/** An ISO-8601 instant (with offset or Z) in the record years. */
const recordDateTime = schema(() => z.iso.datetime({ offset: true, error: 'validation.date' }).check(recordYears()));
/** An integer from a query string's (or a form's) text; `error` names the message of anything else. */
const queryInteger = (error?: string) => z.pipe(z.coerce.number(error ? { error } : undefined), z.int(error ? { error } : undefined));
/** A required id in a request body (a task's, a property's). */
const requiredIdOf = (key: string) => z.string({ error: key }).check(z.trim(), z.minLength(1, { error: key }), z.maxLength(64));
/** The URL of an uploaded object (a task photo, a logo). */
const photoUrl = schema(() => z.url({ error: 'validation.invalid' }).check(z.maxLength(4096)));
const hourOfDay = schema(() => z.int({ error: 'settings.hourInvalid' }).check(z.minimum(0, { error: 'settings.hourInvalid' }), z.maximum(23, { error: 'settings.hourInvalid' })));

/** Pagination query shared by every list. */
export const pageQuery = schema(() => z.object({
  limit: z._default(queryInteger().check(z.minimum(1), z.maximum(100)), 25),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
}));
export type PageQuery = z.infer<typeof pageQuery>;

// Private to shared/schemas.ts before its split; the domain modules build with them.
export { transformed, id, timestamp, noHiddenCharacters, tidy, requiredText, optionalText, email, isoDateTime, recordDateTime, queryInteger, requiredIdOf, photoUrl, hourOfDay };
