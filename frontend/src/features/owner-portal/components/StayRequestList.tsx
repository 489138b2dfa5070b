import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip, { type ChipProps } from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../reservations/utils/format';
import { cancelOwnerStay } from '../api/owner';
import type { OwnerStayRequest, OwnerStayRequestStatus } from '../api/types';

export const STATUS_COLORS: Record<OwnerStayRequestStatus, ChipProps['color']> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'error',
  cancelled: 'default',
};

/** The owner's stay requests, newest first: status, the company's note, and cancel while pending. */
export function StayRequestList({ requests, showProperty }: { requests: OwnerStayRequest[]; showProperty: boolean }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  async function cancel(request: OwnerStayRequest) {
    setBusy(request.id);
    try {
      await cancelOwnerStay(request.id);
      toast({ title: t('ownerPortal.stays.cancelled'), severity: 'success' });
    } catch (error) {
      toast({ title: t('ownerPortal.stays.cancelFailed'), description: errorMessage(error, ''), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  if (!requests.length) return <Alert severity="info">{t('ownerPortal.stays.none')}</Alert>;
  return (
    <Card>
      <List disablePadding aria-label={t('ownerPortal.stays.listTitle')}>
        {requests.map((request) => (
          <ListItem key={request.id} divider data-testid="owner-stay-request" data-status={request.status} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography variant="subtitle2" component="p">
                {t('ownerPortal.calendar.dates', { from: formatDay(request.checkinDate, i18n.language), to: formatDay(request.checkoutDate, i18n.language), count: nightsOf(request) })}
              </Typography>
              {showProperty && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {request.propertyName}
                </Typography>
              )}
              {request.note && <Typography variant="body2">{t('ownerPortal.stays.yourNote', { note: request.note })}</Typography>}
              {request.decisionNote && <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('ownerPortal.stays.theirNote', { note: request.decisionNote })}</Typography>}
            </Box>
            <Chip size="small" color={STATUS_COLORS[request.status]} label={t(`ownerPortal.stays.statuses.${request.status}`)} data-testid="owner-stay-request-status" />
            {request.status === 'pending' && (
              <Button size="small" color="inherit" disabled={busy === request.id} onClick={() => void cancel(request)} aria-label={t('ownerPortal.stays.cancelLabel', { from: formatDay(request.checkinDate, i18n.language) })}>
                {t('ownerPortal.stays.cancel')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
    </Card>
  );
}

function nightsOf(request: OwnerStayRequest): number {
  return Math.round((Date.parse(`${request.checkoutDate}T00:00:00Z`) - Date.parse(`${request.checkinDate}T00:00:00Z`)) / 86_400_000);
}
