// The webhook API's own refusal: the test delivery to a new (or changed) endpoint did not get a 2xx.
// 422 with what the endpoint answered (`details`), in the caller's language; nothing is saved.
import { AppError } from '#functions/lib/errors';

export class WebhookTestFailedError extends AppError {
  readonly statusCode = 422;
  readonly code = 'webhook_test_failed';
  constructor(
    url: string,
    /** What went wrong, already in the caller's language. */
    reason: string,
    readonly details: { statusCode: number | null; error: string; durationMs: number },
  ) {
    super('webhooks.testFailed', { url, reason });
  }
}
