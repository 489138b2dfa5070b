// The report's custom range is checked as the server's schema checks it, so the screen explains a
// range the API would refuse instead of reading it and showing "could not be loaded".
import { reportQuery } from '#shared/report-query';
import { customRangeProblem, reportUrl } from './get-report';

const custom = (from?: string, to?: string) => ({ range: 'custom' as const, type: 'all' as const, from, to });

describe('customRangeProblem', () => {
  it.each([
    [custom('2026-01-01', '2026-01-31'), null],
    [custom('2025-01-01', '2026-01-01'), null], // 366 days
    [custom('2025-01-01', '2026-01-02'), { field: 'to', key: 'report.rangeTooLong' }],
    [custom('2026-02-01', '2026-01-31'), { field: 'to', key: 'report.rangeOrder' }],
    [custom('20180-06-01', '2026-01-31'), { field: 'from', key: 'validation.date' }],
    [custom('2026-01-01', '2026-02-30'), { field: 'to', key: 'validation.date' }],
    [custom('1999-12-31', '2000-01-31'), { field: 'from', key: 'validation.dateOutOfRange' }],
    [custom('0002-06-01', '0002-06-30'), { field: 'from', key: 'validation.dateOutOfRange' }],
    [custom('2026-01-01', undefined), null],
  ])('%j -> %j', (filters, problem) => {
    expect(customRangeProblem(filters)).toEqual(problem);
    // A range found fine is one the server takes; one found wrong is not read at all.
    if (filters.from && filters.to) {
      expect(reportQuery.safeParse({ range: 'custom', type: 'all', from: filters.from, to: filters.to }).success).toBe(problem === null);
    }
    expect(reportUrl(filters) === null).toBe(problem !== null || !filters.to);
  });
});
