import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ownerStayDecisionBody, type OwnerStayRequest } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { FormTextField } from '../../../lib/forms/fields';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { formatDay } from '../../reservations/utils/format';
import { usePendingOwnerStays } from '../api/owner-stays';

const requestUrl = (id: string, action: 'accept' | 'decline') => `/api/owner-stay-requests/${encodeURIComponent(id)}/${action}`;

/**
 * The owners' stay requests waiting for the office (issue 41 point 3), above the portfolio calendar:
 * accept (the nights become an owner stay, closed on every channel) or decline with a note. Nothing
 * shows while none waits.
 */
export function OwnerStayRequestsPanel({ onAccepted }: { onAccepted: () => void }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const { items, error, mutate } = usePendingOwnerStays();
  const [busy, setBusy] = useState<string | null>(null);
  const [declining, setDeclining] = useState<OwnerStayRequest | null>(null);
  if (error) return <Alert severity="error" sx={{ mb: 2 }}>{errorMessage(error, t('portfolioCalendar.ownerStays.loadError'))}</Alert>;
  if (!items.length) return null;

  const dates = (request: OwnerStayRequest) => t('portfolioCalendar.ownerStays.dates', { from: formatDay(request.checkinDate, i18n.language), to: formatDay(request.checkoutDate, i18n.language) });

  async function accept(request: OwnerStayRequest) {
    setBusy(request.id);
    try {
      await apiRequest('POST', requestUrl(request.id, 'accept'));
      toast({ title: t('portfolioCalendar.ownerStays.accepted', { name: request.requestedBy.name }), severity: 'success' });
      onAccepted();
    } catch (failure) {
      // 409: the nights were taken meanwhile (in words).
      toast({ title: t('portfolioCalendar.ownerStays.acceptFailed'), description: errorMessage(failure, ''), variant: 'destructive' });
    } finally {
      setBusy(null);
      void mutate();
    }
  }

  return (
    <Card component="section" aria-labelledby="owner-stay-requests-title" data-testid="owner-stay-requests" sx={{ mb: 3, borderLeft: 4, borderColor: '#5b2a86' }}>
      <Box sx={{ px: 2.5, pt: 2 }}>
        <Typography id="owner-stay-requests-title" variant="h6" component="h2">
          {t('portfolioCalendar.ownerStays.title', { count: items.length })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('portfolioCalendar.ownerStays.hint')}
        </Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((request) => (
          <Box component="li" key={request.id} data-testid="owner-stay-request-row" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
            <Box sx={{ flex: 1, minWidth: 220 }}>
              <Typography variant="subtitle2" component="p">
                {request.propertyName} · {dates(request)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('portfolioCalendar.ownerStays.by', { name: request.requestedBy.name })}
                {request.note ? ` — “${request.note}”` : ''}
              </Typography>
            </Box>
            <Button size="small" variant="contained" disabled={busy === request.id} onClick={() => void accept(request)} aria-label={t('portfolioCalendar.ownerStays.acceptLabel', { name: request.requestedBy.name, dates: dates(request) })}>
              {t('portfolioCalendar.ownerStays.accept')}
            </Button>
            <Button size="small" color="error" disabled={busy === request.id} onClick={() => setDeclining(request)} aria-label={t('portfolioCalendar.ownerStays.declineLabel', { name: request.requestedBy.name, dates: dates(request) })}>
              {t('portfolioCalendar.ownerStays.decline')}
            </Button>
          </Box>
        ))}
      </Box>
      {declining && <DeclineDialog request={declining} label={dates(declining)} onClose={() => { setDeclining(null); void mutate(); }} />}
    </Card>
  );
}

/** Decline an owner stay request, with a note the owner reads in the portal. */
function DeclineDialog({ request, label, onClose }: { request: OwnerStayRequest; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useSchemaForm(ownerStayDecisionBody, { defaultValues: { note: '' } });
  const submit = form.handleSubmit(async (body) => {
    try {
      await apiRequest('POST', requestUrl(request.id, 'decline'), body);
      toast({ title: t('portfolioCalendar.ownerStays.declined', { name: request.requestedBy.name }), severity: 'success' });
      onClose();
    } catch (failure) {
      form.setError('root', { message: errorMessage(failure, t('portfolioCalendar.ownerStays.declineFailed')) });
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="decline-owner-stay-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="decline-owner-stay-title">{t('portfolioCalendar.ownerStays.declineTitle', { name: request.requestedBy.name })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2">{`${request.propertyName} · ${label}`}</Typography>
          {form.formState.errors.root?.message && <Alert severity="error" role="alert">{form.formState.errors.root.message}</Alert>}
          <FormTextField form={form} name="note" label={t('portfolioCalendar.ownerStays.note')} multiline minRows={2} fullWidth autoFocus slotProps={{ htmlInput: { maxLength: 500 } }} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={form.formState.isSubmitting}>
            {t('portfolioCalendar.ownerStays.decline')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
