import { requireReservation } from '#functions/data/repositories/reservations';
import { reservationView } from '#functions/reservations/service';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler('get-reservation', {}, async ({ caller, params }) =>
  json(reservationView(await requireReservation(caller.companyId, params.id))),
);
