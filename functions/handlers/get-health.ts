import { getItem } from '#functions/data/db';
import { apiHandler, json } from '#functions/lib/http';

/** Answers ok once the table answers: the local stack's readiness probe and a deploy smoke test. */
export const handler = apiHandler('get-health', {}, async () => {
  await getItem({ pk: 'HEALTH', sk: 'HEALTH' }, { consistent: false });
  // Which local runtime serves the API (local/bundles/: API_RUNTIME=bundles runs each function from its bundle).
  return json({ status: 'ok', runtime: process.env.API_RUNTIME === 'bundles' ? 'bundles' : 'modules' });
});
