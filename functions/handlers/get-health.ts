import { getItem } from '#functions/data/db';
import { apiHandler, json } from '#functions/lib/http';

/** Answers ok once the table answers: the local stack's readiness probe and a deploy smoke test. */
export const handler = apiHandler('get-health', {}, async () => {
  await getItem({ pk: 'HEALTH', sk: 'HEALTH' }, { consistent: false });
  // Which runtime serves the API: locally the TypeScript modules, or (API_RUNTIME=bundles, local/bundles/)
  // each function from its bundle; in AWS, Lambda running the bundle.
  const runtime = process.env.API_RUNTIME === 'bundles' ? 'bundles' : process.env.AWS_LAMBDA_FUNCTION_NAME ? 'lambda' : 'modules';
  return json({ status: 'ok', runtime });
});
