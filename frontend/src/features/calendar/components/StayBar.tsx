import Box from '@mui/material/Box';
import DirectionsWalkRoundedIcon from '#icons/DirectionsWalkRounded';
import WarningAmberRoundedIcon from '#icons/WarningAmberRounded';
import { useTranslation } from 'react-i18next';
import type { PortfolioStay } from '#shared/schemas';
import { sourceName } from '../../reservations/utils/format';
import { closureName } from '../utils/describe';

/** Bar colours: guests filled blue, blocks grey and striped, owner stays purple, double bookings red. */
export const BAR_STYLES = {
  guest: { bgcolor: 'primary.dark', color: 'common.white' },
  block: { color: 'text.primary', bgcolor: 'grey.300', backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 6px, rgba(0,0,0,0.08) 6px 12px)' },
  owner: { bgcolor: '#5b2a86', color: 'common.white' },
  conflict: { bgcolor: 'error.dark', color: 'common.white' },
} as const;

export interface StayBarProps {
  stay: PortfolioStay;
  lines: { start: number; end: number; cutStart: boolean; cutEnd: boolean };
  lane: number;
  /** The guest search matches this stay. */
  highlighted: boolean;
  /** When the guests said they left ("9:12 AM"), once they pressed the button on their link. */
  leftAt?: string;
}

/** One stay, block or owner stay as a bar from the afternoon of its first night to the morning it ends. */
export function StayBar({ stay, lines, lane, highlighted, leftAt }: StayBarProps) {
  const { t } = useTranslation();
  const style = stay.conflict ? BAR_STYLES.conflict : BAR_STYLES[stay.kind];
  const label = stay.kind === 'guest' ? `${stay.guestName} · ${sourceName(t, stay.channel)}` : (closureName(stay) ?? t(`portfolioCalendar.unnamed.${stay.kind}`));
  return (
    <Box
      data-testid="portfolio-bar"
      data-stay={stay.id}
      data-kind={stay.kind}
      data-conflict={stay.conflict || undefined}
      data-left={leftAt ? true : undefined}
      title={[stay.conflict ? `${t('portfolioCalendar.bar.conflict')}: ${label}` : label, leftAt && t('portfolioCalendar.bar.left', { time: leftAt })].filter(Boolean).join(' · ')}
      sx={{
        gridColumn: `${lines.start} / ${lines.end}`,
        gridRow: 1,
        alignSelf: 'start',
        mt: `${4 + lane * 24}px`,
        height: 20,
        px: 0.75,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        fontSize: 12,
        fontWeight: 600,
        lineHeight: '20px',
        borderTopLeftRadius: lines.cutStart ? 0 : 10,
        borderBottomLeftRadius: lines.cutStart ? 0 : 10,
        borderTopRightRadius: lines.cutEnd ? 0 : 10,
        borderBottomRightRadius: lines.cutEnd ? 0 : 10,
        border: stay.tentative ? '2px dashed' : 'none',
        outline: highlighted ? '3px solid' : 'none',
        outlineColor: 'warning.main',
        ...style,
      }}
    >
      {stay.conflict && <WarningAmberRoundedIcon sx={{ fontSize: 14 }} />}
      {leftAt && <DirectionsWalkRoundedIcon data-testid="portfolio-bar-left" sx={{ fontSize: 14 }} />}
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {label}
      </Box>
    </Box>
  );
}
