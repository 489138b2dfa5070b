// When a stay's guests may say "we have left" (issue 40 point 4): from 18:00 on the evening before
// checkout until the checkout day ends, both on the company's clock (its time zone). Pure, so the
// edges are tested exactly; `guestClock` is the time the routes run on (tests set it, as the
// dispatch board's clock).
import { addDays, localInstant } from '#shared/days';
import type { GuestWindowState } from '#shared/schemas/guest-link';

/** The hour (company time) the evening before checkout from which the button works. */
export const WINDOW_OPENS_HOUR = 18;

export const guestClock = {
  now: (): Date => new Date(),
};

export interface GuestWindow {
  state: GuestWindowState;
  /** The first instant the button works. */
  opensAt: string;
  /** The first instant it no longer does (midnight after the checkout day). */
  closesAt: string;
}

export function guestWindow(checkoutDay: string, timeZone: string, now: Date): GuestWindow {
  const opensAt = localInstant(addDays(checkoutDay, -1), WINDOW_OPENS_HOUR, timeZone);
  const closesAt = localInstant(addDays(checkoutDay, 1), 0, timeZone);
  const at = now.getTime();
  const state: GuestWindowState = at < Date.parse(opensAt) ? 'too_early' : at < Date.parse(closesAt) ? 'open' : 'too_late';
  return { state, opensAt, closesAt };
}
