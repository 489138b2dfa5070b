import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import CardGiftcardRoundedIcon from '#icons/CardGiftcardRounded';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '#shared/plans';
import { PublicLayout } from '../../../components/layout/PublicLayout';
import { CreateAccountCard } from '../components/CreateAccountCard';
import { LandingFooter } from '../components/LandingFooter';
import { PlanCard } from '../components/PlanCard';
import { DEFAULT_SIGN_UP_PLAN, SIGN_UP_PLANS, type SignUpPlan } from '../lib/plan-offer';

/**
 * /register — pricing / sign-up screen (SPEC "Pricing / sign-up screen"). Prices are the USD ones
 * of shared/plans, the same the in-app pricing screen shows (SPEC point 9 gives two readings).
 * A signed-in visitor never gets here: the router sends them to /.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [plan, setPlan] = useState<SignUpPlan>(DEFAULT_SIGN_UP_PLAN);

  return (
    <PublicLayout maxWidth="lg" footer={<LandingFooter />}>
      <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 4, md: 6 } }}>
        <Chip
          icon={<CardGiftcardRoundedIcon />}
          label={t('auth.register.badge', { days: TRIAL_DAYS })}
          color="secondary"
          variant="outlined"
          size="small"
          sx={{ mb: 2, bgcolor: 'background.paper', px: 0.5 }}
        />
        <Typography variant="h2" component="h1" sx={{ mb: 1.5, fontSize: { xs: '1.875rem', md: '2.25rem' } }}>
          {t('auth.register.title')}
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary', fontSize: { md: '1.0625rem' } }}>
          {t('auth.register.subtitle', { days: TRIAL_DAYS })}
        </Typography>
      </Box>

      <Grid container spacing={{ xs: 3, md: 3 }} role="radiogroup" aria-label={t('auth.register.plansLabel')} sx={{ mb: { xs: 4, md: 5 }, pt: 1.5 }}>
        {SIGN_UP_PLANS.map((id) => (
          <Grid key={id} size={{ xs: 12, md: 4 }} sx={{ pt: { xs: id === 'professional' ? 1.5 : 0, md: 0 } }}>
            <PlanCard plan={id} selected={plan === id} onSelect={setPlan} />
          </Grid>
        ))}
      </Grid>

      <CreateAccountCard plan={plan} />
    </PublicLayout>
  );
}
