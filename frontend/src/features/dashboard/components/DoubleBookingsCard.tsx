import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ReportProblemRoundedIcon from '#icons/ReportProblemRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NameLookups } from '../api/get-name-lookups';
import { useDoubleBookings, type DoubleBooking } from '../api/get-double-bookings';
import { formatDateTime } from '../utils/format';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { dateTimeFormat, localeOf } from '../../../lib/intl';

const DAY_MS = 86_400_000;

/** A plain day (YYYY-MM-DD) as the interface writes it, with no zone shift. */
function formatDay(day: string, language: string): string {
  return dateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

const nights = (from: string, to: string) => Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS));

function DoubleBookingItem({ entry, propertyName }: { entry: DoubleBooking; propertyName: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const timeZone = useCompanyTimeZone();
  const stay = (reservation: DoubleBooking['reservation']) =>
    t('dashboard.doubleBookings.stay', {
      guest: reservation.guestName,
      source: reservation.integrationSource ? t(`reservations.sources.${reservation.integrationSource}`, { defaultValue: reservation.integrationSource }) : t('reservations.sources.none'),
    });
  return (
    <Box
      component="li"
      data-testid="double-booking"
      data-property-id={entry.propertyId}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {propertyName}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {[entry.reservation, ...entry.conflictsWith].map(stay).join(t('dashboard.doubleBookings.versus'))}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {t('dashboard.doubleBookings.nights', {
            checkin: formatDay(entry.checkinDay, language),
            checkout: formatDay(entry.checkoutDay, language),
            count: nights(entry.checkinDay, entry.checkoutDay),
          })}
          {` · ${t('dashboard.doubleBookings.since', { date: formatDateTime(entry.since, language, timeZone) ?? '' })}`}
        </Typography>
      </Box>
      {/* `month`: the stay's month, for the property page to open its calendar on (it opens on today's month without it). */}
      <Button
        component={RouterLink}
        to={`/properties/${encodeURIComponent(entry.propertyId)}?month=${entry.checkinDay.slice(0, 7)}#calendar`}
        size="small"
        variant="outlined"
        color="error"
      >
        {t('dashboard.doubleBookings.open')}
      </Button>
    </Box>
  );
}

/**
 * Open double bookings (CEO and managers): the same nights sold twice, each with its property, its
 * nights, both guests and channels and a way to the property, until a manager resolves it (cancels
 * one stay). Nothing at all while there are none.
 */
export function DoubleBookingsCard({ lookups }: { lookups: NameLookups }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { doubleBookings } = useDoubleBookings(true);
  if (!doubleBookings.length) return null;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      data-testid="double-bookings-card"
      sx={(theme) => ({ mb: 2, borderLeft: `4px solid ${theme.palette.error.main}`, bgcolor: alpha(theme.palette.error.main, 0.04) })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, pt: 2, pb: 0.5 }}>
        <ReportProblemRoundedIcon color="error" aria-hidden />
        <Typography id={titleId} variant="h6" component="h2">
          {t('dashboard.doubleBookings.title')}
        </Typography>
        <Chip size="small" color="error" label={doubleBookings.length} aria-label={t('dashboard.doubleBookings.count', { count: doubleBookings.length })} />
      </Box>
      <Typography variant="body2" sx={{ px: 2.5, color: 'text.secondary' }}>
        {t('dashboard.doubleBookings.intro')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 2, pt: 1.5, display: 'grid', gap: 1 }}>
        {doubleBookings.map((entry) => (
          <DoubleBookingItem key={`${entry.reservation.id}-${entry.checkinDay}`} entry={entry} propertyName={lookups.propertyName(entry.propertyId)} />
        ))}
      </Box>
    </Card>
  );
}
