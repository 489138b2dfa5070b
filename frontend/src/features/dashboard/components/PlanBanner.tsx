import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import WorkspacePremiumRoundedIcon from '#icons/WorkspacePremiumRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Plan } from '#shared/enums';
import { PLAN_DEFINITIONS, TRIAL_DAYS } from '#shared/plans';
import { daysRemaining, isExpired } from '#shared/rules';
import { paths } from '../../../config/paths';

/** Days left at or under which an active trial is marked Urgente! (SPEC "Dashboard"). */
export const TRIAL_URGENT_DAYS = 2;

export interface PlanBannerProps {
  plan: Plan;
  /** The company's trial end (GET /api/companies, first item). */
  trialEndsAt: string | null | undefined;
  /** The master account has no plan: no banner. */
  isMaster?: boolean;
  /** Only the CEO chooses the plan (SPEC roles); the rest of the team is told so, not asked to choose. */
  canChoose?: boolean;
  /** "Now", for tests. */
  now?: Date;
}

/** The plans the banner shows for: trial and basic (hidden for professional and enterprise). */
export function showsPlanBanner(plan: Plan, isMaster = false): boolean {
  return !isMaster && (plan === 'trial' || plan === 'basic');
}

/**
 * The plan banner: for a trial, days elapsed out of 7 as a progress bar, the days left (or that the
 * trial has expired) and an Urgente! badge with 2 days or fewer left; for basic, its limits. Both
 * link to /pricing.
 */
export function PlanBanner({ plan, trialEndsAt, isMaster = false, canChoose = true, now = new Date() }: PlanBannerProps) {
  const { t } = useTranslation();
  if (!showsPlanBanner(plan, isMaster)) return null;

  const trial = plan === 'trial';
  const known = trial && Boolean(trialEndsAt);
  const expired = known && isExpired(trialEndsAt, now);
  const remaining = known ? daysRemaining(trialEndsAt, now) : 0;
  const elapsed = expired ? TRIAL_DAYS : Math.min(TRIAL_DAYS, Math.max(0, TRIAL_DAYS - remaining));
  const urgent = known && !expired && remaining <= TRIAL_URGENT_DAYS;
  const tone = expired || urgent ? 'warning' : 'primary';

  const team = canChoose ? '' : 'Team';
  let message: string;
  if (!trial) {
    const { maxProperties, maxUsers } = PLAN_DEFINITIONS.basic;
    message = t(`dashboard.plan.basicText${team}`, { properties: maxProperties, users: maxUsers });
  } else if (!known) message = t(`dashboard.plan.trialText${team}`, { total: TRIAL_DAYS });
  else if (expired) message = t(`dashboard.plan.trialExpired${team}`);
  else message = t(`dashboard.plan.trialDaysLeft${team}`, { count: remaining });
  let action = trial ? t('dashboard.plan.choosePlan') : t('dashboard.plan.upgrade');
  if (!canChoose) action = t('dashboard.plan.seePlans');

  return (
    <Card
      component="section"
      aria-label={t('dashboard.plan.label')}
      sx={(theme) => ({
        mb: 3,
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 2,
        borderColor: alpha(theme.palette[tone].main, 0.35),
        bgcolor: alpha(theme.palette[tone].main, 0.05),
      })}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flex: 1, minWidth: 0 }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 44,
            height: 44,
            flexShrink: 0,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            color: `${tone}.main`,
            bgcolor: alpha(theme.palette[tone].main, 0.12),
          })}
        >
          <WorkspacePremiumRoundedIcon />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {t(trial ? 'dashboard.plan.trialTitle' : 'dashboard.plan.basicTitle')}
            </Typography>
            {urgent && <Chip label={t('dashboard.plan.urgent')} color="error" size="small" />}
            {expired && <Chip label={t('dashboard.plan.expired')} color="warning" size="small" />}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
            {message}
          </Typography>
          {known && (
            <Box sx={{ mt: 1.5, maxWidth: 420 }}>
              <LinearProgress
                variant="determinate"
                value={(elapsed / TRIAL_DAYS) * 100}
                color={tone}
                aria-label={t('dashboard.plan.progress', { elapsed, total: TRIAL_DAYS })}
                sx={{ height: 8, borderRadius: 4 }}
              />
              <Typography variant="caption" sx={{ color: 'text.secondary', mt: 0.5, display: 'block' }}>
                {t('dashboard.plan.progress', { elapsed, total: TRIAL_DAYS })}
              </Typography>
            </Box>
          )}
        </Box>
      </Box>
      <Button component={RouterLink} to={paths.pricing} variant={canChoose ? 'contained' : 'outlined'} color={tone} sx={{ flexShrink: 0 }}>
        {action}
      </Button>
    </Card>
  );
}
