import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { PropertyReadiness } from '#shared/enums';

// Filled chips carry white text: each colour has 4.5:1 against it (WCAG AA). The theme's secondary
// teal has 3.7:1 and failed Lighthouse's contrast audit on the dashboard: cleaning is the primary blue,
// as on the portfolio calendar (READINESS_COLOURS).
const COLORS: Record<PropertyReadiness, 'default' | 'info' | 'warning' | 'primary' | 'success'> = {
  occupied: 'info',
  needs_cleaning: 'warning',
  cleaning: 'primary',
  needs_inspection: 'warning',
  ready: 'success',
};

/** A property's readiness (issue 40 point 3), as the server stored it: a small chip in the reader's language. */
export function ReadinessChip({ readiness }: { readiness: PropertyReadiness | null | undefined }) {
  const { t } = useTranslation();
  const value = readiness ?? 'ready';
  return (
    <Chip
      size="small"
      variant={value === 'ready' ? 'outlined' : 'filled'}
      color={COLORS[value] ?? 'default'}
      label={t(`properties.readiness.${value}`)}
      title={t('properties.readiness.label')}
      data-testid="readiness-chip"
      data-readiness={value}
    />
  );
}
