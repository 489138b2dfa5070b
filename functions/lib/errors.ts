// Named errors carrying their HTTP status. The one place where failures become status codes is
// functions/lib/http.ts; handlers and services only throw these.
import type { MessageKey } from '#shared/messages';

export type FieldErrors = Record<string, string>;

export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  constructor(
    /** A key of shared/messages.ts (translated per request) or a literal message. */
    readonly messageKey: MessageKey | string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  readonly statusCode = 400;
  constructor(
    messageKey: MessageKey | string = 'error.badRequest',
    readonly fieldErrors: FieldErrors = {},
    params: Record<string, string | number> = {},
  ) {
    super(messageKey, params);
  }
}

export class UnauthorizedError extends AppError {
  readonly statusCode = 401;
  constructor(messageKey: MessageKey | string = 'error.unauthorized') {
    super(messageKey);
  }
}

export class ForbiddenError extends AppError {
  readonly statusCode = 403;
  constructor(messageKey: MessageKey | string = 'error.forbidden', params: Record<string, string | number> = {}) {
    super(messageKey, params);
  }
}

/** Sign-in before the e-mail is confirmed: 403 with a `code` the screen offers a new link for. */
export class EmailNotConfirmedError extends ForbiddenError {
  readonly code = 'email-not-confirmed';
  constructor() {
    super('auth.emailNotConfirmed');
  }
}

/** A plan limit: 403 with the message of SPEC point 5. */
export class PlanLimitError extends ForbiddenError {}

/**
 * A feature the company's plan does not include (API keys, webhooks: shared/integrations.ts): 403
 * with `code: plan_required` and the plan that has it (`details.requiredPlan`).
 */
export class PlanFeatureError extends ForbiddenError {
  readonly code = 'plan_required';
  readonly details: { plan: string; requiredPlan: string };
  constructor(plan: string, requiredPlan: string) {
    super('integrations.planRequired', { plan: `plan.${plan}`, required: `plan.${requiredPlan}` });
    this.details = { plan, requiredPlan };
  }
}

/**
 * A write on a company whose trial (or paid access) has ended: 402 Payment Required with a `code`
 * (`subscription.trial_ended`, …) the screens act on: the CEO is taken to pricing. Nothing is written.
 */
export class SubscriptionRequiredError extends AppError {
  readonly statusCode = 402;
  constructor(
    readonly code: string,
    messageKey: MessageKey | string,
  ) {
    super(messageKey);
  }
}

export class NotFoundError extends AppError {
  readonly statusCode = 404;
  constructor(messageKey: MessageKey | string = 'error.notFound') {
    super(messageKey);
  }
}

export class ConflictError extends AppError {
  readonly statusCode = 409;
  constructor(messageKey: MessageKey | string = 'error.conflict', params: Record<string, string | number> = {}) {
    super(messageKey, params);
  }
}

export class TooManyRequestsError extends AppError {
  readonly statusCode = 429;
  constructor(
    messageKey: MessageKey | string = 'error.tooManyRequests',
    readonly retryAfterSeconds = 60,
  ) {
    super(messageKey);
  }
}
