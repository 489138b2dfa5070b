import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { TeamMember } from './get-team';

export const TOP_PERFORMERS_KEY = '/api/team/top-performers';

/**
 * A member credited with completions in the last `periodDays` days, with `score`, their on-time
 * rate in % (functions/dashboard/figures.ts: the dashboard's card shows the same).
 */
export type TopPerformer = TeamMember & { score: number; completedInPeriod: number; onTimeInPeriod: number; periodDays: number };

export interface TopPerformersState {
  performers: TopPerformer[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/** GET /api/team/top-performers: members by on-time completions in the last 30 days, with their rate. */
export function useTopPerformers(): TopPerformersState {
  const { data, error, isLoading } = useSWR<TopPerformer[], ApiError>(TOP_PERFORMERS_KEY);
  return { performers: Array.isArray(data) ? data : [], isLoading, error };
}
