import useSWR, { mutate } from 'swr';
import type { ChecklistTemplateBody } from '#shared/schemas';
import { apiRequest, type ApiError } from '../../../lib/api-client';
import { checklistTemplateKey } from './keys';
import type { ChecklistTemplate } from './types';

export interface ChecklistTemplateState {
  template: ChecklistTemplate | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
}

/** GET /api/properties/{id}/checklist-template ({ items: [] } when the property has none). */
export function useChecklistTemplate(propertyId: string): ChecklistTemplateState {
  const { data, error, isLoading } = useSWR<ChecklistTemplate, ApiError>(checklistTemplateKey(propertyId));
  return { template: data, isLoading, error };
}

/** PUT /api/properties/{id}/checklist-template (CEO and managers): the whole list, in order. */
export async function saveChecklistTemplate(propertyId: string, body: ChecklistTemplateBody): Promise<ChecklistTemplate> {
  const template = await apiRequest<ChecklistTemplate>('PUT', checklistTemplateKey(propertyId), body);
  await mutate(checklistTemplateKey(propertyId), template, { revalidate: false });
  return template;
}
