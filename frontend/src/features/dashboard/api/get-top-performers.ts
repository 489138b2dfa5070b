import useSWR from 'swr';
import type { User } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

export const TOP_PERFORMERS_KEY = '/api/team/top-performers';

/**
 * A member credited with completions in the last `periodDays` days: how many, how many on time, and
 * `score`, their on-time rate in % (functions/dashboard/figures.ts; the Team screen shows the same).
 */
export type TopPerformer = Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'profileImageUrl' | 'completedTasks'> & {
  score: number;
  completedInPeriod: number;
  onTimeInPeriod: number;
  periodDays: number;
};

export interface TopPerformersState {
  performers: TopPerformer[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/** GET /api/team/top-performers (five, most on-time completions first). Read again whenever the dashboard is shown. */
export function useTopPerformers(): TopPerformersState {
  const { data, error } = useSWR<TopPerformer[], ApiError>(TOP_PERFORMERS_KEY, { revalidateIfStale: true });
  return { performers: Array.isArray(data) ? data : [], isLoading: waitingForFirstAnswer(TOP_PERFORMERS_KEY, data, error), error };
}
