import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { mondayOf } from '#shared/dispatch';
import { useShifts, type ShiftsState } from '../api/get-shifts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = (value: string | null) => (value && DAY.test(value) ? value : undefined);

export interface ShiftWeekState extends ShiftsState {
  /** Monday to Sunday of the week on screen (empty until it has loaded). */
  days: string[];
  /** The day whose shifts are shown: `?day=`, else today when the week holds it, else its Monday. */
  selectedDay: string | undefined;
  /** Teams scheduled per day (its three shifts together). */
  teamsByDay: Record<string, number>;
  selectDay: (day: string) => void;
  previousWeek: () => void;
  nextWeek: () => void;
  thisWeek: () => void;
}

/**
 * The week of the shifts screen, kept in the address: `?week=YYYY-MM-DD` (its Monday; absent: this
 * week, which is GET /api/shifts, the first read) and `?day=YYYY-MM-DD` (absent: today).
 * `today` is the company's (its time zone).
 */
export function useShiftWeek(today: string): ShiftWeekState {
  const [params, setParams] = useSearchParams();
  const week = dayParam(params.get('week'));
  const chosenDay = dayParam(params.get('day'));
  const state = useShifts(week && week !== mondayOf(today) ? week : undefined);
  const days = state.data?.week.days ?? [];
  const selectedDay = chosenDay && days.includes(chosenDay) ? chosenDay : days.includes(today) ? today : days[0];
  const { shifts, refresh } = state;
  const teamsByDay = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const shift of shifts) counts[shift.date] = (counts[shift.date] ?? 0) + shift.teams.length;
    return counts;
  }, [shifts]);

  // Past midnight (company time) the week read knows yesterday as today: read it again.
  const readToday = state.data?.today;
  useEffect(() => {
    if (readToday && readToday !== today) void refresh();
  }, [readToday, today, refresh]);

  const goToWeek = (monday: string | undefined) => {
    if (!monday) return;
    setParams(monday === mondayOf(today) ? {} : { week: monday });
  };
  return {
    ...state,
    days,
    selectedDay,
    teamsByDay,
    selectDay: (day) => {
      const next: Record<string, string> = {};
      const monday = mondayOf(day);
      if (monday !== mondayOf(today)) next.week = monday;
      if (day !== today) next.day = day;
      setParams(next);
    },
    previousWeek: () => goToWeek(state.data?.week.previous),
    nextWeek: () => goToWeek(state.data?.week.next),
    thisWeek: () => setParams({}),
  };
}
