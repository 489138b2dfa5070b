import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

/** A property's default checklist (GET /api/properties/{id}/checklist-template). */
export interface ChecklistTemplate {
  propertyId: string;
  items: Array<{ id: string; description: string; required: boolean }>;
  updatedAt: string | null;
  updatedBy: string | null;
}

export function checklistTemplateKey(propertyId: string): string {
  return `/api/properties/${encodeURIComponent(propertyId)}/checklist-template`;
}

/** The property's default checklist ({ items: [] } when it has none); `propertyId` null: not read. */
export function useChecklistTemplate(propertyId: string | null): { template: ChecklistTemplate | undefined; isLoading: boolean; error: ApiError | undefined } {
  const { data, error } = useSWR<ChecklistTemplate, ApiError>(propertyId ? checklistTemplateKey(propertyId) : null, { revalidateIfStale: true });
  return { template: data, isLoading: waitingForFirstAnswer(propertyId, data, error), error };
}
