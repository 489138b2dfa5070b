import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '#icons/AddRounded';
import WebhookRoundedIcon from '#icons/WebhookRounded';
import { useTranslation } from 'react-i18next';
import type { WebhookView, WebhookWithSecret } from '#shared/schemas';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { PanelCard } from '../../../components/ui/PanelCard';
import { ConfirmDialog } from '../../team/components/ConfirmDialog';
import { deleteWebhook, rotateWebhookSecret, updateWebhook, useWebhooks } from '../api/webhooks';
import { planRefusal } from '../api/plan-refusal';
import { DeliveriesDialog } from './DeliveriesDialog';
import { PlanUpsell } from './PlanUpsell';
import { SecretReveal } from './SecretReveal';
import { WebhookRow, type WebhookAction } from './WebhookRow';

// The form (zod's schemas, react-hook-form) loads when the dialog first opens.
const AddWebhookDialog = retryableLazy(() => import('./AddWebhookDialog'), (module) => module.AddWebhookDialog);

export interface WebhooksCardProps {
  /** The plan has webhooks (Professional, Enterprise); if not, `upsell` says which plan does. */
  allowed: boolean;
  upsell?: string;
}

/** The company's webhook endpoints: add, switch on and off, rotate the secret, delete, see and replay deliveries. */
export function WebhooksCard({ allowed, upsell }: WebhooksCardProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { webhooks, error, isLoading } = useWebhooks(allowed);
  const [adding, setAdding] = useState(false);
  const [asked, setAsked] = useState<{ action: Exclude<WebhookAction, 'deliveries'>; webhook: WebhookView }>();
  const [showing, setShowing] = useState<WebhookView>();
  const [rotated, setRotated] = useState<WebhookWithSecret>();
  const [busy, setBusy] = useState<string>();
  const refusedByPlan = planRefusal(error);

  const toggle = async (webhook: WebhookView, enabled: boolean) => {
    setBusy(webhook.id);
    try {
      await updateWebhook(webhook.id, { enabled });
    } catch (failure) {
      toast({ title: t('integrations.webhooks.updateFailed'), description: errorMessage(failure), variant: 'destructive' });
    } finally {
      setBusy(undefined);
    }
  };

  const confirm = async () => {
    if (!asked) return;
    setBusy(asked.webhook.id);
    try {
      if (asked.action === 'delete') {
        await deleteWebhook(asked.webhook.id);
        toast({ title: t('integrations.webhooks.deleted'), severity: 'success' });
      } else {
        setRotated(await rotateWebhookSecret(asked.webhook.id));
      }
      setAsked(undefined);
    } catch (failure) {
      toast({ title: t('integrations.webhooks.updateFailed'), description: errorMessage(failure), variant: 'destructive' });
    } finally {
      setBusy(undefined);
    }
  };

  let content;
  if (!allowed || refusedByPlan) content = <PlanUpsell message={refusedByPlan?.message ?? upsell ?? ''} />;
  else if (isLoading) content = [0, 1].map((i) => <Skeleton key={i} variant="rounded" height={96} sx={{ mb: 1 }} />);
  else if (error) content = <Alert severity="error">{errorMessage(error, t('integrations.loadError'))}</Alert>;
  else if (webhooks.length === 0) content = <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>{t('integrations.webhooks.empty')}</Typography>;
  else {
    content = (
      <List disablePadding aria-label={t('integrations.webhooks.title')}>
        {webhooks.map((webhook, index) => (
          <WebhookRow
            key={webhook.id}
            webhook={webhook}
            divider={index < webhooks.length - 1}
            toggling={busy === webhook.id}
            onToggle={(enabled) => void toggle(webhook, enabled)}
            onAction={(action) => (action === 'deliveries' ? setShowing(webhook) : setAsked({ action, webhook }))}
          />
        ))}
      </List>
    );
  }

  const deleting = asked?.action === 'delete';
  return (
    <PanelCard
      icon={<WebhookRoundedIcon />}
      title={t('integrations.webhooks.title')}
      description={t('integrations.webhooks.description')}
      aside={
        allowed && !refusedByPlan ? (
          <Button variant="contained" size="small" startIcon={<AddRoundedIcon />} onClick={() => setAdding(true)} sx={{ flexShrink: 0 }}>
            {t('integrations.webhooks.new')}
          </Button>
        ) : undefined
      }
    >
      {content}
      <LazyDialog open={adding}>
        <AddWebhookDialog open={adding} onClose={() => setAdding(false)} />
      </LazyDialog>
      <DeliveriesDialog webhook={showing} onClose={() => setShowing(undefined)} />
      <ConfirmDialog
        open={Boolean(asked)}
        title={t(deleting ? 'integrations.webhooks.deleteTitle' : 'integrations.webhooks.rotateTitle')}
        message={t(deleting ? 'integrations.webhooks.deleteText' : 'integrations.webhooks.rotateText', { url: asked?.webhook.url ?? '' })}
        confirmLabel={t(deleting ? 'integrations.webhooks.delete' : 'integrations.webhooks.rotate')}
        pending={Boolean(asked && busy === asked.webhook.id)}
        tone={deleting ? 'error' : 'warning'}
        onConfirm={() => void confirm()}
        onClose={() => setAsked(undefined)}
      />
      <Dialog open={Boolean(rotated)} onClose={() => setRotated(undefined)} fullWidth maxWidth="sm" aria-labelledby="rotated-secret-title">
        <DialogTitle id="rotated-secret-title">{t('integrations.webhooks.rotatedTitle')}</DialogTitle>
        <DialogContent>
          {rotated && <SecretReveal secret={rotated.secret} label={t('integrations.webhooks.secretLabel')} intro={t('integrations.webhooks.rotatedIntro')} />}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button variant="contained" onClick={() => setRotated(undefined)}>
            {t('integrations.secret.done')}
          </Button>
        </DialogActions>
      </Dialog>
    </PanelCard>
  );
}
