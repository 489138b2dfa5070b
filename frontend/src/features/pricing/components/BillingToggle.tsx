import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { BillingCycle } from '#shared/plans';

export interface BillingToggleProps {
  value: BillingCycle;
  onChange: (value: BillingCycle) => void;
}

/** Mensal / Anual, the yearly side badged "2 meses grátis". */
export function BillingToggle({ value, onChange }: BillingToggleProps) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      color="primary"
      value={value}
      onChange={(_event, next: BillingCycle | null) => next && onChange(next)}
      aria-label={t('pricing.billing.label')}
      sx={{ bgcolor: 'background.paper', '& .MuiToggleButton-root': { px: 3, py: 1, gap: 1, textTransform: 'none', fontWeight: 600 } }}
    >
      <ToggleButton value="monthly">{t('pricing.billing.monthly')}</ToggleButton>
      <ToggleButton value="yearly">
        {t('pricing.billing.yearly')}
        <Chip size="small" color="success" label={t('pricing.billing.yearlyBadge')} sx={{ height: 22 }} />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
