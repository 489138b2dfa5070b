import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Plan } from '#shared/enums';
import type { BillingCycle } from '#shared/plans';
import { planPrice } from '#shared/rules';
import type { PlanRequest } from '#shared/schemas';
import { formatDollars } from '../../../lib/intl';
import { formatDay } from '../utils/format';

export interface PlanRequestDialogProps {
  plan: Plan | null;
  billing: BillingCycle;
  /** When the change would take effect (the next billing cycle). */
  effectiveAt: string;
  timeZone?: string | null;
  /** Where sales will answer (the company's e-mail). */
  contactEmail?: string | null;
  /** The pending request this one would replace. */
  replaces?: PlanRequest;
  submitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms a plan choice: what it costs, when it starts, and that nothing is charged now. */
export function PlanRequestDialog({ plan, billing, effectiveAt, timeZone, contactEmail, replaces, submitting, onConfirm, onClose }: PlanRequestDialogProps) {
  const { t, i18n } = useTranslation();
  if (!plan) return null;
  const planName = t(`common.plans.${plan}`);
  const sales = plan === 'enterprise';
  const price = planPrice(plan, billing);
  const rows: Array<[string, string]> = [
    [t('pricing.dialog.plan'), planName],
    [t('pricing.dialog.billing'), t(`pricing.billing.${billing}`)],
    [
      t('pricing.dialog.price'),
      price === null ? t('pricing.price.custom') : `${formatDollars(price, i18n.language)} ${billing === 'yearly' ? t('pricing.price.perYear') : t('pricing.price.perMonth')}`,
    ],
    [t('pricing.dialog.effective'), formatDay(effectiveAt, i18n.language, timeZone)],
  ];
  return (
    <Dialog open onClose={submitting ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="plan-request-title">
      <DialogTitle id="plan-request-title">{t(sales ? 'pricing.dialog.salesTitle' : 'pricing.dialog.title', { plan: planName })}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0, mb: 2 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <DialogContentText variant="body2">
          {sales ? t('pricing.dialog.salesText', { email: contactEmail ?? '' }) : t('pricing.dialog.text', { email: contactEmail ?? '' })}
        </DialogContentText>
        {replaces && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('pricing.dialog.replaces', { plan: t(`common.plans.${replaces.plan}`), billing: t(`pricing.billing.${replaces.billing}`) })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={submitting}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={submitting}>
          {submitting ? t('pricing.dialog.sending') : t(sales ? 'pricing.dialog.salesConfirm' : 'pricing.dialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
