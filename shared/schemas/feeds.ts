// Calendar sync: a property's iCal feeds (a channel's calendar export).
import * as z from 'zod/mini';
import { optionalText } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

/** The channel of an iCal feed (guessed from the URL's host when not given). */
export const FEED_SOURCES = ['airbnb', 'vrbo', 'booking', 'ical'] as const;
export type FeedSource = (typeof FEED_SOURCES)[number];

/** webcal:// and webcals:// (what iCloud, Outlook.com and many "subscribe" buttons hand out) are https. */
const webcalAsHttps = (value: string) => value.replace(/^webcals?:\/\//i, 'https://');

const feedUrl = schema(() => z
  .pipe(
    z.pipe(
      z.string({ error: 'calendar.feedUrlInvalid' }).check(z.trim(), z.maxLength(2048, { error: 'calendar.feedUrlInvalid' })),
      z.transform(webcalAsHttps),
    ),
    z.url({ protocol: /^https?$/, error: 'calendar.feedUrlInvalid' }),
  )
  .check(
    z.refine(
      (value) => {
        try {
          const url = new URL(value);
          return !url.username && !url.password;
        } catch {
          return false;
        }
      },
      { error: 'calendar.feedUrlInvalid' },
    ),
  ));

/** POST /api/properties/{id}/feeds */
export const calendarFeedBody = schema(() => z.object({
  url: feedUrl,
  name: optionalText(100),
  source: z.nullish(z.enum(FEED_SOURCES, { error: 'validation.invalid' })),
  enabled: z._default(z.boolean({ error: 'validation.invalid' }), true),
}));
export type CalendarFeedBody = z.infer<typeof calendarFeedBody>;

/** PUT /api/properties/{id}/feeds/{feedId}: the fields to change. */
export const calendarFeedUpdateBody = schema(() => z.object({
  url: z.optional(feedUrl),
  name: optionalText(100),
  source: z.nullish(z.enum(FEED_SOURCES, { error: 'validation.invalid' })),
  enabled: z.optional(z.boolean({ error: 'validation.invalid' })),
}));
export type CalendarFeedUpdateBody = z.infer<typeof calendarFeedUpdateBody>;
