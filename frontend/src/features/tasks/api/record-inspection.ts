import type { InspectionBody, Task } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { taskKey } from './get-task';

export interface InspectionAnswer {
  inspection: Task;
  cleaning: Task;
}

/** POST /api/tasks/{id}/inspection (issue 40): pass, or fail (the cleaning reopens); the inspector, managers, CEO. */
export function recordInspection(id: string, body: InspectionBody): Promise<InspectionAnswer> {
  return apiRequest<InspectionAnswer>('POST', `${taskKey(id)}/inspection`, body);
}
