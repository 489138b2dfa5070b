// Calendar export (issue 39 point 5): the personal task feed's answer and the regenerate bodies.
// The property's export URL is `calendarExportUrl` on the property (shared/schemas/properties.ts).
import * as z from 'zod/mini';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

/**
 * POST …/calendar-export/regenerate and POST /api/me/calendar-feed/regenerate: an empty object (or no
 * body). Anything else is refused, so a stray or forged body never replaces a token by accident.
 */
export const calendarFeedRegenerateBody = schema(() => z.strictObject({}));
export type CalendarFeedRegenerateBody = z.infer<typeof calendarFeedRegenerateBody>;

/** GET /api/me/calendar-feed and both regenerate routes: the feed's URL (null: the member has none yet). */
export const calendarFeedUrlSchema = schema(() => z.object({ url: z.nullable(z.string()) }));
export type CalendarFeedUrl = z.infer<typeof calendarFeedUrlSchema>;
