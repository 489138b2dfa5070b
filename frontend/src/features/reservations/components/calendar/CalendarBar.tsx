import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import HelpOutlineRoundedIcon from '#icons/HelpOutlineRounded';
import ReportProblemRoundedIcon from '#icons/ReportProblemRounded';
import { useTranslation } from 'react-i18next';
import type { CalendarBlock, ReservationView } from '../../api/types';
import type { Bar, BarTone } from '../../utils/calendar-bars';
import type { Segment } from '../../utils/calendar';
import { formatDay, sourceName } from '../../utils/format';

export const LANE_HEIGHT = 24;

const hatch = (color: string) => `repeating-linear-gradient(135deg, transparent 0 6px, ${color} 6px 8px)`;

/** The colours of a bar (and of its legend swatch). */
export function toneColors(theme: Theme, tone: BarTone) {
  switch (tone) {
    case 'block':
      return { color: theme.palette.grey[700], backgroundColor: theme.palette.grey[200], backgroundImage: hatch(alpha(theme.palette.grey[400], 0.45)) };
    case 'toCheck':
      return {
        color: theme.palette.warning.dark,
        backgroundColor: alpha(theme.palette.warning.main, 0.14),
        backgroundImage: hatch(alpha(theme.palette.warning.main, 0.3)),
        boxShadow: `inset 0 0 0 1px ${theme.palette.warning.main}`,
      };
    case 'cancelled':
      return { color: theme.palette.grey[600], backgroundColor: theme.palette.grey[100], border: `1px dashed ${theme.palette.grey[400]}`, textDecoration: 'line-through' };
    case 'flagged':
      return { color: '#fff', backgroundColor: theme.palette.warning.main };
    case 'doubleBooked':
      return { color: '#fff', backgroundColor: theme.palette.error.main, boxShadow: `inset 0 0 0 2px ${theme.palette.error.dark}` };
    case 'tentative':
      return { color: theme.palette.primary.dark, backgroundColor: alpha(theme.palette.primary.main, 0.12), border: `1px dashed ${theme.palette.primary.main}` };
    default:
      return { color: '#fff', backgroundColor: theme.palette.primary.main };
  }
}

export interface CalendarBarProps {
  segment: Segment<Bar>;
  /** The name and channel of another stay (a double booking's other side). */
  stayName: (id: string) => string;
  onOpenReservation: (reservation: ReservationView) => void;
  onOpenBlock: (block: CalendarBlock, anchor: HTMLElement) => void;
}

/** One week's piece of a stay or a block, from the afternoon of its first day to the morning of its last. */
export function CalendarBar({ segment, stayName, onOpenReservation, onOpenBlock }: CalendarBarProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const bar = segment.item;
  const sx: SxProps<Theme> = (theme) => ({
    gridRow: segment.lane + 2,
    gridColumn: `${segment.startLine} / ${segment.endLine}`,
    zIndex: 1,
    alignSelf: 'center',
    height: LANE_HEIGHT - 4,
    mx: '2px',
    px: { xs: 0.5, sm: 0.75 },
    minWidth: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-start',
    gap: 0.25,
    overflow: 'hidden',
    borderRadius: 1,
    ...(segment.continuesBefore && { borderTopLeftRadius: 0, borderBottomLeftRadius: 0, ml: 0 }),
    ...(segment.continuesAfter && { borderTopRightRadius: 0, borderBottomRightRadius: 0, mr: 0 }),
    fontSize: { xs: '0.6875rem', sm: '0.75rem' },
    fontWeight: 600,
    lineHeight: 1.2,
    whiteSpace: 'nowrap',
    ...toneColors(theme, bar.tone),
  });
  const icon =
    bar.tone === 'doubleBooked' || bar.tone === 'toCheck' ? (
      <ReportProblemRoundedIcon sx={{ fontSize: 13, flexShrink: 0 }} aria-hidden />
    ) : bar.tone === 'tentative' ? (
      <HelpOutlineRoundedIcon sx={{ fontSize: 13, flexShrink: 0 }} aria-hidden />
    ) : null;
  const text = (content: string) => (
    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }} aria-hidden>
      {content}
    </Box>
  );

  if (bar.kind === 'block') {
    const { block } = bar;
    const source = sourceName(t, block.source);
    const state = bar.tone === 'toCheck' ? 'toCheck' : block.ambiguous ? 'notAStay' : 'blocked';
    const label = t(`reservations.calendar.blockLabels.${state}`, { source, summary: block.summary, start: formatDay(block.start, language), end: formatDay(block.end, language) });
    return (
      <ButtonBase
        sx={sx}
        onClick={(event) => onOpenBlock(block, event.currentTarget)}
        aria-label={label}
        aria-haspopup="dialog"
        title={label}
        data-testid="calendar-block"
        data-reservation-id={block.reservationId}
        data-state={state}
      >
        {icon}
        {text(t(`reservations.calendar.blockTexts.${state}`, { source }))}
      </ButtonBase>
    );
  }

  const { reservation } = bar;
  const others = bar.doubleBookedWith.map(stayName).join(', ');
  const status =
    bar.tone === 'doubleBooked'
      ? t('reservations.calendar.doubleBookedWith', { others })
      : t(`reservations.status.${bar.tone === 'flagged' ? (reservation.syncStatus === 'cancelled_in_feed' ? 'cancelledInFeed' : 'missing') : bar.tone}`);
  const label = t('reservations.calendar.reservationLabel', {
    guest: reservation.guestName,
    checkin: formatDay(reservation.checkinDay, language),
    checkout: formatDay(reservation.checkoutDay, language),
    status,
  });
  const shown =
    bar.tone === 'doubleBooked'
      ? t('reservations.calendar.doubleBookedText', { guest: reservation.guestName })
      : bar.tone === 'tentative'
        ? t('reservations.calendar.tentativeText', { guest: reservation.guestName })
        : reservation.guestName;
  return (
    <ButtonBase
      onClick={() => onOpenReservation(reservation)}
      sx={sx}
      aria-label={label}
      title={label}
      data-testid="calendar-reservation"
      data-reservation-id={reservation.id}
      data-state={bar.tone}
    >
      {icon}
      {text(shown)}
    </ButtonBase>
  );
}
