import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItem from '@mui/material/ListItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, type WebhookView } from '#shared/schemas';
import { useLanguage } from '../../../lib/use-language';
import { formatInstant } from '../../../lib/zoned-format';
import { useCompanyTimeZone } from '../../companies/api/get-companies';

export type WebhookAction = 'deliveries' | 'rotate' | 'delete';

export interface WebhookRowProps {
  webhook: WebhookView;
  divider: boolean;
  /** A change of its switch is under way. */
  toggling: boolean;
  onToggle: (enabled: boolean) => void;
  onAction: (action: WebhookAction) => void;
}

/** One endpoint: URL, note, events, state (on, off, failing), secret hint; its switch and actions. */
export function WebhookRow({ webhook, divider, toggling, onToggle, onAction }: WebhookRowProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useCompanyTimeZone();
  const when = (value: string | null) => formatInstant(value, language, 'dateTime', timeZone);
  let state = <Chip size="small" color="success" variant="outlined" label={t('integrations.webhooks.state.active')} />;
  if (!webhook.enabled) {
    state = <Chip size="small" color={webhook.disabledReason === 'failing' ? 'error' : 'default'} label={t(webhook.disabledReason === 'failing' ? 'integrations.webhooks.state.disabledFailing' : 'integrations.webhooks.state.disabled')} />;
  } else if (webhook.failingSince) {
    state = <Chip size="small" color="warning" label={t('integrations.webhooks.state.failing', { when: when(webhook.failingSince) })} />;
  }
  const everyEvent = WEBHOOK_EVENT_TYPES.every((event) => webhook.events.includes(event));
  return (
    <ListItem disableGutters divider={divider} sx={{ display: 'block', py: 1.5 }} data-testid="webhook-row">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="p" variant="subtitle2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
          {webhook.url}
        </Typography>
        {state}
      </Box>
      {webhook.description && (
        <Typography variant="body2" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
          {webhook.description}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.75 }} aria-label={t('integrations.webhooks.add.events')}>
        {everyEvent ? (
          <Chip size="small" variant="outlined" label={t('integrations.webhooks.everyEvent')} />
        ) : (
          webhook.events.map((event) => <Chip key={event} size="small" variant="outlined" label={event} sx={{ fontFamily: 'monospace' }} />)
        )}
      </Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.75 }}>
        {t('integrations.webhooks.secretHint', { hint: webhook.secretHint })}
        {webhook.previousSecretExpiresAt ? ` · ${t('integrations.webhooks.overlap', { when: when(webhook.previousSecretExpiresAt) })}` : ''}
        {' · '}
        {t('integrations.keys.created', { when: when(webhook.createdAt) })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <FormControlLabel
          sx={{ mr: 1 }}
          control={<Switch size="small" checked={webhook.enabled} disabled={toggling} onChange={(event) => onToggle(event.target.checked)} />}
          label={<Typography variant="body2">{t('integrations.webhooks.enabled')}</Typography>}
        />
        <Button size="small" variant="outlined" onClick={() => onAction('deliveries')}>
          {t('integrations.webhooks.deliveries.open')}
        </Button>
        <Button size="small" onClick={() => onAction('rotate')}>
          {t('integrations.webhooks.rotate')}
        </Button>
        <Button size="small" color="error" onClick={() => onAction('delete')}>
          {t('integrations.webhooks.delete')}
        </Button>
      </Box>
    </ListItem>
  );
}
