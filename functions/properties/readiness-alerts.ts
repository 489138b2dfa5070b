// The readiness job (issue 40 point 3; docs/inspections-readiness.md), every 15 minutes
// (functions/event-handlers.ts SCHEDULED_JOBS `check-readiness`). Readiness is stored by the
// transactions that change stays and tasks; time alone changes it too (a guest arriving or leaving),
// so the job stores it again for the properties where that happened since its last runs, and for
// those with a check-in in the next day. Then, once per check-in, a property not ready within its
// company's readinessAlertHours (default 3) before the check-in publishes property.not_ready (the
// office's alert): the claim and the event are one transaction (the events outbox), so reruns and
// overlapping runs never alert twice.
import type { PropertyReadiness } from '#shared/enums';
import { domainEvent } from '../../events/catalogue';
import { transactWrite } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { reservationsCheckingInOn } from '#functions/data/repositories/notifications';
import { getOperationsSettings } from '#functions/data/repositories/operations-settings';
import { writeEventsOnce } from '#functions/data/repositories/outbox';
import { getProperty } from '#functions/data/repositories/properties';
import { readinessAfter, readinessUpdate } from '#functions/data/repositories/readiness';
import { isCancelled } from '#functions/data/repositories/reservations';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Arrivals and departures this far back are looked at again (runs every 15 minutes: room for a late or missed run). */
const LOOKBACK_MS = 45 * 60_000;
/** Stays up to this many nights are seen leaving (the check-in index is read this far back). */
const DEPARTURE_DAYS = 14;

export interface ReadinessRun {
  /** Properties whose readiness was worked out again. */
  checked: number;
  /** Of those, the ones whose stored readiness changed. */
  changed: number;
  /** property.not_ready events published (one per check-in at most). */
  alerted: number;
}

/** The alert's claim: one per reservation and check-in instant. */
export const notReadyMarker = (companyId: string, reservationId: string, checkinDate: string) =>
  keys.alertCounted(companyId, `property-not-ready#${reservationId}#${checkinDate}`);

/** Works out and stores a property's readiness now (no write when it did not change). */
async function refresh(companyId: string, propertyId: string, now: Date): Promise<{ readiness: PropertyReadiness; changed: boolean } | undefined> {
  const property = await getProperty(companyId, propertyId);
  if (!property) return undefined;
  const readiness = await readinessAfter(companyId, propertyId, {}, now);
  if (readiness === property.readiness) return { readiness, changed: false };
  await transactWrite([readinessUpdate(companyId, propertyId, readiness)], () => new Error('Property removed'));
  return { readiness, changed: true };
}

export async function checkReadiness(now: Date): Promise<ReadinessRun> {
  const run: ReadinessRun = { checked: 0, changed: 0, alerted: 0 };
  const at = now.getTime();
  const days = Array.from({ length: DEPARTURE_DAYS + 3 }, (_, i) => new Date(at + (i - DEPARTURE_DAYS) * DAY).toISOString().slice(0, 10));
  const alertHours = new Map<string, Promise<number>>();
  const hoursOf = (companyId: string) => {
    if (!alertHours.has(companyId)) alertHours.set(companyId, getOperationsSettings(companyId).then((settings) => settings.readinessAlertHours));
    return alertHours.get(companyId)!;
  };
  // Per property: worked out once; the check-ins that may alert.
  const properties = new Map<string, { companyId: string; propertyId: string; checkins: Array<{ reservationId: string; checkinDate: string }> }>();
  for (const day of days) {
    for (const stay of await reservationsCheckingInOn(day)) {
      if (isCancelled(stay) || stay.kind === 'block') continue;
      const checkin = Date.parse(stay.checkinDate);
      const checkout = Date.parse(stay.checkoutDate);
      const arrived = checkin <= at && checkin > at - LOOKBACK_MS;
      const left = checkout <= at && checkout > at - LOOKBACK_MS;
      const coming = checkin > at && checkin <= at + DAY;
      if (!arrived && !left && !coming) continue;
      const id = `${stay.companyId}#${stay.propertyId}`;
      const entry = properties.get(id) ?? { companyId: stay.companyId, propertyId: stay.propertyId, checkins: [] };
      if (coming) entry.checkins.push({ reservationId: stay.id, checkinDate: new Date(stay.checkinDate).toISOString() });
      properties.set(id, entry);
    }
  }
  for (const { companyId, propertyId, checkins } of properties.values()) {
    const state = await refresh(companyId, propertyId, now);
    if (!state) continue;
    run.checked += 1;
    if (state.changed) run.changed += 1;
    if (state.readiness === 'ready' || checkins.length === 0) continue;
    // The next check-in only: readiness is worked out for it.
    const [next] = checkins.sort((a, b) => a.checkinDate.localeCompare(b.checkinDate));
    const hours = await hoursOf(companyId);
    if (Date.parse(next.checkinDate) - at > hours * HOUR) continue;
    const published = await writeEventsOnce(notReadyMarker(companyId, next.reservationId, next.checkinDate), new Date(Date.parse(next.checkinDate) + 2 * DAY), { reservationId: next.reservationId }, [
      domainEvent('property.not_ready', {
        companyId,
        occurredAt: now.toISOString(),
        propertyId,
        reservationId: next.reservationId,
        checkinDate: next.checkinDate,
        readiness: state.readiness,
        hoursBefore: hours,
      }),
    ], now);
    if (published) run.alerted += 1;
  }
  return run;
}
