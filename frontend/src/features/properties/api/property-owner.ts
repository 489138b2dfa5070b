// The property's owner (PUT/DELETE /api/properties/{id}/owner) and the owner report download
// (GET /api/properties/{id}/owner-report?month=YYYY-MM), CEO and managers.
import { mutate } from 'swr';
import type { Property, PropertyOwnerBody } from '#shared/schemas';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { propertyKey } from './get-property';

const ownerUrl = (id: string) => `/api/properties/${encodeURIComponent(id)}/owner`;

export async function savePropertyOwner(id: string, body: PropertyOwnerBody): Promise<Property> {
  const property = await apiRequest<Property>('PUT', ownerUrl(id), body);
  await mutate(propertyKey(id), property, { revalidate: false });
  return property;
}

export async function removePropertyOwner(id: string): Promise<Property> {
  const property = await apiRequest<Property>('DELETE', ownerUrl(id));
  await mutate(propertyKey(id), property, { revalidate: false });
  return property;
}

export function downloadOwnerReport(id: string, month: string): Promise<string> {
  return apiDownload(`/api/properties/${encodeURIComponent(id)}/owner-report?month=${encodeURIComponent(month)}`, `owner-report-${month}.pdf`);
}

/** The month before the current one (YYYY-MM): the one the monthly send reports. */
export function lastMonth(now = new Date()): string {
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  return first.toISOString().slice(0, 7);
}
