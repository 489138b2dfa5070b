import { getFinancialSummary } from '#functions/finance/summary';
import { apiHandler, json } from '#functions/lib/http';

/** The Financials screen's cards, from counters: a few GetItem/Query calls whatever the company's size. */
export const handler = apiHandler('get-financial-summary', {}, async ({ caller }) => json(await getFinancialSummary(caller.companyId)));
