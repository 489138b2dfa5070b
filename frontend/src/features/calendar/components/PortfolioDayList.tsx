import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SwapHorizRoundedIcon from '@mui/icons-material/SwapHorizRounded';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PortfolioProperty, PortfolioStay } from '#shared/schemas';
import { formatDay, sourceName } from '../../reservations/utils/format';
import { staysOn } from '../utils/describe';
import { BAR_STYLES } from './StayBar';
import { READINESS_COLOURS } from './PortfolioRow';
import { TaskMark } from './TaskMark';
import { RenderInSteps } from '../../../components/ui/RenderInSteps';

export interface PortfolioDayListProps {
  rows: readonly PortfolioProperty[];
  days: readonly string[];
  today: string;
  /** A free night was picked (the night of `day`). */
  onAdd: (row: PortfolioProperty, day: string) => void;
}

function stayLine(t: TFunction, stay: PortfolioStay, day: string): string {
  if (stay.kind === 'block') return t('portfolioCalendar.phone.blocked', { name: stay.guestName });
  if (stay.kind === 'owner') return t('portfolioCalendar.phone.owner', { name: stay.guestName });
  if (stay.checkinDay === day) return t('portfolioCalendar.phone.arrives', { guest: stay.guestName, channel: sourceName(t, stay.channel) });
  return t('portfolioCalendar.phone.staying', { guest: stay.guestName });
}

/**
 * The phone's calendar: for each property, its days one under the other. Drawn a few properties at a
 * time (RenderInSteps): in one commit, a portfolio's day lists blocked a throttled phone for 1.5 s
 * (Lighthouse mobile, 2026-12-06).
 */
export function PortfolioDayList({ rows, days, today, onAdd }: PortfolioDayListProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack spacing={2} data-testid="portfolio-day-list">
      <RenderInSteps first={2} step={2}>
        {rows.map((row) => (
          <Paper key={row.id} variant="outlined" component="section" aria-label={t('portfolioCalendar.phone.label', { property: row.name })} data-property={row.id}>
            <Box sx={{ px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {row.name}
              </Typography>
              {row.city && <Typography variant="caption" sx={{ color: 'text.secondary' }}>{row.city}</Typography>}
              {row.readiness && <Chip size="small" variant="outlined" color={READINESS_COLOURS[row.readiness]} label={t(`portfolioCalendar.readiness.${row.readiness}`)} />}
            </Box>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {days.map((day) => {
                const { night, leaving } = staysOn(row, day);
                const tasks = row.tasks.filter((task) => task.day === day);
                const label = formatDay(day, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' });
                return (
                  <Box component="li" key={day} data-day={day} data-free={!night.length || undefined} sx={{ display: 'flex', gap: 1, px: 1.5, py: 0.75, borderTop: 1, borderColor: 'divider', bgcolor: day === today ? 'rgba(25, 118, 210, 0.06)' : undefined }}>
                    <Typography variant="body2" sx={{ width: 84, flexShrink: 0, fontWeight: day === today ? 700 : 500, textTransform: 'capitalize' }}>
                      {label}
                    </Typography>
                    <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
                      {leaving.filter((stay) => stay.kind === 'guest').map((stay) => (
                        <Typography key={`out-${stay.id}`} variant="body2" sx={{ color: 'text.secondary' }}>
                          {t('portfolioCalendar.phone.leaves', { guest: stay.guestName })}
                        </Typography>
                      ))}
                      {row.sameDayTurnovers.includes(day) && (
                        <Typography variant="caption" sx={{ color: 'warning.dark', display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}>
                          <SwapHorizRoundedIcon aria-hidden sx={{ fontSize: 16 }} />
                          {t('portfolioCalendar.cell.sameDay')}
                        </Typography>
                      )}
                      {night.map((stay) => (
                        <Box key={stay.id} data-testid="portfolio-phone-stay" sx={{ px: 1, borderRadius: 1, fontSize: 13, fontWeight: 600, ...(stay.conflict ? BAR_STYLES.conflict : BAR_STYLES[stay.kind]) }}>
                          {stayLine(t, stay, day)}
                          {stay.conflict ? ` · ${t('portfolioCalendar.bar.conflict')}` : ''}
                        </Box>
                      ))}
                      {tasks.map((task) => (
                        <Box key={task.id} sx={{ maxWidth: 220 }}>
                          <TaskMark task={task} tabIndex={0} />
                        </Box>
                      ))}
                      {!night.length && (
                        <Button size="small" variant="text" sx={{ alignSelf: 'flex-start', p: 0, minWidth: 0 }} onClick={() => onAdd(row, day)} aria-label={t('portfolioCalendar.phone.add', { day: `${row.name}, ${label}` })}>
                          {t('portfolioCalendar.phone.free')} +
                        </Button>
                      )}
                    </Stack>
                  </Box>
                );
              })}
            </Box>
          </Paper>
        ))}
      </RenderInSteps>
    </Stack>
  );
}
