import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { BAR_STYLES } from '../../calendar/components/StayBar';
import { formatDay, weekStartOf, weekdayNames } from '../../reservations/utils/format';
import { monthWeeks } from '../../reservations/utils/calendar';
import type { Night, NightKind } from '../utils/month';

/** The colours of the company's calendars: guests blue, blocks grey and striped, owner stays purple; a request dashed. */
export const NIGHT_STYLES: Record<NightKind, object> = {
  stay: BAR_STYLES.guest,
  block: BAR_STYLES.block,
  owner_stay: BAR_STYLES.owner,
  requested: { bgcolor: 'background.paper', color: '#5b2a86', border: '2px dashed #5b2a86' },
};

export interface MonthGridProps {
  month: string;
  today: string;
  nights: Map<string, Night>;
  /** The kind's name (stay, block, owner stay, requested). */
  kindLabel: (kind: NightKind) => string;
}

/** A month, a week a row: each night coloured by what occupies it, its name on the first night (and where a week starts). */
export function MonthGrid({ month, today, nights, kindLabel }: MonthGridProps) {
  const { t, i18n } = useTranslation();
  const weekStart = weekStartOf(i18n.language);
  const names = weekdayNames(i18n.language, weekStart);
  const weeks = monthWeeks(month, weekStart);
  return (
    <Box component="table" aria-label={t('ownerPortal.calendar.gridLabel')} sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
      <thead>
        <tr>
          {names.map((name) => (
            <Box component="th" key={name} scope="col" sx={{ fontSize: 12, fontWeight: 600, color: 'text.secondary', py: 0.75 }}>
              {name}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day, index) => {
              const night = nights.get(day);
              const inMonth = day.startsWith(month);
              const label = night ? `${kindLabel(night.kind)}${night.label ? `: ${night.label}` : ''}` : t('ownerPortal.calendar.free');
              return (
                <Box
                  component="td"
                  key={day}
                  data-testid="owner-night"
                  data-day={day}
                  data-kind={night?.kind ?? 'free'}
                  aria-label={`${formatDay(day, i18n.language, { dateStyle: 'full' })}: ${label}`}
                  sx={{ border: 1, borderColor: 'divider', height: { xs: 56, sm: 76 }, verticalAlign: 'top', p: 0, opacity: inMonth ? 1 : 0.45 }}
                >
                  <Box
                    aria-hidden
                    sx={{ fontSize: 12, fontWeight: day === today ? 700 : 500, px: 0.75, pt: 0.5, color: day === today ? 'primary.main' : 'text.secondary' }}
                  >
                    {Number(day.slice(8))}
                  </Box>
                  {night && (
                    <Box
                      aria-hidden
                      title={label}
                      sx={{
                        // One bar across the nights of a stay: rounded where it starts and ends (or the week does).
                        ml: night.first || index === 0 ? 0.5 : 0,
                        mr: night.last || index === 6 ? 0.5 : 0,
                        mt: 0.5,
                        height: 22,
                        px: 0.5,
                        fontSize: 11,
                        fontWeight: 600,
                        lineHeight: '20px',
                        borderTopLeftRadius: night.first ? 11 : 0,
                        borderBottomLeftRadius: night.first ? 11 : 0,
                        borderTopRightRadius: night.last ? 11 : 0,
                        borderBottomRightRadius: night.last ? 11 : 0,
                        overflow: 'hidden',
                        whiteSpace: 'nowrap',
                        textOverflow: 'ellipsis',
                        ...NIGHT_STYLES[night.kind],
                      }}
                    >
                      {night.first || index === 0 ? (night.label ?? kindLabel(night.kind)) : '\u00a0'}
                    </Box>
                  )}
                </Box>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
