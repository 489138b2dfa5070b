// Values made on first use and then kept for the life of the function instance. The AWS SDK is
// the Lambda runtime's (infra/lib/handler-code.ts), read from disk when first imported: a client a
// function needs only on some paths (S3 when a task has photos, SES or SNS when an alert is on,
// EventBridge after a write) is imported with `await import()` through this, so the function's
// cold start does not pay for it (README, "Performance").

/** `make` runs once, on the first call; a failure is not kept, so the next call tries again. */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}
