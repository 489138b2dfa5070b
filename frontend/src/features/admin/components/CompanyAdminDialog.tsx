import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { decideAdminPlanRequest, updateAdminCompany, useAdminCompany, type AdminCompanyDetail } from '../api/admin-companies';
import { formatInstant } from './format';

const DAY_MS = 86_400_000;
const SETTABLE_PLANS = ['basic', 'professional', 'enterprise'] as const;

export interface CompanyAdminDialogProps {
  companyId: string | null;
  onClose: () => void;
}

/** One company in the master console: trial end (extend / end now), plan, pending request, and the audit of what was done. */
export function CompanyAdminDialog({ companyId, onClose }: CompanyAdminDialogProps) {
  const { t, i18n } = useTranslation();
  const { company } = useAdminCompany(companyId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [plan, setPlan] = useState<string>('basic');

  const run = async (action: () => Promise<AdminCompanyDetail>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const setTrialEnd = (at: Date) => company && run(() => updateAdminCompany(company.id, { trialEndsAt: at.toISOString() }));
  const extendFrom = (company?.trialEndsAt && Date.parse(company.trialEndsAt) > Date.now() ? Date.parse(company.trialEndsAt) : Date.now());

  return (
    <Dialog open={Boolean(companyId)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="admin-company-title">
      <DialogTitle id="admin-company-title">{company?.name ?? t('common.loading')}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        {company && (
          <Stack spacing={2}>
            <Typography variant="body2" data-testid="admin-company-state">
              {t('admin.dialog.state', {
                plan: t(`common.plans.${company.plan}`),
                state: company.readOnly ? t(`admin.readOnly.${company.readOnly}`) : t(`admin.billing.${company.billingStatus ?? (company.plan === 'trial' ? 'trial' : 'active')}`),
              })}
            </Typography>
            {company.plan === 'trial' && (
              <Box>
                <Typography variant="subtitle2">{t('admin.dialog.trialEnds', { date: formatInstant(company.trialEndsAt, i18n.language) })}</Typography>
                <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                  <Button variant="outlined" disabled={busy} onClick={() => setTrialEnd(new Date(extendFrom + 7 * DAY_MS))} data-testid="admin-extend-trial">
                    {t('admin.dialog.extend', { days: 7 })}
                  </Button>
                  <Button variant="outlined" color="error" disabled={busy} onClick={() => setTrialEnd(new Date())} data-testid="admin-end-trial">
                    {t('admin.dialog.endNow')}
                  </Button>
                </Box>
              </Box>
            )}
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField select size="small" label={t('admin.dialog.plan')} value={plan} onChange={(event) => setPlan(event.target.value)} sx={{ minWidth: 180 }}>
                {SETTABLE_PLANS.map((option) => (
                  <MenuItem key={option} value={option}>
                    {t(`common.plans.${option}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Button variant="contained" disabled={busy} onClick={() => run(() => updateAdminCompany(company.id, { plan }))} data-testid="admin-set-plan">
                {t('admin.dialog.setPlan')}
              </Button>
            </Box>
            {company.pendingRequest && (
              <Alert
                severity="warning"
                action={
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Button size="small" disabled={busy} onClick={() => run(() => decideAdminPlanRequest(company.id, 'apply'))} data-testid="admin-apply-request">
                      {t('admin.dialog.apply')}
                    </Button>
                    <Button size="small" color="inherit" disabled={busy} onClick={() => run(() => decideAdminPlanRequest(company.id, 'refuse'))} data-testid="admin-refuse-request">
                      {t('admin.dialog.refuse')}
                    </Button>
                  </Box>
                }
              >
                {t('admin.dialog.request', { plan: t(`common.plans.${company.pendingRequest.plan}`), date: formatInstant(company.pendingRequest.requestedAt, i18n.language) })}
              </Alert>
            )}
            <Divider />
            <Typography variant="subtitle2">{t('admin.dialog.audit')}</Typography>
            {company.audit.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('admin.dialog.noAudit')}
              </Typography>
            ) : (
              <List dense disablePadding data-testid="admin-audit">
                {company.audit.map((entry) => (
                  <ListItem key={entry.id} disableGutters>
                    <ListItemText primary={t(`admin.actions.${entry.action}`)} secondary={`${formatInstant(entry.at, i18n.language)} · ${entry.by.email}${entry.reason ? ` · ${entry.reason}` : ''}`} />
                  </ListItem>
                ))}
              </List>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
