import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useTranslation } from 'react-i18next';
import type { PlanExcess } from '#shared/billing';
import type { Plan } from '#shared/enums';
import { formatDay } from '../utils/format';

export interface DowngradeDialogProps {
  plan: Plan | null;
  /** The end of the paid period (when it takes effect); none: at once. */
  effectiveAt?: string | null;
  timeZone?: string | null;
  /** What the company must remove first (the server's answer), when it does not fit. */
  excess?: PlanExcess;
  submitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a smaller plan: when it takes effect, or what to remove before it can. */
export function DowngradeDialog({ plan, effectiveAt, timeZone, excess, submitting, onConfirm, onClose }: DowngradeDialogProps) {
  const { t, i18n } = useTranslation();
  if (!plan) return null;
  const planName = t(`common.plans.${plan}`);
  const lines = excess
    ? [
        excess.properties > 0 && t('pricing.downgrade.removeProperties', { count: excess.properties }),
        excess.users > 0 && t('pricing.downgrade.removeUsers', { count: excess.users }),
        excess.storageBytes > 0 && t('pricing.downgrade.removeStorage', { mb: Math.ceil(excess.storageBytes / (1024 * 1024)) }),
      ].filter((line): line is string => Boolean(line))
    : [];
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="downgrade-dialog">
      <DialogTitle>{t('pricing.downgrade.title', { plan: planName })}</DialogTitle>
      <DialogContent>
        {excess ? (
          <Alert severity="warning" data-testid="downgrade-excess">
            {t('pricing.downgrade.doesNotFit', { plan: planName })}
            <List dense disablePadding>
              {lines.map((line) => (
                <ListItem key={line} disableGutters sx={{ display: 'list-item', listStyleType: 'disc', ml: 2 }}>
                  {line}
                </ListItem>
              ))}
            </List>
          </Alert>
        ) : (
          <DialogContentText data-testid="downgrade-when">
            {effectiveAt
              ? t('pricing.downgrade.scheduledText', { plan: planName, date: formatDay(effectiveAt, i18n.language, timeZone) })
              : t('pricing.downgrade.nowText', { plan: planName })}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('pricing.downgrade.keep')}</Button>
        {!excess && (
          <Button variant="contained" onClick={onConfirm} disabled={submitting} data-testid="downgrade-confirm">
            {t('pricing.downgrade.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
