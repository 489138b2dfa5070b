// The guest's "we have left" (issue 40 point 4): what the public guest page reads and sends
// (GET /api/guest/{token}, POST /api/guest/{token}/left, POST /api/guest/{token}/photo), and what the
// office reads of a stay's link (GET /api/reservations/{id}/guest-link). The page itself is the
// static /g/{token} (frontend/build/guest-page.ts), not the app.
import * as z from 'zod/mini';
import { optionalText } from './fields';
import { PHOTO_CONTENT_TYPES, MAX_PHOTO_BYTES } from './uploads';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

/** The languages of the guest page (the browser's), wider than the app's three. */
export const GUEST_LANGUAGES = ['en', 'pt', 'es', 'fr', 'de', 'it'] as const;
export type GuestLanguage = (typeof GUEST_LANGUAGES)[number];

/** Where the stay is in its window: before the evening before checkout (18:00), in it, after checkout day. */
export const GUEST_WINDOW_STATES = ['too_early', 'open', 'too_late'] as const;
export type GuestWindowState = (typeof GUEST_WINDOW_STATES)[number];

/** The longest note a guest can leave. */
export const GUEST_NOTE_MAX = 1000;
/** A guest's photo: one image, at most 8 MB (a phone's photo), of the task photos' types. */
export const GUEST_PHOTO_MAX_BYTES = Math.min(8 * 1024 * 1024, MAX_PHOTO_BYTES);

/** GET /api/guest/{token}: what the page shows (nothing personal: no names, codes, other stays or ids). */
export interface GuestStayView {
  propertyName: string;
  /** The checkout day (YYYY-MM-DD, the property's zone) and time (HH:MM, 24 h). */
  checkoutDate: string;
  checkoutTime: string;
  /** When the window opens and closes (instants) and where now is in it. */
  window: { state: GuestWindowState; opensAt: string; closesAt: string };
  /** The company's language, for a browser whose language the page does not speak. */
  language: GuestLanguage;
  /** Already recorded: when (instant) and the time on the property's clock (HH:MM). */
  alreadyLeftAt?: string;
  alreadyLeftTime?: string;
}

/** POST /api/guest/{token}/left: an optional note and the key of a photo uploaded through the link. */
export const guestLeftBody = schema(() =>
  z.object({
    note: optionalText(GUEST_NOTE_MAX, 'many'),
    photoKey: z.nullish(z.string().check(z.minLength(1), z.maxLength(300))),
  }),
);
export type GuestLeftBody = z.infer<typeof guestLeftBody>;

/** POST /api/guest/{token}/left's answer; a second press answers the first record (`alreadyRecorded`). */
export interface GuestLeftResult {
  leftAt: string;
  leftTime: string;
  alreadyRecorded: boolean;
}

/** POST /api/guest/{token}/photo: the image's type and exact size (the PUT is signed for them). */
export const guestPhotoBody = schema(() =>
  z.object({
    contentType: z.enum(PHOTO_CONTENT_TYPES, { error: 'photos.notImage' }),
    size: z.int({ error: 'validation.required' }).check(z.minimum(1), z.maximum(GUEST_PHOTO_MAX_BYTES, { error: 'photos.tooLarge' })),
  }),
);
export type GuestPhotoBody = z.infer<typeof guestPhotoBody>;

/** POST …/guest-link/rotate: an empty object (or no body), as the calendar export's regenerate. */
export const guestLinkRotateBody = schema(() => z.strictObject({}));
export type GuestLinkRotateBody = z.infer<typeof guestLinkRotateBody>;

/** GET /api/reservations/{id}/guest-link (the office): the link, and the sentence for the channel's message in pt, en, es. */
export interface GuestLinkView {
  url: string;
  /** The stay's property (for the printed QR page). */
  propertyName: string;
  createdAt: string;
  leftAt: string | null;
  messages: { pt: string; en: string; es: string };
}
