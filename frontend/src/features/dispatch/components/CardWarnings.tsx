import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import WarningAmberRoundedIcon from '#icons/WarningAmberRounded';
import { useTranslation } from 'react-i18next';
import type { DispatchWarning } from '#shared/dispatch';
import { formatInstant } from '../../../lib/zoned-format';

export interface CardWarningsProps {
  warnings: DispatchWarning[];
  timeZone: string;
  /** The title of another task on the board (overlaps name it). */
  titleOf: (taskId: string) => string | undefined;
}

/** A card's warnings, each in words (not only a colour). */
export function CardWarnings({ warnings, timeZone, titleOf }: CardWarningsProps) {
  const { t, i18n } = useTranslation();
  if (!warnings.length) return null;
  const text = (warning: DispatchWarning) => {
    if (warning.kind === 'overlap') return t('dispatch.warning.overlap', { title: titleOf(warning.withTaskId) ?? t('dispatch.warning.anotherTask') });
    if (warning.kind === 'checkin') return t('dispatch.warning.checkin', { time: formatInstant(warning.checkinAt, i18n.language, 'time', timeZone) });
    return t('dispatch.warning.offShift', { shifts: warning.shifts.map((shift) => t(`dispatch.shift.${shift}`)).join(', ') });
  };
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }} data-testid="card-warnings">
      {warnings.map((warning, i) => (
        <Box component="li" key={`${warning.kind}-${i}`} sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', color: 'warning.dark' }} data-warning={warning.kind}>
          <WarningAmberRoundedIcon sx={{ fontSize: 14, mt: '2px' }} aria-hidden />
          <Typography variant="caption" sx={{ lineHeight: 1.3 }}>
            {text(warning)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
