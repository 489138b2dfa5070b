import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '#icons/AddRounded';
import KeyRoundedIcon from '#icons/KeyRounded';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '#shared/schemas';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { formatInstant } from '../../../lib/zoned-format';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { PanelCard } from '../../../components/ui/PanelCard';
import { ConfirmDialog } from '../../team/components/ConfirmDialog';
import { revokeApiKey, useApiKeys } from '../api/api-keys';
import { PlanUpsell } from './PlanUpsell';

// The form (zod's schemas, react-hook-form) loads when the dialog first opens.
const CreateApiKeyDialog = retryableLazy(() => import('./CreateApiKeyDialog'), (module) => module.CreateApiKeyDialog);

export interface ApiKeysCardProps {
  /** The plan has API keys (Professional: read keys; Enterprise: also write keys). */
  canCreate: boolean;
  canWrite: boolean;
  /** Why the plan has none, in the reader's language (shown instead of the New key button). */
  upsell?: string;
}

/** The company's API keys: name, prefix, scopes, created, last used, expiry; a new one; revoke with a confirmation. */
export function ApiKeysCard({ canCreate, canWrite, upsell }: ApiKeysCardProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = useCompanyTimeZone();
  const { toast } = useToast();
  const { keys, error, isLoading } = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey>();
  const [pending, setPending] = useState(false);
  const when = (value: string | null) => formatInstant(value, language, 'dateTime', timeZone);

  const revoke = async () => {
    if (!revoking) return;
    setPending(true);
    try {
      await revokeApiKey(revoking.id);
      toast({ title: t('integrations.keys.revoked', { name: revoking.name }), severity: 'success' });
      setRevoking(undefined);
    } catch (failure) {
      toast({ title: t('integrations.keys.revokeFailed'), description: errorMessage(failure), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  let content;
  if (isLoading) content = [0, 1].map((i) => <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />);
  else if (error) content = <Alert severity="error">{errorMessage(error, t('integrations.loadError'))}</Alert>;
  else if (keys.length === 0) content = <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>{t('integrations.keys.empty')}</Typography>;
  else {
    content = (
      <List disablePadding aria-label={t('integrations.keys.title')}>
        {keys.map((key, index) => (
          <ListItem key={key.id} disableGutters divider={index < keys.length - 1} sx={{ gap: 2, py: 1.5, flexWrap: 'wrap' }} data-testid="api-key-row">
            <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
                  {key.name}
                </Typography>
                <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
                  {key.prefix}…
                </Typography>
                {key.scopes.map((scope) => (
                  <Chip key={scope} size="small" variant={scope === 'write' ? 'filled' : 'outlined'} color={scope === 'write' ? 'warning' : 'default'} label={t(`integrations.keys.scopes.${scope}`)} />
                ))}
              </Box>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {t('integrations.keys.created', { when: when(key.createdAt) })}
                {' · '}
                {key.lastUsedAt ? t('integrations.keys.lastUsed', { when: when(key.lastUsedAt) }) : t('integrations.keys.neverUsed')}
                {' · '}
                {key.expiresAt ? t('integrations.keys.expires', { when: when(key.expiresAt) }) : t('integrations.keys.noExpiry')}
              </Typography>
            </Box>
            <Button size="small" color="error" variant="outlined" onClick={() => setRevoking(key)} aria-label={t('integrations.keys.revokeNamed', { name: key.name })}>
              {t('integrations.keys.revoke')}
            </Button>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <PanelCard
      icon={<KeyRoundedIcon />}
      title={t('integrations.keys.title')}
      description={t('integrations.keys.description')}
      aside={
        canCreate ? (
          <Button variant="contained" size="small" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)} sx={{ flexShrink: 0 }}>
            {t('integrations.keys.new')}
          </Button>
        ) : undefined
      }
    >
      {!canCreate && upsell && (
        <Box sx={{ mb: keys.length ? 2 : 0 }}>
          <PlanUpsell message={upsell} />
        </Box>
      )}
      {(canCreate || keys.length > 0) && content}
      <LazyDialog open={creating}>
        <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} canWrite={canWrite} />
      </LazyDialog>
      <ConfirmDialog
        open={Boolean(revoking)}
        title={t('integrations.keys.revokeTitle')}
        message={t('integrations.keys.revokeText', { name: revoking?.name ?? '' })}
        confirmLabel={t('integrations.keys.revoke')}
        pending={pending}
        tone="error"
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(undefined)}
      />
    </PanelCard>
  );
}
