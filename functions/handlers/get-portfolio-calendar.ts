import { portfolioQuery, type PortfolioQuery } from '#shared/schemas';
import { portfolioCalendar } from '#functions/reservations/portfolio';
import { companyContext } from '#functions/reservations/service';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/calendar/portfolio?from=YYYY-MM-DD&days=14|30|60|90&limit=&cursor= (CEO and managers). */
export const handler = apiHandler<unknown, PortfolioQuery>('get-portfolio-calendar', { query: portfolioQuery }, async ({ caller, query }) => {
  return json(await portfolioCalendar(await companyContext(caller.companyId), query));
});
