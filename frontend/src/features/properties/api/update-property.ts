import { mutate } from 'swr';
import type { Property, PropertyBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { refreshProperties } from './get-properties';
import { propertyKey } from './get-property';

/** PUT /api/properties/{id}; refreshes the property and the list. */
export async function updateProperty(id: string, body: PropertyBody): Promise<Property> {
  const property = await apiRequest<Property>('PUT', `/api/properties/${encodeURIComponent(id)}`, body);
  await Promise.all([mutate(propertyKey(id), property, { revalidate: false }), refreshProperties()]);
  return property;
}
