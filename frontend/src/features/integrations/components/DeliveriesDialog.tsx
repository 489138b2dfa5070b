import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ReplayRoundedIcon from '#icons/ReplayRounded';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryView, WebhookView } from '#shared/schemas';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { formatInstant } from '../../../lib/zoned-format';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { replayDelivery, useWebhookDeliveries } from '../api/webhooks';

export interface DeliveriesDialogProps {
  /** The endpoint whose deliveries are shown; none: closed. */
  webhook: WebhookView | undefined;
  onClose: () => void;
}

/** Every delivery attempt to one endpoint, newest first: event, status code, time taken, when, next retry; a replay each. */
export function DeliveriesDialog({ webhook, onClose }: DeliveriesDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  return (
    <Dialog open={Boolean(webhook)} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="webhook-deliveries-title">
      <DialogTitle id="webhook-deliveries-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('integrations.webhooks.deliveries.title')}
        {webhook && (
          <Typography component="span" variant="body2" sx={{ display: 'block', fontFamily: 'monospace', color: 'text.secondary' }}>
            {webhook.url}
          </Typography>
        )}
      </DialogTitle>
      {webhook && <DeliveriesList webhookId={webhook.id} onClose={onClose} />}
    </Dialog>
  );
}

function DeliveriesList({ webhookId, onClose }: { webhookId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { deliveries, error, isLoading, isValidating, reload } = useWebhookDeliveries(webhookId);
  const [replaying, setReplaying] = useState<string>();

  const replay = async (delivery: WebhookDeliveryView) => {
    setReplaying(delivery.id);
    try {
      const attempt = await replayDelivery(webhookId, delivery.id);
      toast({ title: attempt.ok ? t('integrations.webhooks.deliveries.replayed') : t('integrations.webhooks.deliveries.replayFailed'), severity: attempt.ok ? 'success' : 'warning' });
    } catch (failure) {
      toast({ title: t('integrations.webhooks.deliveries.replayFailed'), description: errorMessage(failure), variant: 'destructive' });
    } finally {
      setReplaying(undefined);
    }
  };

  let content;
  if (isLoading) content = [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />);
  else if (error) content = <Alert severity="error">{errorMessage(error, t('integrations.loadError'))}</Alert>;
  else if (deliveries.length === 0) content = <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>{t('integrations.webhooks.deliveries.empty')}</Typography>;
  else {
    content = (
      <List disablePadding aria-label={t('integrations.webhooks.deliveries.title')}>
        {deliveries.map((delivery, index) => (
          <DeliveryLine key={delivery.id} delivery={delivery} divider={index < deliveries.length - 1} replaying={replaying === delivery.id} onReplay={() => void replay(delivery)} />
        ))}
      </List>
    );
  }

  return (
    <>
      <DialogContent dividers>{content}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={() => void reload()} disabled={isValidating}>
          {t('integrations.webhooks.deliveries.refresh')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('integrations.close')}
        </Button>
      </DialogActions>
    </>
  );
}

function DeliveryLine({ delivery, divider, replaying, onReplay }: { delivery: WebhookDeliveryView; divider: boolean; replaying: boolean; onReplay: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useCompanyTimeZone();
  const when = (value: string | null) => formatInstant(value, language, 'dateTime', timeZone);
  const status = delivery.statusCode === null ? t('integrations.webhooks.deliveries.noAnswer') : String(delivery.statusCode);
  return (
    <ListItem disableGutters divider={divider} sx={{ gap: 2, py: 1.25, flexWrap: 'wrap', alignItems: 'flex-start' }} data-testid="delivery-row">
      <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" color={delivery.ok ? 'success' : 'error'} label={status} aria-label={t('integrations.webhooks.deliveries.status', { status })} />
          <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            {delivery.eventType}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t(`integrations.webhooks.deliveries.trigger.${delivery.trigger}`)} · {t('integrations.webhooks.deliveries.attempt', { count: delivery.attempt })}
          </Typography>
        </Box>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {when(delivery.at)} · {t('integrations.webhooks.deliveries.took', { ms: delivery.durationMs })}
          {delivery.nextRetryAt ? ` · ${t('integrations.webhooks.deliveries.nextRetry', { when: when(delivery.nextRetryAt) })}` : ''}
        </Typography>
        {delivery.error && (
          <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5, overflowWrap: 'anywhere' }}>
            {delivery.error}
          </Typography>
        )}
      </Box>
      <Button size="small" variant="outlined" startIcon={<ReplayRoundedIcon />} disabled={replaying} onClick={onReplay}>
        {t('integrations.webhooks.deliveries.replay')}
      </Button>
    </ListItem>
  );
}
