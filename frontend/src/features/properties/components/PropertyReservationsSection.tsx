import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '#shared/schemas';
import { usePropertyReservations } from '../api/get-property-reservations';
import { formatDate, formatDateTime, formatTime } from '../utils/format';
import { EmptyState } from './EmptyState';
import { SectionCard } from './SectionCard';

const KNOWN_SOURCES = ['airbnb', 'vrbo', 'booking', 'direct'];

function sourceLabel(t: TFunction, source: string | null | undefined): string {
  if (!source) return t('properties.sources.none');
  const key = source.toLowerCase();
  return KNOWN_SOURCES.includes(key) ? t(`properties.sources.${key}`) : source;
}

export interface PropertyReservationsSectionProps {
  propertyId: string;
}

/** The property's reservations: guest, check-in, check-out, source; a table, or cards on phones. */
export function PropertyReservationsSection({ propertyId }: PropertyReservationsSectionProps) {
  const { t, i18n } = useTranslation();
  const { items, isLoading, error, hasMore, isLoadingMore, loadMore } = usePropertyReservations(propertyId);
  const language = i18n.resolvedLanguage;
  const date = (value: string) => formatDateTime(value, language);
  // In the table: the date, and the time below it, so columns stay narrow.
  const dateCell = (value: string) => (
    <>
      <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {formatDate(value, language)}
      </Box>
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
        {formatTime(value, language)}
      </Box>
    </>
  );

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
        <TableContainer sx={{ display: { xs: 'none', sm: 'block' } }}>
          <Table size="small" data-testid="property-reservations" aria-label={t('properties.detail.reservationsTitle')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ pl: 2.5 }}>{t('properties.detail.guest')}</TableCell>
                <TableCell>{t('properties.detail.checkin')}</TableCell>
                <TableCell>{t('properties.detail.checkout')}</TableCell>
                <TableCell sx={{ pr: 2.5 }}>{t('properties.detail.source')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((reservation: Reservation) => (
                <TableRow key={reservation.id} sx={{ '&:last-child td': { borderBottom: 0 } }}>
                  <TableCell sx={{ pl: 2.5, fontWeight: 500 }}>{reservation.guestName}</TableCell>
                  <TableCell>{dateCell(reservation.checkinDate)}</TableCell>
                  <TableCell>{dateCell(reservation.checkoutDate)}</TableCell>
                  <TableCell sx={{ pr: 2.5 }}>
                    <Chip size="small" variant="outlined" label={sourceLabel(t, reservation.integrationSource)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Box component="ul" sx={{ display: { xs: 'block', sm: 'none' }, listStyle: 'none', m: 0, p: 0 }}>
          {items.map((reservation) => (
            <Box component="li" key={reservation.id} sx={{ px: 2, py: 1.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                <Typography variant="subtitle2" component="p">{reservation.guestName}</Typography>
                <Chip size="small" variant="outlined" label={sourceLabel(t, reservation.integrationSource)} />
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
