import { ownerApprovalDecisionBody, type OwnerApprovalDecisionBody } from '#shared/schemas';
import { decideOwnerApproval } from '#functions/approvals/decide';
import { apiHandler, json } from '#functions/lib/http';

/**
 * POST /api/owner/approvals/{taskId} (owners, issue 41 point 4) `{approved, note?, estimatedCost?}`:
 * approved, the repair goes on; declined, it is cancelled with the note. 404 for a task of another
 * property, 409 when it no longer waits for them.
 */
export const handler = apiHandler<OwnerApprovalDecisionBody>('decide-owner-approval', { body: ownerApprovalDecisionBody }, async ({ caller, params, body }) =>
  json(await decideOwnerApproval(caller, params.taskId, body)),
);
