// The slow-lane rule (issue 39 point 4): slow against this worker's other attempts, not only against
// an absolute line, so a starved worker (every answer read late) does not move healthy endpoints.
import { SLOW_ATTEMPT_MS, laneAfter } from './lanes';

const answered = (durationMs: number, ok = true) => ({ ok, statusCode: ok ? 200 : 500, durationMs });

describe('the lane after an attempt', () => {
  it('is slow past the line while the worker has no yardstick yet, and with no answer at any time', () => {
    expect(laneAfter(undefined, answered(SLOW_ATTEMPT_MS + 600))).toBe('slow');
    expect(laneAfter('slow', answered(40))).toBe('fast');
    expect(laneAfter('fast', { ok: false, statusCode: null, durationMs: 30 })).toBe('slow');
    expect(laneAfter('slow', answered(40, false))).toBe('slow');
    expect(laneAfter(undefined, answered(40, false))).toBe('fast');
  });

  it('keeps healthy endpoints of a starved worker on the fast lane, and still moves the one much slower than the rest', () => {
    // A busy worker reads every answer about 2.5 s late.
    for (let i = 0; i < 200; i++) laneAfter('fast', answered(2_400 + (i % 5) * 50));
    expect(laneAfter('fast', answered(2_600))).toBe('fast');
    expect(laneAfter('slow', answered(2_500))).toBe('fast');
    expect(laneAfter('fast', answered(9_000))).toBe('slow');
    expect(laneAfter('fast', { ok: false, statusCode: null, durationMs: 10_000 })).toBe('slow');
  });
});
