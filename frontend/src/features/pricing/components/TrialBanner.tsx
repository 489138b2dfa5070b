import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '#shared/plans';
import { daysRemaining, isExpired } from '#shared/rules';
import { formatDay } from '../utils/format';

export interface TrialBannerProps {
  trialEndsAt: string | null | undefined;
  timeZone?: string | null;
  now: Date;
}

/** Shown only for companies on trial: days remaining, or "Seu trial expirou!" with an Expirado badge. */
export function TrialBanner({ trialEndsAt, timeZone, now }: TrialBannerProps) {
  const { t, i18n } = useTranslation();
  if (isExpired(trialEndsAt, now)) {
    return (
      <Alert severity="error" variant="outlined" sx={{ bgcolor: 'background.paper', alignItems: 'center' }} data-testid="trial-banner">
        <AlertTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          {t('pricing.trial.expiredTitle')}
          <Chip size="small" color="error" label={t('pricing.trial.expiredBadge')} />
        </AlertTitle>
        {t('pricing.trial.expiredText')}
      </Alert>
    );
  }
  const remaining = daysRemaining(trialEndsAt, now);
  const elapsed = Math.min(TRIAL_DAYS, Math.max(0, TRIAL_DAYS - remaining));
  return (
    <Alert severity="info" variant="outlined" sx={{ bgcolor: 'background.paper', '& .MuiAlert-message': { flex: 1 } }} data-testid="trial-banner">
      <AlertTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        {t('pricing.trial.activeTitle')}
        <Chip size="small" color={remaining <= 2 ? 'warning' : 'primary'} label={t('pricing.trial.daysRemaining', { count: remaining })} />
      </AlertTitle>
      {trialEndsAt && t('pricing.trial.activeText', { date: formatDay(trialEndsAt, i18n.language, timeZone) })}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1.5, maxWidth: 420 }}>
        <LinearProgress
          variant="determinate"
          value={(elapsed / TRIAL_DAYS) * 100}
          sx={{ flex: 1, height: 6, borderRadius: 3 }}
          aria-label={t('pricing.trial.progress', { day: elapsed, total: TRIAL_DAYS })}
        />
        <Box component="span" sx={{ typography: 'caption', color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {t('pricing.trial.progress', { day: elapsed, total: TRIAL_DAYS })}
        </Box>
      </Box>
    </Alert>
  );
}
