import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckRoundedIcon from '#icons/CheckRounded';
import GroupOutlinedIcon from '#icons/GroupOutlined';
import HomeWorkOutlinedIcon from '#icons/HomeWorkOutlined';
import StorageRoundedIcon from '#icons/StorageRounded';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '#shared/enums';
import { PLAN_DEFINITIONS, PLAN_FEATURES, TRIAL_DAYS, UNLIMITED, type BillingCycle } from '#shared/plans';
import { planPrice, yearlySavingPercent, type PlanButton } from '#shared/rules';
import { formatDollars } from '../../../lib/intl';

export interface PlanCardProps {
  plan: Plan;
  billing: BillingCycle;
  button: PlanButton;
  /** The company is on this plan (highlighted border). */
  current: boolean;
  /** A pending request names this plan. */
  requested: boolean;
  /** Extra reason to disable the button (e.g. only the CEO may change the plan). */
  locked?: boolean;
  onChoose: (plan: Plan) => void;
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <ListItem disableGutters disablePadding sx={{ alignItems: 'flex-start', py: 0.5 }}>
      <ListItemIcon sx={{ minWidth: 28, mt: 0.25, color: 'success.main' }}>{icon}</ListItemIcon>
      <ListItemText primary={children} slotProps={{ primary: { variant: 'body2' } }} sx={{ my: 0 }} />
    </ListItem>
  );
}

/** One plan of the pricing screen: price for the billing cycle, limits, features and its button. */
export function PlanCard({ plan, billing, button, current, requested, locked = false, onChoose }: PlanCardProps) {
  const { t, i18n } = useTranslation();
  const definition = PLAN_DEFINITIONS[plan];
  const price = planPrice(plan, billing);
  const highlighted = definition.popular || current;

  let period: string | null = null;
  if (plan === 'trial') period = t('pricing.price.trialPeriod', { count: TRIAL_DAYS });
  else if (price !== null) period = billing === 'yearly' ? t('pricing.price.perYear') : t('pricing.price.perMonth');

  const limit = (kind: 'properties' | 'users', value: number) =>
    value === UNLIMITED ? t(`pricing.limits.${kind}Unlimited`) : t(`pricing.limits.${kind}`, { count: value });

  return (
    <Card
      component="section"
      aria-labelledby={`plan-${plan}-name`}
      data-testid={`plan-card-${plan}`}
      sx={{
        position: 'relative',
        // The six parts of every card (name, description, price, price note, lists, button) share
        // the rows of the pricing grid, so prices, lists and buttons line up across cards.
        display: 'grid',
        gridTemplateRows: 'subgrid',
        gridRow: 'span 6',
        rowGap: 0,
        p: { xs: 3, lg: 2.5, xl: 3 },
        overflow: 'visible',
        borderWidth: highlighted ? 2 : 1,
        borderColor: current ? 'success.main' : definition.popular ? 'primary.main' : 'divider',
      }}
    >
      {(definition.popular || current || requested) && (
        <Box sx={{ position: 'absolute', top: -13, left: 0, right: 0, display: 'flex', justifyContent: 'center', gap: 1 }}>
          {definition.popular && <Chip size="small" color="primary" label={t('pricing.popular')} />}
          {current && <Chip size="small" color="success" label={t('pricing.yourPlan')} />}
          {requested && <Chip size="small" color="warning" label={t('pricing.requested')} />}
        </Box>
      )}
      <Typography id={`plan-${plan}-name`} variant="h6" component="h2">
        {t(`common.plans.${plan}`)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t(`pricing.descriptions.${plan}`, { days: TRIAL_DAYS })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 0.75, mt: 2 }} data-testid={`plan-price-${plan}`}>
        <Typography
          component="span"
          sx={{
            // Four cards side by side (lg) leave less room: "US$ 790 /ano" must stay on one line.
            fontSize: price === null ? '1.375rem' : { xs: '2.25rem', lg: '1.75rem', xl: '2.25rem' },
            fontWeight: 700,
            lineHeight: price === null ? '2.7rem' : 1.2,
            whiteSpace: 'nowrap',
          }}
        >
          {price === null ? t('pricing.price.custom') : formatDollars(price, i18n.language)}
        </Typography>
        {period && (
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            {period}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" sx={{ color: 'success.main', fontWeight: 600, minHeight: 20, display: 'block' }}>
        {billing === 'yearly' && price
          ? t('pricing.price.yearlyEquivalent', { amount: formatDollars(price / 12, i18n.language, 2), percent: yearlySavingPercent() })
          : plan === 'enterprise'
            ? t('pricing.price.customHint')
            : ''}
      </Typography>
      <Box>
        <Divider sx={{ my: 2 }} />
        <List dense disablePadding>
          <Line icon={<HomeWorkOutlinedIcon fontSize="small" />}>{limit('properties', definition.maxProperties)}</Line>
          <Line icon={<GroupOutlinedIcon fontSize="small" />}>{limit('users', definition.maxUsers)}</Line>
          <Line icon={<StorageRoundedIcon fontSize="small" />}>{t('pricing.limits.storage', { storage: definition.storage })}</Line>
          {PLAN_FEATURES[plan].map((feature) => (
            <Line key={feature} icon={<CheckRoundedIcon fontSize="small" />}>
              {t(`pricing.features.${feature}`, { days: TRIAL_DAYS })}
            </Line>
          ))}
        </List>
      </Box>
      <Box sx={{ mt: 3, alignSelf: 'start' }}>
        <Button
          fullWidth
          size="large"
          variant={button.disabled ? 'outlined' : definition.popular ? 'contained' : 'outlined'}
          disabled={button.disabled || locked}
          onClick={() => onChoose(plan)}
          data-testid={`plan-button-${plan}`}
          aria-describedby={button.label === 'startTrial' ? `plan-${plan}-note` : undefined}
        >
          {t(`pricing.actions.${button.label}`)}
        </Button>
        {/* Why the trial is not offered: a company that has left the trial cannot go back to it. */}
        {button.label === 'startTrial' && (
          <Typography id={`plan-${plan}-note`} variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1, textAlign: 'center' }} data-testid="trial-used-note">
            {t('pricing.trialUsedNote')}
          </Typography>
        )}
      </Box>
    </Card>
  );
}
