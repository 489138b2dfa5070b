import useSWR from 'swr';
import type { User } from '#shared/schemas';
import type { ApiError } from '../../../lib/api-client';

export const TOP_PERFORMERS_KEY = '/api/team/top-performers';

/** A team member with the count of tasks completed (SPEC point 3). */
export type TopPerformer = Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'profileImageUrl' | 'completedTasks'>;

export interface TopPerformersState {
  performers: TopPerformer[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/** GET /api/team/top-performers (five, most completed tasks first). Read again whenever the dashboard is shown. */
export function useTopPerformers(): TopPerformersState {
  const { data, error, isLoading } = useSWR<TopPerformer[], ApiError>(TOP_PERFORMERS_KEY, { revalidateIfStale: true });
  return { performers: Array.isArray(data) ? data : [], isLoading, error };
}
