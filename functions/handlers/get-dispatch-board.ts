import { dispatchQuery, type DispatchQuery } from '#shared/schemas';
import { loadDispatchBoard } from '#functions/dispatch/board';
import { apiHandler, json } from '#functions/lib/http';

/**
 * GET /api/dispatch?week=YYYY-MM-DD (CEO and managers): the week holding that date (Monday start, the
 * company's time zone); ?view=rolling[&from=YYYY-MM-DD]: seven days from that date (absent: today);
 * no query: this week on weekdays, from today at weekends. A row per member and one for unassigned
 * work, the cards with their warnings and each row's workload. Moves are PUT /api/tasks/{id}.
 */
export const handler = apiHandler<unknown, DispatchQuery>('get-dispatch-board', { query: dispatchQuery }, async ({ caller, query }) =>
  json(await loadDispatchBoard(caller.companyId, query)),
);
