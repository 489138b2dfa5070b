import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

export interface PlanUpsellProps {
  /** What the company's plan lacks, in the reader's language (the server's refusal, or the screen's own text). */
  message: string;
}

/** The plan does not include this part of the page: say which plan does, and lead to the Plans page. */
export function PlanUpsell({ message }: PlanUpsellProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      data-testid="plan-upsell"
      action={
        <Button component={RouterLink} to={paths.pricing} color="inherit" size="small" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {t('integrations.plan.seePlans')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
