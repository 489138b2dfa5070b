import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowForwardRoundedIcon from '#icons/ArrowForwardRounded';
import CreditCardOffOutlinedIcon from '#icons/CreditCardOffOutlined';
import EventAvailableOutlinedIcon from '#icons/EventAvailableOutlined';
import UndoRoundedIcon from '#icons/UndoRounded';
import type { SvgIconComponent } from '#icons/types';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PLAN_DEFINITIONS, TRIAL_DAYS } from '#shared/plans';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { storeSelectedPlan } from '../lib/browser-storage';
import { formatMonthlyPrice, type SignUpPlan } from '../lib/plan-offer';

export interface CreateAccountCardProps {
  plan: SignUpPlan;
}

function Benefit({ icon: Icon, text }: { icon: SvgIconComponent; text: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'body2', fontWeight: 500 }}>
      <Icon sx={{ fontSize: 20, color: 'secondary.main' }} aria-hidden />
      {text}
    </Box>
  );
}

/**
 * Stores the chosen plan in sessionStorage (`selectedPlan`) and opens the e-mail registration: with
 * public sign-up off in Cognito (issue 20), accounts are created by the app (AdminCreateUser), so the
 * hosted sign-in page has no "sign up" of its own. The trial starts on every plan; paying for the
 * chosen one happens on the pricing screen (checkout).
 */
export function CreateAccountCard({ plan }: CreateAccountCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [redirecting, setRedirecting] = useState(false);
  const navigate = useNavigate();
  const price = PLAN_DEFINITIONS[plan].monthlyPriceUsd;

  const start = () => {
    storeSelectedPlan(plan);
    setRedirecting(true);
    navigate(`${paths.auth}?mode=register`);
  };

  return (
    <Card
      sx={{
        boxShadow: '0 12px 40px rgba(16, 24, 40, 0.10)',
        background: (theme) => `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.06)} 0%, ${theme.palette.background.paper} 60%)`,
      }}
    >
      <CardContent
        sx={{
          p: { xs: 3, sm: 4 },
          '&:last-child': { pb: { xs: 3, sm: 4 } },
          display: 'grid',
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr' },
          alignItems: 'center',
        }}
      >
        <Box>
          <Typography variant="h5" component="h2">
            {t('auth.register.account.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.75, mb: 2.5 }}>
            {t('auth.register.account.subtitle')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1.25 }}>
            <Benefit icon={EventAvailableOutlinedIcon} text={t('auth.register.account.trialDays', { days: TRIAL_DAYS })} />
            <Benefit icon={CreditCardOffOutlinedIcon} text={t('auth.register.account.noCard')} />
            <Benefit icon={UndoRoundedIcon} text={t('auth.register.account.cancelAnytime')} />
          </Box>
        </Box>

        <Box>
          <Box
            sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1.5, px: 2, py: 1.5, borderRadius: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
          >
            <Box>
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                {t('auth.register.account.selectedPlan')}
              </Typography>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="selected-plan">
                {t(`common.plans.${plan}`)}
              </Typography>
            </Box>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {price === null ? t('auth.register.custom') : `${formatMonthlyPrice(price, language)}${t('auth.register.perMonth')}`}
            </Typography>
          </Box>
          <Button
            variant="contained"
            size="large"
            fullWidth
            onClick={start}
            disabled={redirecting}
            endIcon={redirecting ? <CircularProgress size={18} color="inherit" /> : <ArrowForwardRoundedIcon />}
          >
            {redirecting ? t('auth.register.account.redirecting') : t('auth.register.account.submit')}
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2, textAlign: 'center' }}>
            {t('auth.register.account.haveAccount')}{' '}
            <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
              {t('auth.register.account.login')}
            </Link>
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
