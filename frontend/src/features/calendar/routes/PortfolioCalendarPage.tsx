import { Suspense, lazy, useCallback, useDeferredValue, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isManagerRole } from '#shared/enums';
import { addDays } from '#shared/days';
import type { PortfolioProperty } from '#shared/schemas';
import { LazyDialog } from '../../../components/ui/LazyDialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { RenderInSteps } from '../../../components/ui/RenderInSteps';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import type { FirstReads } from '../../../lib/first-reads';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { zoneName } from '../../../lib/zone-name';
import { formatDay } from '../../reservations/utils/format';
import { PROPERTY_GROUPS_KEY, usePropertyGroups } from '../api/groups';
import { PENDING_OWNER_STAYS_KEY, usePendingOwnerStays } from '../api/owner-stays';
import { portfolioFirstReads, usePortfolio } from '../api/portfolio';
import type { AddTarget } from '../components/AddNightsDialog';
import { CalendarLegend } from '../components/CalendarLegend';
import { CalendarFilters, CalendarNavigation } from '../components/CalendarToolbar';
import { PortfolioDayList } from '../components/PortfolioDayList';
import { PortfolioGrid } from '../components/PortfolioGrid';
import { choiceDays, type NightChoice } from '../hooks/use-night-selection';
import { calendarChoice, choiceSearch, choicesOf, filterRows, stepOf, windowDays, type CalendarChoice } from '../utils/window';

// What free nights become (a booking's form, a block's form, their schemas): loaded when first opened.
const AddNightsDialog = retryableLazy(() => import('../components/AddNightsDialog'), (module) => module.AddNightsDialog);
// The owners' pending stay requests (its form and schemas): loaded only while one waits (the screen
// reads them first); a panel whose code cannot be loaded is left out.
const OwnerStayRequestsPanel = lazy(() =>
  import('../components/OwnerStayRequestsPanel').then(
    (module) => ({ default: module.OwnerStayRequestsPanel }),
    () => ({ default: () => null }),
  ),
);

/**
 * What the first render shows, read before the screen draws (CEO and managers): the first page of the
 * window the address asks for, the group filter's groups and the owners' waiting stay requests (read
 * after the first render, each answer re-rendered the whole screen on a phone).
 */
export const firstReads: FirstReads = ({ search }, user) =>
  isManagerRole(user.role) ? [...portfolioFirstReads(calendarChoice(new URLSearchParams(search))), PROPERTY_GROUPS_KEY, PENDING_OWNER_STAYS_KEY] : [];

/**
 * The portfolio calendar (/calendar, CEO and managers; issue 40 point 1): a row per property and a
 * column per night (14 days by default; 30, 60 or 90 to choose), stays as bars, blocks and owner
 * stays apart, turnovers on their day, double bookings and same-day turnovers marked. The address
 * keeps the window and the filters (`?from=YYYY-MM-DD&days=&city=&owner=&q=`). Free nights chosen
 * by dragging (or the keyboard) become a direct booking, a block or an owner stay. A phone lists the
 * days per property.
 */
export default function PortfolioCalendarPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // One choice per address (a new object each render made every row list, and every day list, anew).
  const choice = useMemo(() => calendarChoice(params), [params]);
  const { window, properties, error, isLoading, isLoadingMore, refresh } = usePortfolio({ from: choice.from, days: choice.days });
  const [target, setTarget] = useState<AddTarget | null>(null);

  const update = useCallback((changes: Partial<CalendarChoice>, replace = false) => setParams(choiceSearch({ ...choice, ...changes }), { replace }), [choice, setParams]);
  const days = useMemo(() => (window ? windowDays(window.from, window.days) : []), [window]);
  const groups = usePropertyGroups();
  const pending = usePendingOwnerStays();
  const chosenGroup = groups.find((group) => group.id === choice.group);
  const rows = useMemo(() => filterRows(properties, choice, chosenGroup && new Set(chosenGroup.propertyIds)), [properties, choice, chosenGroup]);
  // The grid or day list drawn a moment after the rest, in a render React can pause (the answer
  // arrives as an urgent update, and with the list in it was one long task on a phone).
  const shownRows = useDeferredValue(rows);
  const cities = useMemo(() => choicesOf(properties, (row) => row.city), [properties]);
  const owners = useMemo(() => choicesOf(properties, (row) => row.ownerName), [properties]);

  const chooseNights = useCallback(
    (row: PortfolioProperty, nights: NightChoice) => window && setTarget({ propertyId: row.id, propertyName: row.name, ...choiceDays(window.from, nights) }),
    [window],
  );
  const addOn = useCallback((row: PortfolioProperty, day: string) => setTarget({ propertyId: row.id, propertyName: row.name, checkinDay: day, checkoutDay: addDays(day, 1) }), []);
  const openTask = useCallback((taskId: string) => navigate(`${paths.tasks}/${encodeURIComponent(taskId)}`), [navigate]);

  const subtitle = window
    ? t('portfolioCalendar.window', { from: formatDay(window.from, i18n.language), to: formatDay(addDays(window.to, -1), i18n.language), zone: zoneName(t, window.timeZone) })
    : t('portfolioCalendar.subtitle');

  // Drawn a part a task (RenderInSteps): the header first (the phone's largest text, Lighthouse's
  // LCP), then the filters, the list and the legend, top to bottom so nothing drawn moves. In one
  // commit (MUI's fields and the list's styles inserted together) it was the phone's longest task.
  return (
    <>
      <RenderInSteps first={1} step={1}>
        {[
          <PageHeader
            key="header"
            title={t('portfolioCalendar.title')}
            subtitle={<span data-testid="portfolio-window" data-from={window?.from}>{subtitle}</span>}
            actions={
              <CalendarNavigation
                days={choice.days}
                disabled={!window}
                onPrevious={() => window && update({ from: addDays(window.from, -stepOf(window.days)) })}
                onToday={() => update({ from: undefined })}
                onNext={() => window && update({ from: addDays(window.from, stepOf(window.days)) })}
                onDays={(count) => update({ days: count, ...(window ? { from: window.from } : {}) })}
              />
            }
          />,
          <div key="filters">
            {(pending.items.length > 0 || pending.error) && (
              <Suspense fallback={null}>
                <OwnerStayRequestsPanel onAccepted={refresh} />
              </Suspense>
            )}
            <CalendarFilters groups={groups} group={choice.group} cities={cities} owners={owners} city={choice.city} owner={choice.owner} q={choice.q} onChange={(changes) => update(changes, true)} />
          </div>,
          <div key="body">
            {error && !window && <Alert severity="error">{errorMessage(error, t('portfolioCalendar.loadError'))}</Alert>}
            {isLoading && (
              <Stack spacing={1} role="status" aria-busy aria-label={t('portfolioCalendar.loading')}>
                <Skeleton variant="rounded" height={64} />
                <Skeleton variant="rounded" height={64} />
                <Skeleton variant="rounded" height={64} />
              </Stack>
            )}
            {window && isLoadingMore && <LinearProgress aria-label={t('portfolioCalendar.loadingMore')} sx={{ mb: 1 }} />}
            {window && !properties.length && !isLoadingMore && <Alert severity="info">{t('portfolioCalendar.empty')}</Alert>}
            {window && properties.length > 0 && !rows.length && <Alert severity="info">{t('portfolioCalendar.noMatch')}</Alert>}
            {window && rows.length > 0 && !phone && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }} id="portfolio-hint">
                {t('portfolioCalendar.hint')}
              </Typography>
            )}
            {window && rows.length > 0 && (phone ? <PortfolioDayList rows={shownRows} days={days} today={window.today} timeZone={window.timeZone} onAdd={addOn} /> : <PortfolioGrid rows={shownRows} days={days} today={window.today} q={choice.q} timeZone={window.timeZone} onChoose={chooseNights} onOpenTask={openTask} />)}
          </div>,
          <div key="legend">{window && rows.length > 0 && <CalendarLegend />}</div>,
        ]}
      </RenderInSteps>
      <LazyDialog open={target !== null}>
        <AddNightsDialog target={target} onClose={() => setTarget(null)} onSaved={refresh} />
      </LazyDialog>
    </>
  );
}
