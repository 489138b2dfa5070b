import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AllInclusiveRoundedIcon from '#icons/AllInclusiveRounded';
import EventSeatOutlinedIcon from '#icons/EventSeatOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SeatUsage } from '../hooks/use-team-access';
import { TeamCard } from './TeamCard';

export interface SeatUsageCardProps {
  usage: SeatUsage;
  /** Pending invitations among the seats (shown to those who may see them). */
  pending?: number;
  /** Offer the upgrade link at the limit (the CEO). */
  canUpgrade?: boolean;
}

/** The plan's users: "4 of 10 users", a bar, and at the limit what to do about it. */
export function SeatUsageCard({ usage, pending = 0, canUpgrade = false }: SeatUsageCardProps) {
  const { t } = useTranslation();
  const { ready, plan, count, limit, unlimited, isMaster, percentage, limitReached } = usage;
  const rounded = Math.round(percentage);
  const planLabel = isMaster ? t('team.seats.master') : plan ? t('team.seats.plan', { plan: t(`common.plans.${plan}`) }) : '';

  return (
    <TeamCard
      id="team-seats"
      title={t('team.seats.title')}
      icon={<EventSeatOutlinedIcon fontSize="small" />}
      aside={ready && <Typography variant="body2" sx={{ color: isMaster ? 'warning.main' : 'text.secondary', fontWeight: isMaster ? 600 : 400 }}>{planLabel}</Typography>}
    >
      <Box sx={{ px: 2.5, py: 2 }}>
        {!ready ? (
          <Skeleton width={160} height={32} />
        ) : (
          <Typography variant="h5" component="p" data-testid="seat-usage-count">
            {unlimited || isMaster ? t('team.seats.countUnlimited', { count }) : t('team.seats.count', { used: count, limit })}
          </Typography>
        )}
        {ready && !(unlimited || isMaster) && (
          <LinearProgress
            variant="determinate"
            value={percentage}
            color={limitReached || percentage >= 80 ? 'warning' : 'primary'}
            aria-label={t('team.seats.title')}
            aria-valuetext={t('team.seats.percent', { percent: rounded })}
            sx={{ mt: 1.5, height: 8, borderRadius: 4 }}
          />
        )}
        {ready && (unlimited || isMaster) && (
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 1, color: 'text.secondary' }}>
            <AllInclusiveRoundedIcon fontSize="small" />
            {t('team.seats.unlimited')}
          </Typography>
        )}
        {ready && pending > 0 && (
          <Typography variant="caption" component="p" sx={{ mt: 1, color: 'text.secondary' }} data-testid="seat-usage-pending">
            {t('team.seats.pending', { count: pending })}
          </Typography>
        )}
        {limitReached && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="seat-limit-alert">
            {t('team.seats.limitReached', { limit })}{' '}
            {canUpgrade && (
              <Link component={RouterLink} to="/pricing" color="inherit" underline="always" sx={{ fontWeight: 600 }}>
                {t('team.seats.upgrade')}
              </Link>
            )}
          </Alert>
        )}
      </Box>
    </TeamCard>
  );
}
