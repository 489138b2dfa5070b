import useSWR, { type KeyedMutator } from 'swr';
import type { DispatchBoard } from '#shared/dispatch';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

/** GET /api/dispatch?week=YYYY-MM-DD (CEO and managers); no week: this week in the company's zone. */
export function dispatchKey(week: string | undefined): string {
  return week ? `/api/dispatch?week=${encodeURIComponent(week)}` : '/api/dispatch';
}

export type DispatchBoardAnswer = DispatchBoard & { truncated?: boolean };

export interface DispatchBoardState {
  board: DispatchBoardAnswer | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  mutate: KeyedMutator<DispatchBoardAnswer>;
}

/** The week's board; read again whenever the screen appears (others move tasks too). */
export function useDispatchBoard(week: string | undefined): DispatchBoardState {
  const { data, error, mutate } = useSWR<DispatchBoardAnswer, ApiError>(dispatchKey(week), { revalidateIfStale: true, keepPreviousData: true });
  return { board: data, error, isLoading: waitingForFirstAnswer(week ?? '', data, error), mutate };
}
