import { inspectionBody, type InspectionBody } from '#shared/schemas';
import { recordInspection } from '#functions/tasks/inspections';
import { taskView } from '#functions/photos/views';
import { apiHandler, json } from '#functions/lib/http';

/**
 * POST /api/tasks/{id}/inspection (issue 40 point 2): the inspector (the inspection's assignee), a
 * manager or the CEO records a result; answers both tasks as they are now.
 */
export const handler = apiHandler<InspectionBody>('record-inspection', { body: inspectionBody }, async ({ caller, params, body }) => {
  const { inspection, cleaning } = await recordInspection(caller, params.id, body);
  const [inspectionView, cleaningView] = await Promise.all([taskView(inspection), taskView(cleaning)]);
  return json({ inspection: inspectionView, cleaning: cleaningView });
});
