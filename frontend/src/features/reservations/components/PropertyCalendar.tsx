import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePropertyCalendar } from '../api/get-calendar';
import { useReservationsById } from '../api/get-reservations-by-id';
import type { CalendarBlock, CalendarTask, ReservationView } from '../api/types';
import { useDismissTurnover } from '../hooks/use-dismiss-turnover';
import { useReservationPermissions } from '../hooks/use-reservation-permissions';
import { dayInZone, monthOfDay, monthWeeks } from '../utils/calendar';
import { missingStays, monthBars } from '../utils/calendar-bars';
import { formatMonth, sourceName, weekStartOf, weekdayNames } from '../utils/format';
import { BlockPopover } from './calendar/BlockPopover';
import { CalendarAlerts } from './calendar/CalendarAlerts';
import { CalendarHeader } from './calendar/CalendarHeader';
import { CalendarLegend } from './calendar/CalendarLegend';
import { CalendarWeek } from './calendar/CalendarWeek';
import { browserTimeZone } from '../../../lib/intl';

/** This month (YYYY-MM) on the browser's calendar: where the calendar opens. */
export function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

export interface PropertyCalendarProps {
  propertyId: string;
  month: string;
  onMonthChange: (month: string) => void;
  /** A stay was clicked. */
  onOpenReservation: (reservation: ReservationView) => void;
  /** Shown (CEO and managers) as "Add reservation". */
  onAddReservation?: () => void;
}

/**
 * A month of the property, read in the company's time zone, today highlighted: stays as bars from
 * the afternoon of check-in to the morning of check-out (tentative ones marked, double bookings in
 * the error colour naming the other stay), blocks as blocks with their channel (a Booking.com
 * stretch to check, dismissed in one click by a manager), and tasks on their due day. Stays open
 * their dialog; blocks their details; tasks open `/tasks/:id`.
 */
export function PropertyCalendar({ propertyId, month, onMonthChange, onOpenReservation, onAddReservation }: PropertyCalendarProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { canManage } = useReservationPermissions();
  const { calendar, isLoading, error } = usePropertyCalendar(propertyId, month);
  const { dismiss, pendingId } = useDismissTurnover(propertyId);
  const [openBlock, setOpenBlock] = useState<{ block: CalendarBlock; anchor: HTMLElement } | null>(null);
  const shown = calendar?.month === month ? calendar : undefined;
  const timeZone = calendar?.timezone ?? browserTimeZone();
  const today = dayInZone(new Date(), timeZone);
  const weekStartsOn = weekStartOf(language);
  const weeks = useMemo(() => monthWeeks(month, weekStartsOn), [month, weekStartsOn]);
  const names = weekdayNames(language, weekStartsOn);
  const narrowNames = weekdayNames(language, weekStartsOn, 'narrow');

  const bars = useMemo(() => monthBars(shown), [shown]);
  const { byId: readApart } = useReservationsById(useMemo(() => missingStays(bars), [bars]));
  const stay = (id: string) => shown?.reservations.find((reservation) => reservation.id === id) ?? readApart.get(id);
  const stayName = (id: string) => {
    const other = stay(id);
    return other ? t('reservations.doubleBooking.stay', { guest: other.guestName, source: sourceName(t, other.integrationSource) }) : t('reservations.doubleBooking.otherStay');
  };
  const tasksByDay = useMemo(() => {
    const byDay = new Map<string, CalendarTask[]>();
    for (const task of shown?.tasks ?? []) {
      if (!task.dueDate) continue;
      const day = dayInZone(task.dueDate, timeZone);
      byDay.set(day, [...(byDay.get(day) ?? []), task]);
    }
    return byDay;
  }, [shown, timeZone]);

  const dismissBlock = async (block: CalendarBlock) => {
    if (await dismiss(block.reservationId)) setOpenBlock(null);
  };
  const monthTitle = formatMonth(month, language);

  return (
    <Box data-testid="property-calendar" data-month={month}>
      <CalendarHeader month={month} title={monthTitle} currentMonth={monthOfDay(today)} onMonthChange={onMonthChange} onAddReservation={onAddReservation} />
      {shown && (
        <CalendarAlerts bars={bars} stay={stay} canManage={canManage} pendingId={pendingId} onOpenReservation={onOpenReservation} onDismiss={dismissBlock} />
      )}
      <Box sx={{ height: 4 }}>{isLoading || (calendar && !shown) ? <LinearProgress aria-label={t('common.loading')} /> : null}</Box>
      {error && !shown ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {t('reservations.calendar.loadError')}
        </Alert>
      ) : (
        <Box role="group" aria-label={t('reservations.calendar.label', { month: monthTitle })} sx={{ borderTop: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', borderBottom: 1, borderColor: 'divider', bgcolor: 'grey.50' }} aria-hidden>
            {names.map((name, i) => (
              <Typography key={name + i} variant="caption" sx={{ py: 0.75, textAlign: 'center', color: 'text.secondary', fontWeight: 600, textTransform: 'capitalize' }}>
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {name.replace(/\.$/, '')}
                </Box>
                <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                  {narrowNames[i]}
                </Box>
              </Typography>
            ))}
          </Box>
          {weeks.map((week) => (
            <CalendarWeek
              key={week[0]}
              week={week}
              month={month}
              today={today}
              bars={bars}
              tasksByDay={tasksByDay}
              stayName={stayName}
              onOpenReservation={onOpenReservation}
              onOpenBlock={(block, anchor) => setOpenBlock({ block, anchor })}
            />
          ))}
        </Box>
      )}
      <CalendarLegend timeZone={timeZone} />
      <BlockPopover
        block={openBlock?.block ?? null}
        anchor={openBlock?.anchor ?? null}
        canManage={canManage}
        pending={pendingId !== null}
        onDismiss={dismissBlock}
        onClose={() => setOpenBlock(null)}
      />
    </Box>
  );
}
