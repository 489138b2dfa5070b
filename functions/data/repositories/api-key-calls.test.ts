// The per-key call count behind the public API's rate limit (countApiKeyCall): a burst's writes reach
// the table in any order, and a call whose write lands first must still count the calls of this
// instance that came before it. Against DynamoDB Local; the first two writes are held back to make
// that order certain (in a CI run, twelve calls at once against a limit of six answered eight).
import { randomBytes } from 'node:crypto';
import { db } from '../client';
import { countApiKeyCall, forgetApiKeyInstanceState } from './api-keys';

afterEach(() => {
  jest.restoreAllMocks();
  forgetApiKeyInstanceState();
});

describe('the per-key call count', () => {
  it('answers each call of a burst at least its place among this instance’s calls, whatever order the writes land in: never more than the limit', async () => {
    const keyHash = randomBytes(16).toString('hex');
    const limit = 6;
    // One instant for the whole burst: the first call writes, the next ones are counted in memory
    // until the count nears the limit, then every call writes.
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5_000);
    const send = db.send.bind(db);
    let writes = 0;
    jest.spyOn(db, 'send').mockImplementation(async (...args: Parameters<typeof db.send>) => {
      // The burst's first two writes (its first call's, and the one that starts writing every call
      // near the limit) reach the table after every later one.
      if (writes++ < 2) await new Promise((resolve) => setTimeout(resolve, 300));
      return send(...args);
    });
    const counts = (await Promise.all(Array.from({ length: 12 }, () => countApiKeyCall(keyHash, limit, now)))).map((call) => call.count);
    expect(writes).toBeGreaterThan(2);
    // Each call, in the order made, counts at least the calls before it and itself.
    counts.forEach((count, place) => expect({ place: place + 1, atLeast: count >= place + 1 }).toEqual({ place: place + 1, atLeast: true }));
    // And exactly: the later calls' writes that landed first are not counted before the calls
    // that came before them, so the limit's worth of calls goes through, and no more.
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});
