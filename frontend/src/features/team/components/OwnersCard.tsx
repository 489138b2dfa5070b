import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import HomeWorkOutlinedIcon from '#icons/HomeWorkOutlined';
import PersonAddAltRoundedIcon from '#icons/PersonAddAltRounded';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/use-toast';
import { LazyDialog } from '../../../components/ui/LazyDialog';
import { errorMessage } from '../../../lib/api-client';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { usePropertyLookup } from '../../tasks/api/get-properties';
import type { TeamMember } from '../api/get-team';
import { removeMember } from '../api/team-mutations';
import { ConfirmDialog } from './ConfirmDialog';
import { MemberAvatar } from './MemberAvatar';
import { memberName } from './member-display';
import { OwnersSeeGuestNamesSwitch } from './OwnersSeeGuestNamesSwitch';
import { TeamCard } from './TeamCard';

const OwnerPropertiesDialog = retryableLazy(() => import('./OwnerPropertiesDialog'), (module) => module.OwnerPropertiesDialog);

export interface OwnersCardProps {
  /** The owners who joined (pending ones are among the invitations). */
  owners: TeamMember[];
  /** The CEO: invites and removes owners. */
  canManage: boolean;
  /** The CEO and managers: change an owner's properties (the server refuses a manager scoped to some). */
  canChangeProperties: boolean;
  onInvite: () => void;
}

/** Team › Owners (issue 41 point 3): the owners of the company's properties, each with what their portal shows. They take no seat of the plan. */
export function OwnersCard({ owners, canManage, canChangeProperties, onInvite }: OwnersCardProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  // The property names of the owners' chips (one of the team screen's first reads).
  const { nameOf } = usePropertyLookup();
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(owner: TeamMember) {
    setBusy(true);
    try {
      await removeMember(owner.id);
      toast({ title: t('team.manage.removed', { name: memberName(owner) }), severity: 'success' });
    } catch (error) {
      toast({ title: t('team.manage.removeFailed'), description: errorMessage(error, '') || undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  return (
    <TeamCard
      id="team-owners"
      title={t('team.owners.title')}
      icon={<HomeWorkOutlinedIcon fontSize="small" />}
      aside={
        canManage && (
          <Button size="small" startIcon={<PersonAddAltRoundedIcon />} onClick={onInvite}>
            {t('team.owners.invite')}
          </Button>
        )
      }
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', px: 2.5, pt: 1.5 }}>
        {t('team.owners.description')}
      </Typography>
      {canManage && <OwnersSeeGuestNamesSwitch />}
      {owners.length === 0 ? (
        <Typography sx={{ p: 2.5, color: 'text.secondary' }}>{t('team.owners.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {owners.map((owner) => {
            const name = memberName(owner);
            return (
              <Box component="li" key={owner.id} data-testid="team-owner" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, px: 2.5, py: 1.5, flexWrap: 'wrap', '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}>
                <MemberAvatar member={owner} />
                <Box sx={{ flex: 1, minWidth: 180 }}>
                  <Typography variant="subtitle2" component="p">
                    {name}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap title={owner.email}>
                    {owner.email}
                  </Typography>
                  <Box component="ul" aria-label={t('team.owners.propertiesOf', { name })} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.75, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {(owner.propertyIds ?? []).map((id) => (
                      <li key={id}>
                        <Chip size="small" variant="outlined" label={nameOf(id)} data-testid="team-owner-property" />
                      </li>
                    ))}
                  </Box>
                </Box>
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  {canChangeProperties && (
                    <Button size="small" onClick={() => setEditing(owner)} aria-label={t('team.owners.changeLabel', { name })}>
                      {t('team.owners.change')}
                    </Button>
                  )}
                  {canManage && (
                    <Button size="small" color="error" onClick={() => setRemoving(owner)} aria-label={t('team.manage.removeTitle', { name })}>
                      {t('team.manage.remove')}
                    </Button>
                  )}
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      {editing && (
        <LazyDialog open>
          <OwnerPropertiesDialog owner={editing} name={memberName(editing)} onClose={() => setEditing(null)} />
        </LazyDialog>
      )}
      {removing && (
        <ConfirmDialog
          open
          title={t('team.manage.removeTitle', { name: memberName(removing) })}
          message={t('team.owners.removeText', { name: memberName(removing) })}
          confirmLabel={t('team.manage.removeConfirm')}
          pendingLabel={t('team.manage.removing')}
          pending={busy}
          tone="error"
          onConfirm={() => void remove(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </TeamCard>
  );
}
