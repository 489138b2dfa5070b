import { getItem } from '#functions/data/db';
import { apiHandler, json } from '#functions/lib/http';

/** Answers ok once the table answers: the local stack's readiness probe and a deploy smoke test. */
export const handler = apiHandler('get-health', {}, async () => {
  await getItem({ pk: 'HEALTH', sk: 'HEALTH' }, { consistent: false });
  return json({ status: 'ok' });
});
