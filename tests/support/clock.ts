/**
 * Starts the clock (Date only: timers, ticks and performance stay real) at the start of the next
 * fixed window of `windowSeconds` and lets it run on from there, so a test that fills a rate
 * window has all of it without waiting for one. Without it, a test that makes its calls across a
 * window's end sees the count start again (CI, 2026-12-07: a token's 61st feed poll answered 200).
 * Undo with `jest.useRealTimers()` in an afterEach.
 */
export function startClockAtNextWindow(windowSeconds: number): void {
  const windowMs = windowSeconds * 1000;
  jest.useFakeTimers({
    now: (Math.floor(Date.now() / windowMs) + 1) * windowMs,
    advanceTimers: true,
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
}
