import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckCircleRoundedIcon from '#icons/CheckCircleRounded';
import CheckRoundedIcon from '#icons/CheckRounded';
import RadioButtonUncheckedRoundedIcon from '#icons/RadioButtonUncheckedRounded';
import StarRoundedIcon from '#icons/StarRounded';
import { useTranslation } from 'react-i18next';
import { PLAN_DEFINITIONS, TRIAL_DAYS } from '#shared/plans';
import { useLanguage } from '../../../lib/use-language';
import { formatMonthlyPrice, planFeatures, type SignUpPlan } from '../lib/plan-offer';

export interface PlanCardProps {
  plan: SignUpPlan;
  selected: boolean;
  onSelect: (plan: SignUpPlan) => void;
}

/** One selectable plan: name, price (USD, from shared/plans), limits and features. */
export function PlanCard({ plan, selected, onSelect }: PlanCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { monthlyPriceUsd, popular } = PLAN_DEFINITIONS[plan];

  return (
    <Card
      data-plan={plan}
      sx={{
        height: '100%',
        position: 'relative',
        overflow: 'visible',
        borderWidth: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        boxShadow: selected ? (theme) => `0 12px 32px ${alpha(theme.palette.primary.main, 0.18)}` : undefined,
        transition: 'border-color 150ms, box-shadow 150ms',
      }}
    >
      {popular && (
        <Chip
          icon={<StarRoundedIcon />}
          label={t('auth.register.mostPopular')}
          color="primary"
          size="small"
          sx={{ position: 'absolute', top: 0, left: '50%', transform: 'translate(-50%, -50%)', zIndex: 1, px: 0.5 }}
        />
      )}
      <CardActionArea
        role="radio"
        aria-checked={selected}
        onClick={() => onSelect(plan)}
        sx={{ height: '100%', borderRadius: 'inherit', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <Box sx={{ p: 3, pt: 3.5, display: 'flex', flexDirection: 'column', gap: 2, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
            <Box>
              <Typography variant="h5" component="h2">
                {t(`common.plans.${plan}`)}
              </Typography>
              {/* Two lines reserved on wide screens, so prices line up across the cards. */}
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, minHeight: { md: '2.9em' } }}>
                {t(`auth.register.plans.${plan}`)}
              </Typography>
            </Box>
            {selected ? (
              <CheckCircleRoundedIcon color="primary" aria-label={t('auth.register.selected')} />
            ) : (
              <RadioButtonUncheckedRoundedIcon sx={{ color: 'grey.300' }} aria-hidden />
            )}
          </Box>

          <Box>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, minHeight: 54 }}>
              <Typography component="span" sx={{ fontSize: monthlyPriceUsd === null ? '1.75rem' : '2.25rem', fontWeight: 700, lineHeight: 1.2, letterSpacing: '-0.02em' }}>
                {monthlyPriceUsd === null ? t('auth.register.custom') : formatMonthlyPrice(monthlyPriceUsd, language)}
              </Typography>
              {monthlyPriceUsd !== null && (
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('auth.register.perMonth')}
                </Typography>
              )}
            </Box>
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
              {monthlyPriceUsd === null ? t('auth.register.customNote') : t('auth.register.afterTrial', { days: TRIAL_DAYS })}
            </Typography>
          </Box>

          <Divider />

          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {planFeatures(plan).map(({ key, params }) => (
              <Box component="li" key={key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', typography: 'body2' }}>
                <CheckRoundedIcon sx={{ fontSize: 18, mt: '1px', color: 'success.main' }} aria-hidden />
                <span>{t(`auth.register.features.${key}`, params)}</span>
              </Box>
            ))}
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}
