import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { errorMessage } from '../../../lib/api-client';
import { CalendarHeader } from '../../reservations/components/calendar/CalendarHeader';
import { monthWeeks } from '../../reservations/utils/calendar';
import { formatMonth, weekStartOf } from '../../reservations/utils/format';
import { useOwnerCalendar } from '../api/owner';
import { MonthGrid, NIGHT_STYLES } from '../components/MonthGrid';
import { PropertyPicker, useChosenProperty } from '../components/PropertyPicker';
import { StayList } from '../components/StayList';
import { isMonth, nightsOf, thisMonth, type NightKind } from '../utils/month';

const KINDS: readonly NightKind[] = ['stay', 'block', 'owner_stay', 'requested'];

/** A property's month: guests' stays, blocks and the owner's own stays told apart (guest names only when the company allows). */
export default function OwnerCalendarPage() {
  const { t, i18n } = useTranslation();
  const chosen = useChosenProperty();
  const [params, setParams] = useSearchParams();
  const current = thisMonth();
  const month = isMonth(params.get('month')) ? params.get('month')! : current;
  const weeks = monthWeeks(month, weekStartOf(i18n.language));
  const from = weeks[0][0];
  // The last day shown (the answer's `to` is inclusive).
  const to = weeks[weeks.length - 1][6];
  const { data, error, isLoading } = useOwnerCalendar(chosen.property?.id, from, to);
  const nights = useMemo(() => nightsOf(data), [data]);
  const monthStays = (data?.stays ?? []).filter((stay) => stay.checkinDate < `${month}-32` && stay.checkoutDate > `${month}-01`);
  const kindLabel = (kind: NightKind) => t(`ownerPortal.calendar.kinds.${kind}`);
  const setMonth = (next: string) =>
    setParams((existing) => {
      const updated = new URLSearchParams(existing);
      updated.set('month', next);
      return updated;
    });
  const today = new Date().toISOString().slice(0, 10);

  return (
    <>
      <PageHeader title={t('ownerPortal.calendar.title')} subtitle={chosen.property?.name} actions={<PropertyPicker chosen={chosen} />} />
      {(chosen.error || error) && <Alert severity="error">{errorMessage(chosen.error ?? error, t('ownerPortal.loadError'))}</Alert>}
      {!chosen.isLoading && !chosen.property && !chosen.error && <Alert severity="info">{t('ownerPortal.overview.noProperties')}</Alert>}
      {chosen.property && (
        <Card>
          <CalendarHeader month={month} title={formatMonth(month, i18n.language)} currentMonth={current} onMonthChange={setMonth} />
          {isLoading && <LinearProgress aria-label={t('common.loading')} />}
          <Box sx={{ px: { xs: 0.5, sm: 2 }, pb: 2 }}>
            <MonthGrid month={month} today={today} nights={nights} kindLabel={kindLabel} />
            <Box component="ul" aria-label={t('ownerPortal.calendar.legend')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              {KINDS.map((kind) => (
                <Box component="li" key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                  <Box aria-hidden sx={{ width: 22, height: 12, borderRadius: 1, ...NIGHT_STYLES[kind] }} />
                  <Typography variant="caption">{kindLabel(kind)}</Typography>
                </Box>
              ))}
            </Box>
            {data && !data.stays.some((stay) => stay.guestName) && data.stays.some((stay) => stay.kind === 'stay') && (
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
                {t('ownerPortal.calendar.namesHidden')}
              </Typography>
            )}
          </Box>
        </Card>
      )}
      {chosen.property && data && (
        <Box component="section" aria-labelledby="owner-month-list" sx={{ mt: 3 }}>
          <Typography id="owner-month-list" variant="h6" component="h2">
            {t('ownerPortal.calendar.inMonth', { month: formatMonth(month, i18n.language) })}
          </Typography>
          <StayList stays={monthStays} kindLabel={kindLabel} />
        </Box>
      )}
    </>
  );
}
