import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { TeamMember } from './get-team';

export const TOP_PERFORMERS_KEY = '/api/team/top-performers';

export interface TopPerformersState {
  performers: TeamMember[];
  isLoading: boolean;
  error: ApiError | undefined;
}

/** GET /api/team/top-performers: members with completedTasks, most first. */
export function useTopPerformers(): TopPerformersState {
  const { data, error, isLoading } = useSWR<TeamMember[], ApiError>(TOP_PERFORMERS_KEY);
  return { performers: Array.isArray(data) ? data : [], isLoading, error };
}
