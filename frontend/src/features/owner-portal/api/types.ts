// What the owner portal's routes answer (issue 41 points 3 and 4): the shared schemas' types, under
// the names the portal's screens use.
import type { OwnerApproval, OwnerCalendarKind, OwnerOverviewProperty, OwnerStatements, OwnerWork } from '#shared/schemas';

export type { OwnerApproval, OwnerCalendar, OwnerCalendarStay, OwnerOverview, OwnerStayRequest, OwnerStayRequestStatus, OwnerWorkItem } from '#shared/schemas';
export type OwnerStatement = OwnerStatements['items'][number];
export type OwnerPortalProperty = OwnerOverviewProperty;
export type OwnerStayKind = OwnerCalendarKind;
export type OwnerWorkPage = OwnerWork;
export type OwnerPhoto = OwnerApproval['photos'][number];
