// The one shape of an id in a URL path (`{id}`, `{itemId}`, `{userId}`, `{feedId}`, `{date}`,
// `{shift}` of functions/routes.ts): ULIDs, UUIDs, calendar days and shift names all fit it. The HTTP
// wrapper (functions/lib/http.ts) checks every path parameter of the route table against it, so no
// handler ever passes an impossible key (5,000 characters, `../`, unicode, empty) to DynamoDB.
import * as z from 'zod/mini';

export const MAX_ID_LENGTH = 64;
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const isValidId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

/** A path id (or an id a client chooses, such as a checklist item's): letters, digits, `_` and `-`, 1 to 64. */
export const idSchema = /* @__NO_SIDE_EFFECTS__ */ () => z.string().check(z.regex(ID_PATTERN, { error: 'validation.invalid' }));

/** The `{name}` parameters of a path template, in order. */
export function pathParameterNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}
