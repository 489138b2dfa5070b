import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import { calendarKey } from './keys';
import type { CalendarMonth } from './types';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

export interface CalendarState {
  calendar: CalendarMonth | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
}

/**
 * GET /api/properties/{id}/calendar?month=YYYY-MM. `revalidateIfStale`: a month shown again after
 * a write elsewhere (another month, the task screen) is read again; the cached copy shows meanwhile.
 * `keepPreviousData`: the grid does not blink empty while the next month loads.
 */
export function usePropertyCalendar(propertyId: string, month: string): CalendarState {
  const { data, error } = useSWR<CalendarMonth, ApiError>(calendarKey(propertyId, month), {
    revalidateIfStale: true,
    keepPreviousData: true,
  });
  return { calendar: data, isLoading: waitingForFirstAnswer(propertyId, data, error), error };
}
