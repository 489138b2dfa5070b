import useSWR, { type KeyedMutator } from 'swr';
import type { DispatchBoard } from '#shared/dispatch';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

/** Which days the board shows (GET /api/dispatch's query; shared/dispatch.ts boardDays). */
export interface BoardChoice {
  /** 'week': the calendar week; 'rolling': seven days from a day. None: the server's default (this week; from today at weekends). */
  view?: 'week' | 'rolling';
  /** A day of the calendar week shown. */
  week?: string;
  /** The first of the rolling seven days (none: today). */
  from?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What the address asks for (`?view=week|rolling&week=…&from=…`), and with nothing chosen on a
 * phone, seven days from today (a phone plans the next days, not the week behind).
 */
export function boardChoice(search: URLSearchParams, phone: boolean): BoardChoice {
  const view = search.get('view');
  const week = search.get('week');
  const from = search.get('from');
  const choice: BoardChoice = {
    ...(view === 'week' || view === 'rolling' ? { view } : {}),
    ...(week && DAY.test(week) ? { week } : {}),
    ...(from && DAY.test(from) ? { from } : {}),
  };
  if (!choice.view && !choice.week && !choice.from && phone) choice.view = 'rolling';
  return choice;
}

/** GET /api/dispatch[?view=…&week=…&from=…] (CEO and managers). */
export function dispatchKey(choice: BoardChoice | string | undefined): string {
  const { view, week, from } = typeof choice === 'string' ? { week: choice } : (choice ?? {});
  const query = new URLSearchParams();
  if (view) query.set('view', view);
  if (week && view !== 'rolling') query.set('week', week);
  if (from && view !== 'week') query.set('from', from);
  const text = query.toString();
  return text ? `/api/dispatch?${text}` : '/api/dispatch';
}

/** The phone layout's media query (theme.breakpoints.down('sm')), for the first read before React draws. */
export const PHONE_QUERY = '(max-width:599.95px)';

export type DispatchBoardAnswer = DispatchBoard & { truncated?: boolean };

export interface DispatchBoardState {
  board: DispatchBoardAnswer | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  mutate: KeyedMutator<DispatchBoardAnswer>;
}

/** The week's board; read again whenever the screen appears (others move tasks too). */
export function useDispatchBoard(choice: BoardChoice): DispatchBoardState {
  const key = dispatchKey(choice);
  const { data, error, mutate } = useSWR<DispatchBoardAnswer, ApiError>(key, { revalidateIfStale: true, keepPreviousData: true });
  return { board: data, error, isLoading: waitingForFirstAnswer(key, data, error), mutate };
}
