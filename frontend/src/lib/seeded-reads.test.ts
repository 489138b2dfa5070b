import { unstable_serialize as infiniteKey } from 'swr/infinite';
import { FRESH_SEED_MS, isFreshSeed, markSeeded } from './seeded-reads';

describe('seeded reads', () => {
  it('counts a plain key as fresh for SWR deduplication window after boot seeded it, and not before', () => {
    expect(isFreshSeed('/api/team')).toBe(false);
    const before = Date.now();
    markSeeded('/api/team');
    expect(isFreshSeed('/api/team', before + 10)).toBe(true);
    expect(isFreshSeed('/api/team', before + FRESH_SEED_MS + 10)).toBe(false);
    expect(isFreshSeed('/api/teams', before + 10)).toBe(false);
  });

  it("recognises an infinite list's page loader by the key its first page was seeded under", () => {
    const getKey = (index: number) => `/api/tasks/t1/history?limit=20${index ? `&page=${index}` : ''}`;
    markSeeded(infiniteKey(getKey));
    expect(isFreshSeed(getKey)).toBe(true);
    expect(isFreshSeed((index: number) => `/api/tasks/t2/history?page=${index}`)).toBe(false);
  });

  it('treats keys SWR may get that are neither strings nor loaders as not seeded', () => {
    markSeeded('/api/x');
    expect(isFreshSeed(['/api/x'])).toBe(false);
    expect(isFreshSeed(null)).toBe(false);
  });
});
