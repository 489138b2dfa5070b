import { requireReservation } from '#functions/data/repositories/reservations';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { publicReservation } from '#functions/public-api/reservations';
import { reservationView } from '#functions/reservations/service';

/** GET /api/v1/reservations/{id} */
export const handler = publicApiHandler('v1-get-reservation', {}, async ({ caller, params }) =>
  apiJson(publicReservation(reservationView(await requireReservation(caller.companyId, params.id)))),
);
