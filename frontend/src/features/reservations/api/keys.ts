// SWR keys of the reservation screens, in one place so writes refresh exactly what they change.

const enc = encodeURIComponent;

/** The property's reservation list (properties/api/get-property-reservations.ts builds its pages on it). */
export const propertyReservationsPath = (propertyId: string) => `/api/reservations?propertyId=${enc(propertyId)}`;
/** The property's task list (properties/api/get-property-tasks.ts). */
export const propertyTasksPath = (propertyId: string) => `/api/tasks?propertyId=${enc(propertyId)}`;

export const calendarPrefix = (propertyId: string) => `/api/properties/${enc(propertyId)}/calendar?`;
export const calendarKey = (propertyId: string, month: string) => `${calendarPrefix(propertyId)}month=${month}`;

/** Upcoming (and current) stays of a property. */
export const upcomingPrefix = (propertyId: string) => `${propertyReservationsPath(propertyId)}&from=`;
/** The property's stays flagged by a feed (GET /api/reservations/flagged), whenever they checked in. */
export const flaggedKey = (propertyId: string) => `/api/reservations/flagged?propertyId=${enc(propertyId)}`;

export const feedsKey = (propertyId: string) => `/api/properties/${enc(propertyId)}/feeds`;
export const checklistTemplateKey = (propertyId: string) => `/api/properties/${enc(propertyId)}/checklist-template`;
export const companySettingsKey = (companyId: string) => `/api/companies/${enc(companyId)}/settings`;

/** The dashboard's upcoming check-ins. */
export const UPCOMING_CHECKINS_KEY = '/api/reservations/upcoming';
/** The company's open double bookings (the dashboard's card, CEO and managers). */
export const DOUBLE_BOOKINGS_KEY = '/api/reservations/double-bookings';

/** Reservations read one by one (GET /api/reservations/{id} each): the other stay of a double booking outside the month shown. */
export const RESERVATIONS_BY_ID_PREFIX = 'reservations-by-id:';
export const reservationsByIdKey = (ids: readonly string[]) => (ids.length ? `${RESERVATIONS_BY_ID_PREFIX}${[...new Set(ids)].sort().join(',')}` : null);
