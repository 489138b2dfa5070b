import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import ArrowBackRoundedIcon from '#icons/ArrowBackRounded';
import CalendarMonthOutlinedIcon from '#icons/CalendarMonthOutlined';
import EditOutlinedIcon from '#icons/EditOutlined';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '#shared/schemas';
import { PageHeader } from '../../../components/ui/PageHeader';
// The calendar is the reservations feature's screen; the property page puts it in its first section.
import { PropertyCalendar, currentMonth } from '../../reservations/components/PropertyCalendar';
import { monthOfDay } from '../../reservations/utils/calendar';
import { unstable_serialize } from 'swr';
import { isManagerRole } from '#shared/enums';
import { swrFetcher } from '../../../lib/api-client';
import type { FirstReads } from '../../../lib/first-reads';
import { idInPath } from '../../../lib/first-read-helpers';
import { calendarKey, checklistTemplateKey, companySettingsKey, feedsKey, flaggedKey } from '../../reservations/api/keys';
import { cursorFirstReads } from '../api/cursor-pages';
import { propertyKey, useProperty } from '../api/get-property';
import { PROPERTY_RESERVATIONS_PAGE_SIZE, propertyReservationsListPath } from '../api/get-property-reservations';
import { PROPERTY_TASKS_PAGE_SIZE, propertyTasksListPath } from '../api/get-property-tasks';
import { PropertyNotFound } from '../components/PropertyNotFound';
import { SectionCard } from '../components/SectionCard';
import { ReadinessChip } from '../components/ReadinessChip';
import { useCanManageProperties } from '../hooks/use-can-manage-properties';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';
import { useDeferredModule } from '../../../lib/use-deferred-module';
import { SectionLoadError } from '../../../components/errors/SectionLoadError';

// The property and stay forms load when their dialog first opens; the sections below the calendar
// (and their forms) after the first screen.
const loadSections = () => import('../components/PropertySections');
const PropertyFormDialog = retryableLazy(() => import('../components/PropertyFormDialog'), (module) => module.PropertyFormDialog);
const ReservationDialog = retryableLazy(() => import('../../reservations/components/ReservationDialog'), (module) => module.ReservationDialog);

/** The reservation dialog: adding one, or on a reservation (edit and cancel; read-only for staff). */
interface ReservationDialogState {
  open: boolean;
  /** Kept while the dialog closes, so its title does not change during the fade. */
  reservation?: Reservation;
}

/** The month the calendar opens on: `?month=YYYY-MM` (the dashboard's double bookings link one), else this one. */
function openingMonth(linked: string | null): string {
  return linked && /^\d{4}-(0[1-9]|1[0-2])$/.test(linked) ? linked : currentMonth();
}

/**
 * What the property's first render shows (app/boot.ts loads it before React draws): the property,
 * its calendar month and flagged stays, its reservations and tasks (first pages), the company's
 * turnover switch, the default checklist, and for the CEO and managers the iCal feeds. (The feeds'
 * double bookings and stays read apart from the calendar depend on those answers.)
 */
export const firstReads: FirstReads = ({ pathname, search }, user) => {
  const id = idInPath(pathname);
  if (!id) return [];
  return [
    { key: unstable_serialize(propertyKey(id)), load: () => swrFetcher(propertyKey(id)) },
    calendarKey(id, openingMonth(new URLSearchParams(search).get('month'))),
    flaggedKey(id),
    ...cursorFirstReads(propertyReservationsListPath(id), PROPERTY_RESERVATIONS_PAGE_SIZE),
    ...(user.companyId ? [companySettingsKey(user.companyId)] : []),
    checklistTemplateKey(id),
    ...cursorFirstReads(propertyTasksListPath(id), PROPERTY_TASKS_PAGE_SIZE),
    ...(isManagerRole(user.role) ? [feedsKey(id)] : []),
  ];
};

/**
 * `/properties/:id`: details and edit, the month calendar (stays, owner blocks, tasks), the tasks
 * and reservations, and for the operation: the iCal feeds (CEO and managers), the default checklist
 * of turnover cleanings and the company's automatic-turnover switch.
 */
export default function PropertyPage() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const { hash } = useLocation();
  const canManage = useCanManageProperties();
  const { module: sections, failed: sectionsFailed, retry: retrySections } = useDeferredModule(loadSections);
  const { property, isLoading, error, notFound } = useProperty(id);
  const [editing, setEditing] = useState(false);
  // A link may open a given month (the dashboard's double bookings: ?month=YYYY-MM).
  const [searchParams] = useSearchParams();
  const linkedMonth = searchParams.get('month');
  const [month, setMonth] = useState(() => openingMonth(linkedMonth));
  const [reservationDialog, setReservationDialog] = useState<ReservationDialogState>({ open: false });
  const openReservation = (reservation: Reservation) => setReservationDialog({ open: true, reservation });

  // `/properties/:id#tasks` (the grid's Tasks button) lands on the tasks section.
  const anchor = hash.slice(1);
  // In the next frame, when the browser lays the page out anyway (in the commit's own effects, the
  // scroll forced that layout inside the first render's task: about 30 ms of it on a desktop); and
  // again in the frames after, for a section drawn later (PropertySections: its module loads after
  // the first screen, and it draws its sections a task apart): for up to ten seconds, a slow phone's
  // link included.
  useEffect(() => {
    if (!property || !anchor) return;
    let frame = 0;
    const deadline = performance.now() + 10_000;
    const scroll = () => {
      const target = document.getElementById(anchor);
      if (target) target.scrollIntoView({ block: 'start' });
      else if (performance.now() < deadline) frame = requestAnimationFrame(scroll);
    };
    frame = requestAnimationFrame(scroll);
    return () => cancelAnimationFrame(frame);
  }, [property, anchor]);

  const back = (
    <Link
      component={RouterLink}
      to="/properties"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5, fontSize: '0.875rem', color: 'text.secondary' }}
    >
      <ArrowBackRoundedIcon sx={{ fontSize: 18 }} />
      {t('properties.detail.back')}
    </Link>
  );

  if (notFound) {
    return (
      <>
        {back}
        <PropertyNotFound />
      </>
    );
  }
  if (isLoading || (!property && !error)) {
    return (
      <Box aria-busy="true" aria-label={t('common.loading')}>
        {back}
        <Skeleton width="40%" height={44} />
        <Skeleton variant="rounded" height={220} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (!property) {
    return (
      <>
        {back}
        <Alert severity="error">{t('properties.detail.loadError')}</Alert>
      </>
    );
  }

  return (
    <>
      {back}
      <PageHeader
        title={property.name}
        subtitle={property.address}
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            {/* Issue 40: the property's readiness, as the server stored it. */}
            <ReadinessChip readiness={property.readiness} />
            {canManage && (
              <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                {t('properties.detail.edit')}
              </Button>
            )}
          </Box>
        }
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        {/* The calendar is the first screen; the sections below it come once their module has
            loaded, each a task after the one before (PropertySections). */}
        <SectionCard id="calendar" title={t('properties.detail.calendarTitle')} icon={<CalendarMonthOutlinedIcon fontSize="small" />}>
          <PropertyCalendar
            propertyId={property.id}
            month={month}
            onMonthChange={setMonth}
            onOpenReservation={openReservation}
            onAddReservation={canManage ? () => setReservationDialog({ open: true }) : undefined}
          />
        </SectionCard>
        {sections && <sections.default property={property} canManage={canManage} onOpenReservation={openReservation} />}
        {/* Their code could not be loaded: the error and "Try again" in their place; the calendar and the dialogs keep working. */}
        {sectionsFailed && <SectionLoadError onRetry={retrySections} />}
      </Box>
      {canManage && (
        <LazyDialog open={editing}>
          <PropertyFormDialog open={editing} onClose={() => setEditing(false)} property={property} />
        </LazyDialog>
      )}
      <LazyDialog open={reservationDialog.open}>
        <ReservationDialog
          open={reservationDialog.open}
          reservation={reservationDialog.reservation}
          propertyId={property.id}
          onClose={() => setReservationDialog((current) => ({ ...current, open: false }))}
          onSaved={(saved) => setMonth(monthOfDay(saved.checkinDay))}
        />
      </LazyDialog>
    </>
  );
}
