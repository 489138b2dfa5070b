import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '#icons/CloseRounded';
import MarkEmailUnreadOutlinedIcon from '#icons/MarkEmailUnreadOutlined';
import SendRoundedIcon from '#icons/SendRounded';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { isInvitationExpired, type Invitation } from '../api/get-invitations';
import { removeMember, resendInvitation } from '../api/team-mutations';
import { ConfirmDialog } from './ConfirmDialog';
import { formatDate } from './format-date';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { MemberAvatar } from './MemberAvatar';
import { memberName } from './member-display';
import { RoleBadge } from './RoleBadge';
import { TeamCard } from './TeamCard';

export interface PendingInvitationsCardProps {
  invitations: Invitation[];
  isLoading: boolean;
  error: unknown;
  /** The CEO resends and cancels; managers only see the list. */
  canManage: boolean;
}

/** Invited people who have not set their password yet: when the e-mail went out, whether its link still works. */
export function PendingInvitationsCard({ invitations, isLoading, error, canManage }: PendingInvitationsCardProps) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();

  async function cancel(invitation: Invitation) {
    setBusy(true);
    try {
      await removeMember(invitation.id);
      toast({ title: t('team.pending.cancelled', { name: memberName(invitation) }), severity: 'success' });
    } catch (failure) {
      toast({ title: t('team.pending.cancelFailed'), description: errorMessage(failure, '') || undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
      setCancelling(null);
    }
  }

  let body;
  if (isLoading) {
    body = (
      <Box sx={{ p: 2 }}>
        <Skeleton height={56} />
      </Box>
    );
  } else if (error) {
    body = <Alert severity="error" sx={{ m: 2 }}>{t('team.pending.error')}</Alert>;
  } else {
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {invitations.map((invitation) => (
          <PendingRow key={invitation.id} invitation={invitation} canManage={canManage} onCancel={() => setCancelling(invitation)} />
        ))}
      </Box>
    );
  }

  return (
    <TeamCard
      id="team-invitations"
      title={t('team.pending.title')}
      icon={<MarkEmailUnreadOutlinedIcon fontSize="small" />}
      aside={!isLoading && !error && <Chip size="small" label={t('team.pending.count', { count: invitations.length })} />}
    >
      {body}
      {cancelling && (
        <ConfirmDialog
          open
          title={t('team.pending.cancelTitle', { name: memberName(cancelling) })}
          message={t('team.pending.cancelText', { email: cancelling.email })}
          confirmLabel={t('team.pending.cancelConfirm')}
          cancelLabel={t('team.pending.keep')}
          pendingLabel={t('team.pending.cancelling')}
          pending={busy}
          tone="error"
          onConfirm={() => void cancel(cancelling)}
          onClose={() => setCancelling(null)}
        />
      )}
    </TeamCard>
  );
}

function PendingRow({ invitation, canManage, onCancel }: { invitation: Invitation; canManage: boolean; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const [sending, setSending] = useState(false);
  const name = memberName(invitation);
  const expired = isInvitationExpired(invitation);
  const timeZone = useCompanyTimeZone();
  const sent = formatDate(invitation.invitationSentAt, i18n.resolvedLanguage, timeZone);
  const until = formatDate(invitation.invitationExpiresAt, i18n.resolvedLanguage, timeZone);

  async function resend() {
    setSending(true);
    try {
      await resendInvitation(invitation.id);
      toast({ title: t('team.pending.resent'), description: t('team.pending.resentText', { email: invitation.email }), severity: 'success' });
    } catch (failure) {
      // 409: they joined meanwhile (the list is re-read).
      toast({ title: t('team.pending.resendFailed'), description: errorMessage(failure, '') || undefined, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <Box
      component="li"
      data-testid="pending-invitation"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        gap: 1.5,
        px: 2.5,
        py: 1.5,
        '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
      }}
    >
      <MemberAvatar member={invitation} />
      <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="p" noWrap title={name}>
            {name}
          </Typography>
          <RoleBadge member={invitation} />
        </Box>
        <Typography variant="body2" noWrap title={invitation.email} sx={{ color: 'text.secondary' }}>
          {invitation.email}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: expired ? 'warning.dark' : 'text.secondary' }} data-testid="pending-invitation-detail">
          {expired ? t('team.pending.expiredOn', { date: until }) : t('team.pending.sentOn', { sent, until })}
        </Typography>
      </Box>
      {/* On a phone the state and the actions take a line of their own under the person. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: { xs: '100%', sm: 'auto' }, justifyContent: 'flex-end' }}>
        <Chip
          size="small"
          color={expired ? 'warning' : 'info'}
          variant={expired ? 'filled' : 'outlined'}
          label={expired ? t('team.pending.expired') : t('team.pending.pending')}
          data-testid="pending-invitation-state"
        />
        {canManage && (
          <>
            <Button
              size="small"
              variant={expired ? 'contained' : 'outlined'}
              startIcon={<SendRoundedIcon fontSize="small" />}
              onClick={() => void resend()}
              disabled={sending}
              aria-label={t('team.pending.resendTo', { name })}
            >
              {sending ? t('team.pending.resending') : t('team.pending.resend')}
            </Button>
            <Tooltip title={t('team.pending.cancelInvitation')}>
              <IconButton size="small" aria-label={t('team.pending.cancelFor', { name })} onClick={onCancel}>
                <CloseRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Box>
    </Box>
  );
}
