import { companySettingsBody, type CompanySettingsBody } from '#shared/schemas';
import { getOperationsSettings, saveCompanySettings } from '#functions/data/repositories/operations-settings';
import { getUser } from '#functions/data/repositories/users';
import { BadRequestError, ForbiddenError, NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { isInvitationPending } from '#functions/data/invitations';

/**
 * PUT /api/companies/{id}/settings (CEO and managers): the fields given change; later reservations and
 * shift starts follow. Check-out stays earlier in the day than check-in (a same-day turnover fits in
 * between), and a turnover assignee must be a member of the company who has joined. Whether owners
 * see their guests' names is the CEO's alone: a manager who sends it gets 403 and nothing changes.
 */
export const handler = apiHandler<CompanySettingsBody>('update-company-settings', { body: companySettingsBody }, async ({ caller, params, body }) => {
  if (params.id !== caller.companyId) throw new NotFoundError();
  if (body.ownersSeeGuestNames !== undefined && caller.role !== 'ceo') throw new ForbiddenError();
  if (body.checkinHour !== undefined || body.checkoutHour !== undefined) {
    const current = await getOperationsSettings(caller.companyId);
    const checkin = body.checkinHour ?? current.checkinHour;
    const checkout = body.checkoutHour ?? current.checkoutHour;
    if (checkout >= checkin) {
      const field = body.checkoutHour !== undefined ? 'checkoutHour' : 'checkinHour';
      throw new BadRequestError('error.badRequest', { [field]: 'settings.checkoutNotBeforeCheckin' });
    }
  }
  if (body.turnoverAssigneeId) {
    const member = await getUser(caller.companyId, body.turnoverAssigneeId);
    if (!member || isInvitationPending(member)) throw new BadRequestError('error.badRequest', { turnoverAssigneeId: 'settings.assigneeNotMember' });
  }
  return json(await saveCompanySettings(caller.companyId, body));
});
