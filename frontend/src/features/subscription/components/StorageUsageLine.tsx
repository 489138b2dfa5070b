import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { UNLIMITED } from '#shared/plans';
import { usagePercentage } from '#shared/rules';
import { formatBytes } from '#shared/subscription';
import { usePlanUsageView } from '../api/get-usage';

/** Stored photos and logos against the plan's storage (issue 22): a line and a thin bar, beside the property usage. */
export function StorageUsageLine() {
  const { t } = useTranslation();
  const { usage } = usePlanUsageView();
  if (!usage) return null;
  const { usedBytes, limitBytes } = usage.storage;
  const unlimited = limitBytes === UNLIMITED;
  const percentage = usagePercentage(usedBytes, limitBytes);
  return (
    <Box sx={{ mt: 1.5 }} data-testid="storage-usage">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {unlimited
          ? t('subscription.usage.storageUnlimited', { used: formatBytes(usedBytes) })
          : t('subscription.usage.storage', { used: formatBytes(usedBytes), limit: formatBytes(limitBytes) })}
      </Typography>
      {!unlimited && (
        <LinearProgress
          variant="determinate"
          value={percentage}
          color={percentage >= 80 ? 'warning' : 'primary'}
          aria-label={t('subscription.usage.storage', { used: formatBytes(usedBytes), limit: formatBytes(limitBytes) })}
          sx={{ height: 4, borderRadius: 2, mt: 0.5 }}
        />
      )}
    </Box>
  );
}
