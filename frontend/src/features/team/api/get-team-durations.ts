import useSWR from 'swr';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

export const TEAM_DURATIONS_KEY = '/api/team/durations';

/** Time on task of one member, as GET /api/team/durations answers it (CEO and managers). */
export interface MemberDurations {
  userId: string;
  completedTasks: number;
  /** Completed tasks that had a start time (the others have no duration). */
  timedTasks: number;
  totalMinutes: number;
  averageMinutes: number | null;
}

export function useTeamDurations(enabled: boolean) {
  const { data, error } = useSWR<MemberDurations[], ApiError>(enabled ? TEAM_DURATIONS_KEY : null, { revalidateIfStale: true });
  return { durations: Array.isArray(data) ? data : [], isLoading: waitingForFirstAnswer(enabled ? TEAM_DURATIONS_KEY : null, data, error), error };
}
