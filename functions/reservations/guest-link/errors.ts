// The guest page's refusals, each with a `code` the static page words in the guest's own language
// (EN, PT, ES, FR, DE, IT); the message is in the request's (pt, en, es), like every API error.
import { AppError, NotFoundError } from '#functions/lib/errors';

/** A made-up, malformed, rotated or revoked token, or a stay that is gone: 404, nothing recorded. */
export class GuestLinkUnknownError extends NotFoundError {
  readonly code = 'guest_unknown';
  constructor() {
    super('guestLink.unknown');
  }
}

/** Outside the stay's window (before 18:00 the evening before checkout, after checkout day): 422. */
export class GuestWindowError extends AppError {
  readonly statusCode = 422;
  constructor(
    readonly code: 'too_early' | 'too_late',
    readonly details: { opensAt: string; closesAt: string },
    params: Record<string, string> = {},
  ) {
    super(code === 'too_early' ? 'guestLink.tooEarly' : 'guestLink.tooLate', params);
  }
}

/** The link has asked for its photo upload already (or the leaving is recorded): 409. */
export class GuestPhotoLimitError extends AppError {
  readonly statusCode = 409;
  readonly code = 'photo_limit';
  constructor() {
    super('guestLink.photoLimit');
  }
}
