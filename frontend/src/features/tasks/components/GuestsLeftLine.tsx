// One line on a turnover's card (the dispatch board, My day): "Guests left 09:12", when the stay's
// guests pressed "We have left" on their private link (issue 40 point 4). Nothing when they did not.
import Typography from '@mui/material/Typography';
import DirectionsWalkRoundedIcon from '#icons/DirectionsWalkRounded';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../lib/zoned-format';

export function GuestsLeftLine({ guestLeftAt, timeZone, size = 'caption' }: { guestLeftAt: string | null | undefined; timeZone: string; size?: 'caption' | 'body2' }) {
  const { t, i18n } = useTranslation();
  if (!guestLeftAt) return null;
  const time = formatInstant(guestLeftAt, i18n.resolvedLanguage ?? 'en', 'time', timeZone);
  return (
    <Typography variant={size} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.dark', fontWeight: 600 }} data-testid="guests-left">
      <DirectionsWalkRoundedIcon sx={{ fontSize: size === 'caption' ? 14 : 18 }} aria-hidden />
      {t('tasks.guestsLeft', { time })}
    </Typography>
  );
}
