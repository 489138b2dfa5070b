import { publicInspectionBody, type InspectionBody } from '#shared/schemas';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { publicTask } from '#functions/public-api/tasks';
import { recordInspection } from '#functions/tasks/inspections';

/**
 * POST /api/v1/tasks/{id}/inspection: records an inspection's result as the app's inspector does
 * (functions/tasks/inspections.ts: a fail reopens the cleaning and tells its cleaner, a pass closes
 * it); answers both tasks.
 */
export const handler = publicApiHandler<InspectionBody>('v1-record-inspection', { body: publicInspectionBody }, async ({ caller, params, body }) => {
  const { inspection, cleaning } = await recordInspection(caller, params.id, body);
  return apiJson({ inspection: publicTask(inspection), cleaning: publicTask(cleaning) });
});
