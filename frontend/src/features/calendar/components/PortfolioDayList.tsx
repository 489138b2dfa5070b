import { memo, startTransition, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import Box from '@mui/material/Box';
import DirectionsWalkRoundedIcon from '#icons/DirectionsWalkRounded';
import SwapHorizRoundedIcon from '#icons/SwapHorizRounded';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PortfolioProperty, PortfolioStay } from '#shared/schemas';
import { formatDay, sourceName } from '../../reservations/utils/format';
import { closureWords, leftWords, staysOn } from '../utils/describe';
import { BAR_STYLES } from './StayBar';
import { READINESS_COLOURS } from './PortfolioRow';
import { TASK_MARK_CLASS, TASK_MARK_SX, TaskMark } from './TaskMark';

export interface PortfolioDayListProps {
  rows: readonly PortfolioProperty[];
  days: readonly string[];
  today: string;
  /** The company's time zone (when the guests left, on its clock). */
  timeZone: string;
  /** A free night was picked (the night of `day`). */
  onAdd: (row: PortfolioProperty, day: string) => void;
}

/**
 * The list's look, set once on its root for every property and day under it. A portfolio's day
 * lists are hundreds of lines (20 properties x 14 days: 280, each with a few elements); an `sx` (or a
 * Typography, Stack, Button) on each made the phone's first render a long style computation (about
 * 1,600 elements, Lighthouse mobile TBT 1.2-1.5 s, 2026-12-06), plain elements under one rule set cost
 * a fraction of it.
 */
const LIST_SX = {
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  '& .pdl-property': {
    border: 1,
    borderColor: 'divider',
    borderRadius: '12px',
    bgcolor: 'background.paper',
    overflow: 'hidden',
  },
  '& .pdl-head': { px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' },
  '& .pdl-name': { m: 0, typography: 'subtitle1', fontWeight: 600 },
  '& .pdl-city': { typography: 'caption', color: 'text.secondary' },
  // The readiness as an outlined small chip (as the grid's MUI Chip looks), in the chip's colours.
  '& .pdl-ready': { typography: 'body2', fontSize: '0.8125rem', lineHeight: '22px', px: 1, borderRadius: '12px', border: 1, borderColor: 'grey.400', color: 'text.primary' },
  ...Object.fromEntries(
    Object.entries(READINESS_COLOURS)
      .filter(([, colour]) => colour !== 'default')
      .map(([readiness, colour]) => [`& .pdl-ready[data-readiness="${readiness}"]`, { color: `${colour}.main`, borderColor: `${colour}.main` }]),
  ),
  '& .pdl-days': { listStyle: 'none', m: 0, p: 0 },
  // A property's days not drawn yet: as tall as they will be (a day is about 37 px), so the page keeps its length.
  '& .pdl-later': { minHeight: 'calc(var(--pdl-days) * 37px)' },
  '& .pdl-day': { display: 'flex', gap: 1, px: 1.5, py: 0.75, borderTop: 1, borderColor: 'divider' },
  '& .pdl-day[data-today]': { bgcolor: 'rgba(25, 118, 210, 0.06)' },
  '& .pdl-date': { typography: 'body2', width: 84, flexShrink: 0, fontWeight: 500, textTransform: 'capitalize' },
  '& .pdl-day[data-today] .pdl-date': { fontWeight: 700 },
  '& .pdl-what': { display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0, flex: 1 },
  '& .pdl-leaves': { m: 0, typography: 'body2', color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5 },
  '& .pdl-leaves svg': { fontSize: 16, color: 'primary.dark' },
  '& .pdl-same': { m: 0, typography: 'caption', color: 'warning.dark', display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 },
  '& .pdl-same svg': { fontSize: 16 },
  '& .pdl-stay': { px: 1, borderRadius: 1, fontSize: 13, fontWeight: 600, ...BAR_STYLES.guest },
  '& .pdl-stay[data-kind="block"]': BAR_STYLES.block,
  '& .pdl-stay[data-kind="owner"]': BAR_STYLES.owner,
  '& .pdl-stay[data-conflict]': BAR_STYLES.conflict,
  '& .pdl-task': { maxWidth: 220 },
  [`& .${TASK_MARK_CLASS}`]: TASK_MARK_SX,
  '& .pdl-add': {
    alignSelf: 'flex-start',
    minHeight: 24,
    p: 0,
    border: 0,
    bgcolor: 'transparent',
    color: 'primary.main',
    typography: 'button',
    fontSize: '0.8125rem',
    cursor: 'pointer',
    borderRadius: 1,
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
  },
} as const;

function stayLine(t: TFunction, stay: PortfolioStay, day: string): string {
  if (stay.kind !== 'guest') return closureWords(t, stay, 'portfolioCalendar.phone', 'portfolioCalendar.unnamed');
  if (stay.checkinDay === day) return t('portfolioCalendar.phone.arrives', { guest: stay.guestName, channel: sourceName(t, stay.channel) });
  return t('portfolioCalendar.phone.staying', { guest: stay.guestName });
}

/** Properties whose days are drawn with the list's first render (a phone's first screen holds one or two). */
const EAGER = 1;

/**
 * The phone's calendar: for each property, its days one under the other. Plain elements styled by
 * LIST_SX; each property's name always, its days once it comes near the screen (a portfolio of 300
 * homes over 90 days is 27,000 days: only the ones scrolled to are drawn), and each property's list
 * drawn once (memo: a new page of the answer or a filter leaves the properties already drawn alone).
 */
export function PortfolioDayList({ rows, days, today, timeZone, onAdd }: PortfolioDayListProps) {
  const { i18n } = useTranslation();
  // The days' names, once for every property.
  const labels = useMemo(() => days.map((day) => formatDay(day, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })), [days, i18n.language]);
  return (
    <Box data-testid="portfolio-day-list" sx={LIST_SX}>
      {rows.map((row, index) => (
        <PropertyDays key={row.id} row={row} days={days} labels={labels} today={today} timeZone={timeZone} onAdd={onAdd} eager={index < EAGER} />
      ))}
    </Box>
  );
}

interface PropertyDaysProps {
  row: PortfolioProperty;
  days: readonly string[];
  labels: readonly string[];
  today: string;
  timeZone: string;
  onAdd: (row: PortfolioProperty, day: string) => void;
  /** Draw the days at once (else when the property comes within a screen or so of the viewport). */
  eager: boolean;
}

/** Whether an element has come near the viewport (once true, it stays true). */
function useNear(eager: boolean) {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(eager);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // A transition: React draws it in slices, the page stays responsive while it scrolls.
        startTransition(() => setNear(true));
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/** One property's days. */
const PropertyDays = memo(function PropertyDays({ row, days, labels, today, timeZone, onAdd, eager }: PropertyDaysProps) {
  const { t, i18n } = useTranslation();
  const { ref, near } = useNear(eager);
  const free = t('portfolioCalendar.phone.free');
  const sameDay = t('portfolioCalendar.cell.sameDay');
  const conflict = t('portfolioCalendar.bar.conflict');
  return (
    <section ref={ref} className="pdl-property" aria-label={t('portfolioCalendar.phone.label', { property: row.name })} data-property={row.id}>
      <div className="pdl-head">
        <h2 className="pdl-name">{row.name}</h2>
        {row.city && <span className="pdl-city">{row.city}</span>}
        {row.readiness && (
          <span className="pdl-ready" data-readiness={row.readiness}>
            {t(`portfolioCalendar.readiness.${row.readiness}`)}
          </span>
        )}
      </div>
      {!near && <div className="pdl-later" aria-hidden style={{ '--pdl-days': days.length } as CSSProperties} />}
      {near && (
        <ul className="pdl-days">
          {days.map((day, index) => {
            const { night, leaving } = staysOn(row, day);
            const tasks = row.tasks.filter((task) => task.day === day);
            const label = labels[index];
            return (
              <li key={day} className="pdl-day" data-day={day} data-free={!night.length || undefined} data-today={day === today || undefined}>
                <span className="pdl-date">{label}</span>
                <div className="pdl-what">
                  {leaving
                    .filter((stay) => stay.kind === 'guest')
                    .map((stay) => {
                      // The legend's walking mark, as on the desktop's bar, once the guests said they left.
                      const left = leftWords(t, stay, { language: i18n.resolvedLanguage ?? 'en', timeZone });
                      return (
                        <p key={`out-${stay.id}`} className="pdl-leaves" data-left={left ? true : undefined}>
                          {left && <DirectionsWalkRoundedIcon aria-hidden fontSize="inherit" />}
                          {left ?? t('portfolioCalendar.phone.leaves', { guest: stay.guestName })}
                        </p>
                      );
                    })}
                  {row.sameDayTurnovers.includes(day) && (
                    <p className="pdl-same">
                      <SwapHorizRoundedIcon aria-hidden fontSize="inherit" />
                      {sameDay}
                    </p>
                  )}
                  {night.map((stay) => (
                    <div key={stay.id} className="pdl-stay" data-testid="portfolio-phone-stay" data-kind={stay.kind} data-conflict={stay.conflict || undefined}>
                      {stayLine(t, stay, day)}
                      {stay.conflict ? ` · ${conflict}` : ''}
                    </div>
                  ))}
                  {tasks.map((task) => (
                    <div key={task.id} className="pdl-task">
                      <TaskMark task={task} tabIndex={0} />
                    </div>
                  ))}
                  {!night.length && (
                    <button type="button" className="pdl-add" onClick={() => onAdd(row, day)} aria-label={t('portfolioCalendar.phone.add', { day: `${row.name}, ${label}` })}>
                      {free} +
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
});
