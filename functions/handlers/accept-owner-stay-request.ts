import { acceptOwnerStay } from '#functions/owners/stay-requests';
import { addCalendarBlock } from '#functions/reservations/calendar-blocks';
import { cancelReservation, companyContext } from '#functions/reservations/service';
import { apiHandler, json } from '#functions/lib/http';

/**
 * POST /api/owner-stay-requests/{requestId}/accept (CEO, managers): the owner stay becomes a block,
 * made by POST /api/calendar/blocks' code (kind owner: "Owner stay" in the company's language, so the
 * calendars show it as one and the calendar export sends it to the channels). 409 when its nights
 * were taken or it was answered meanwhile.
 */
export const handler = apiHandler('accept-owner-stay-request', {}, async ({ caller, params }) => {
  const ctx = await companyContext(caller.companyId);
  return json(
    await acceptOwnerStay(caller, params.requestId, {
      add: async (request) =>
        (
          await addCalendarBlock(
            ctx,
            { propertyId: request.propertyId, kind: 'owner', checkinDate: request.checkinDate, checkoutDate: request.checkoutDate, note: null },
            caller,
            ctx.language,
          )
        ).reservation.id,
      remove: async (blockId) => {
        await cancelReservation(ctx, blockId, null, { actor: caller });
      },
    }),
  );
});
