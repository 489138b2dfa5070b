import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AllInclusiveRoundedIcon from '#icons/AllInclusiveRounded';
import WorkspacePremiumRoundedIcon from '#icons/WorkspacePremiumRounded';
import { useTranslation } from 'react-i18next';
import type { PlanUsage } from '../hooks/use-plan-usage';
import { StorageUsageLine } from '../../subscription/components/StorageUsageLine';

export interface PlanUsagePanelProps {
  usage: PlanUsage;
}

/** Properties used out of the plan's limit, with a bar (SPEC points 6 and 9). */
export function PlanUsagePanel({ usage }: PlanUsagePanelProps) {
  const { t } = useTranslation();
  const { ready, plan, count, limit, unlimited, isMaster, percentage, limitReached } = usage;
  const rounded = Math.round(percentage);
  const color = limitReached ? 'warning' : percentage >= 80 ? 'warning' : 'primary';

  return (
    <Card component="section" aria-labelledby="plan-usage-title" data-testid="plan-usage" sx={{ mb: 3 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id="plan-usage-title" variant="subtitle2" component="h2" sx={{ color: 'text.secondary' }}>
              {t('properties.usage.title')}
            </Typography>
            {!ready ? (
              <Skeleton width={180} height={32} />
            ) : (
              <Typography variant="h5" component="p" data-testid="plan-usage-count">
                {unlimited || isMaster
                  ? t('properties.usage.countUnlimited', { count })
                  : t('properties.usage.count', { used: count, limit })}
              </Typography>
            )}
          </Box>
          {ready && (
            <Typography
              variant="body2"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                color: isMaster ? 'warning.main' : 'text.secondary',
                fontWeight: isMaster ? 600 : 400,
              }}
            >
              {isMaster ? (
                <>
                  <WorkspacePremiumRoundedIcon fontSize="small" />
                  {t('properties.usage.master')}
                </>
              ) : (
                plan && t('properties.usage.plan', { plan: t(`common.plans.${plan}`) })
              )}
            </Typography>
          )}
        </Box>
        {ready && (
          <Box sx={{ mt: 1.5 }}>
            {isMaster || unlimited ? (
              <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
                <AllInclusiveRoundedIcon fontSize="small" />
                {isMaster ? t('properties.usage.masterDescription') : t('properties.usage.unlimited')}
              </Typography>
            ) : (
              <>
                <LinearProgress
                  variant="determinate"
                  value={percentage}
                  color={color}
                  aria-label={t('properties.usage.title')}
                  aria-valuetext={t('properties.usage.percent', { percent: rounded })}
                  sx={{ height: 8, borderRadius: 4 }}
                />
                <Typography variant="caption" component="p" sx={{ mt: 0.75, color: 'text.secondary' }} data-testid="plan-usage-percent">
                  {t('properties.usage.percent', { percent: rounded })}
                </Typography>
              </>
            )}
          </Box>
        )}
        {ready && <StorageUsageLine />}
      </CardContent>
    </Card>
  );
}
