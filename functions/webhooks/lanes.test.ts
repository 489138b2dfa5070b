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
    expect(laneAfter('fast', answered(40, false))).toBe('fast');
  });

  it('keeps healthy endpoints of a starved worker on the fast lane, and still moves the one much slower than the rest', () => {
    // A busy worker reads every answer about 2.5 s late.
    for (let i = 0; i < 200; i++) laneAfter('fast', answered(2_400 + (i % 5) * 50));
    expect(laneAfter('fast', answered(2_600))).toBe('fast');
    expect(laneAfter('slow', answered(2_500))).toBe('fast');
    expect(laneAfter('fast', answered(9_000))).toBe('slow');
    expect(laneAfter('fast', { ok: false, statusCode: null, durationMs: 10_000 })).toBe('slow');
  });

  it('keeps a slow endpoint on its lane while it stays well above the typical attempt, though no longer 3x it', () => {
    // A burst: the worker's typical fast-lane attempt grows to about 2 s.
    for (let i = 0; i < 200; i++) laneAfter('fast', answered(1_900 + (i % 5) * 50));
    // 5 s is not 3x the typical attempt, so it would not move an endpoint there ...
    expect(laneAfter('fast', answered(5_000))).toBe('fast');
    // ... but it does not bring one back either: only an answer within 1.5x the typical attempt does.
    for (let i = 0; i < 50; i++) expect(laneAfter('slow', answered(5_000))).toBe('slow');
    expect(laneAfter('slow', answered(5_000, false))).toBe('slow');
    expect(laneAfter('slow', answered(2_900))).toBe('fast');
  });

  it('learns "typical" from the fast lane only: slow-lane attempts do not raise the yardstick', () => {
    for (let i = 0; i < 200; i++) laneAfter('fast', answered(100));
    for (let i = 0; i < 500; i++) laneAfter('slow', answered(6_000));
    expect(laneAfter('fast', answered(6_000))).toBe('slow');
    expect(laneAfter('slow', answered(2_100))).toBe('slow');
    expect(laneAfter('slow', answered(1_800))).toBe('fast');
  });
});
