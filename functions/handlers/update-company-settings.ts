import { companySettingsBody, type CompanySettingsBody } from '#shared/schemas';
import { saveOperationsSettings } from '#functions/data/repositories/operations-settings';
import { getUser } from '#functions/data/repositories/users';
import { BadRequestError, NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { isInvitationPending } from '#functions/team/views';

/**
 * PUT /api/companies/{id}/settings (CEO and managers): the fields given change; later reservations and
 * shift starts follow. A turnover assignee must be a member of the company who has joined.
 */
export const handler = apiHandler<CompanySettingsBody>('update-company-settings', { body: companySettingsBody }, async ({ caller, params, body }) => {
  if (params.id !== caller.companyId) throw new NotFoundError();
  if (body.turnoverAssigneeId) {
    const member = await getUser(caller.companyId, body.turnoverAssigneeId);
    if (!member || isInvitationPending(member)) throw new BadRequestError('error.badRequest', { turnoverAssigneeId: 'settings.assigneeNotMember' });
  }
  return json(await saveOperationsSettings(caller.companyId, body));
});
