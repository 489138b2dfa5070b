import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '#icons/EditOutlined';
import EventAvailableOutlinedIcon from '#icons/EventAvailableOutlined';
import VisibilityOutlinedIcon from '#icons/VisibilityOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '#shared/schemas';
// The reservation screens (dialog, status, flagged bookings) are the reservations feature's.
import { FlaggedReservations } from '../../reservations/components/FlaggedReservations';
import { ReservationStatusChip } from '../../reservations/components/ReservationStatusChip';
// Check-in and check-out are the property's local times: shown in the company's zone, as the calendar.
import { useCompanies } from '../../companies/api/get-companies';
import { usePropertyReservations } from '../api/get-property-reservations';
import { formatDate, formatDateTime, formatTime } from '../utils/format';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { EmptyState } from './EmptyState';
import { SectionCard } from './SectionCard';

const KNOWN_SOURCES = ['airbnb', 'vrbo', 'booking', 'direct', 'ical', 'other'];

function sourceLabel(t: TFunction, source: string | null | undefined): string {
  if (!source) return t('properties.sources.none');
  const key = source.toLowerCase();
  return KNOWN_SOURCES.includes(key) ? t(`properties.sources.${key}`) : source;
}

export interface PropertyReservationsSectionProps {
  propertyId: string;
  /** CEO and managers edit and cancel; staff open a read-only view. */
  canManage: boolean;
  onOpenReservation: (reservation: Reservation) => void;
}

/**
 * The property's reservations: guest, check-in, check-out, source, status, and a button opening
 * the reservation (edit and cancel, or read-only for staff); a table, or cards on phones. Bookings
 * that vanished from a calendar feed wait on top for a manager's decision.
 */
export function PropertyReservationsSection({ propertyId, canManage, onOpenReservation }: PropertyReservationsSectionProps) {
  const { t, i18n } = useTranslation();
  const { items, isLoading, error, hasMore, isLoadingMore, loadMore } = usePropertyReservations(propertyId);
  const language = i18n.resolvedLanguage;
  const timeZone = useCompanies().company?.timezone;
  const date = (value: string) => formatDateTime(value, language, timeZone);
  // In the table: the date, and the time below it, so columns stay narrow.
  const dateCell = (value: string) => (
    <>
      <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {formatDate(value, language, timeZone)}
      </Box>
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
        {formatTime(value, language, timeZone)}
      </Box>
    </>
  );

  // A cancelled reservation can no longer change: everyone opens it read-only.
  const openButton = (reservation: Reservation) => {
    const editable = canManage && reservation.status !== 'cancelled';
    return (
      <IconButton
        size="small"
        onClick={() => onOpenReservation(reservation)}
        aria-label={t(editable ? 'properties.detail.editReservation' : 'properties.detail.viewReservation', { guest: reservation.guestName })}
      >
        {editable ? <EditOutlinedIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
      </IconButton>
    );
  };
  const cancelledSx = (reservation: Reservation) => (reservation.status === 'cancelled' ? { color: 'text.secondary', textDecoration: 'line-through' } : {});

  let body;
  if (isLoading) {
    body = (
      <Box sx={{ p: 2 }}>
        {[0, 1].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Box>
    );
  } else if (error) {
    body = <Alert severity="error" sx={{ m: 2 }}>{t('properties.detail.reservationsError')}</Alert>;
  } else if (items.length === 0) {
    body = <EmptyState dense icon={<EventAvailableOutlinedIcon />} title={t('properties.detail.reservationsEmpty')} />;
  } else {
    body = (
      <>
        <TableContainer sx={{ display: { xs: 'none', sm: 'block' }, position: 'relative' }}>
          <Table size="small" data-testid="property-reservations" aria-label={t('properties.detail.reservationsTitle')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ pl: 2.5 }}>{t('properties.detail.guest')}</TableCell>
                <TableCell>{t('properties.detail.checkin')}</TableCell>
                <TableCell>{t('properties.detail.checkout')}</TableCell>
                <TableCell>{t('properties.detail.source')}</TableCell>
                <TableCell>{t('properties.detail.status')}</TableCell>
                <TableCell sx={{ pr: 2.5, width: 48 }}>
                  <Box component="span" sx={visuallyHidden}>
                    {t('properties.detail.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((reservation: Reservation) => (
                <TableRow key={reservation.id} data-reservation-id={reservation.id} sx={{ '&:last-child td': { borderBottom: 0 } }}>
                  <TableCell sx={{ pl: 2.5, fontWeight: 500, ...cancelledSx(reservation) }}>{reservation.guestName}</TableCell>
                  <TableCell>{dateCell(reservation.checkinDate)}</TableCell>
                  <TableCell>{dateCell(reservation.checkoutDate)}</TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={sourceLabel(t, reservation.integrationSource)} />
                  </TableCell>
                  <TableCell>
                    <ReservationStatusChip reservation={reservation} />
                  </TableCell>
                  <TableCell sx={{ pr: 1.5 }}>{openButton(reservation)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Box component="ul" sx={{ display: { xs: 'block', sm: 'none' }, listStyle: 'none', m: 0, p: 0 }}>
          {items.map((reservation) => (
            <Box
              component="li"
              key={reservation.id}
              data-testid="property-reservation-card"
              data-reservation-id={reservation.id}
              sx={{ px: 2, py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
            >
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                <Typography variant="subtitle2" component="p" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', ...cancelledSx(reservation) }}>
                  {reservation.guestName}
                </Typography>
                {openButton(reservation)}
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, my: 0.5 }}>
                <Chip size="small" variant="outlined" label={sourceLabel(t, reservation.integrationSource)} />
                <ReservationStatusChip reservation={reservation} />
              </Box>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {t('properties.detail.checkinAt', { date: date(reservation.checkinDate) })}
              </Typography>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {t('properties.detail.checkoutAt', { date: date(reservation.checkoutDate) })}
              </Typography>
            </Box>
          ))}
        </Box>
      </>
    );
  }

  return (
    <SectionCard
      id="reservations"
      title={t('properties.detail.reservationsTitle')}
      icon={<EventAvailableOutlinedIcon fontSize="small" />}
      aside={!isLoading && !error && <Chip size="small" label={hasMore ? `${items.length}+` : items.length} />}
    >
      <FlaggedReservations propertyId={propertyId} />
      {body}
      {hasMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1.5 }}>
          <Button size="small" onClick={loadMore} disabled={isLoadingMore}>
            {isLoadingMore ? t('common.loading') : t('properties.loadMore')}
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}
