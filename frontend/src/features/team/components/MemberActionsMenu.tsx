import { useState } from 'react';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckRoundedIcon from '#icons/CheckRounded';
import MoreVertRoundedIcon from '#icons/MoreVertRounded';
import PersonRemoveOutlinedIcon from '#icons/PersonRemoveOutlined';
import WorkspacesOutlinedIcon from '#icons/WorkspacesOutlined';
import { useTranslation } from 'react-i18next';
import type { Role } from '#shared/enums';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { TeamMember } from '../api/get-team';
import { changeMemberRole, removeMember } from '../api/team-mutations';
import { ConfirmDialog } from './ConfirmDialog';
import { memberName, roleOf } from './member-display';
import { lowersPrivileges, ROLE_KEYS, ROLE_OPTIONS } from './role-options';
import { LazyDialog } from '../../../components/ui/LazyDialog';
import { retryableLazy } from '../../../lib/retryable-lazy';

// Its form (zod, react-hook-form) loads when it is first opened, not with the team screen.
const MemberAccessDialog = retryableLazy(() => import('./MemberAccessDialog'), (module) => module.MemberAccessDialog);

export interface MemberActionsMenuProps {
  member: TeamMember;
  /** The signed-in CEO's own row: no removal, and stepping down says what they lose. */
  isSelf: boolean;
}

type Pending = { kind: 'role'; role: Role } | { kind: 'remove' } | { kind: 'access' } | null;

/**
 * The CEO's actions on a member: change the role (asking first when it takes privileges away or
 * makes someone CEO) and remove them from the company (always asking first; never yourself).
 */
export function MemberActionsMenu({ member, isSelf }: MemberActionsMenuProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const name = memberName(member);
  const current = roleOf(member);
  const roleLabel = (role: Role) => t(`team.roles.${ROLE_KEYS[role]}`);

  async function applyRole(role: Role) {
    setBusy(true);
    try {
      await changeMemberRole(member.id, role);
      toast({ title: t('team.manage.roleChanged', { name, role: roleLabel(role) }), severity: 'success' });
      setConfirming(null);
    } catch (error) {
      // 409: the company would be left without a CEO.
      toast({ title: t('team.manage.roleFailed'), description: errorMessage(error, '') || undefined, variant: 'destructive' });
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await removeMember(member.id);
      toast({ title: t('team.manage.removed', { name }), severity: 'success' });
      setConfirming(null);
    } catch (error) {
      toast({ title: t('team.manage.removeFailed'), description: errorMessage(error, '') || undefined, variant: 'destructive' });
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  }

  function chooseRole(role: Role) {
    setAnchor(null);
    if (role === current) return;
    if (lowersPrivileges(current, role) || role === 'ceo') setConfirming({ kind: 'role', role });
    else void applyRole(role);
  }

  let dialog = null;
  if (confirming?.kind === 'role') {
    const role = confirming.role;
    const promotingToCeo = role === 'ceo';
    dialog = (
      <ConfirmDialog
        open
        title={promotingToCeo ? t('team.manage.makeCeoTitle', { name }) : t('team.manage.lowerTitle', { name, role: roleLabel(role) })}
        message={
          promotingToCeo
            ? t('team.manage.makeCeoText', { name })
            : isSelf
              ? t('team.manage.lowerSelfText', { role: roleLabel(role), previous: roleLabel(current) })
              : t('team.manage.lowerText', { name, role: roleLabel(role), previous: roleLabel(current) })
        }
        confirmLabel={t('team.manage.changeRole')}
        pendingLabel={t('team.manage.changing')}
        pending={busy}
        tone="warning"
        onConfirm={() => void applyRole(role)}
        onClose={() => setConfirming(null)}
      />
    );
  } else if (confirming?.kind === 'access') {
    dialog = (
      <LazyDialog open>
        <MemberAccessDialog member={member} name={name} onClose={() => setConfirming(null)} />
      </LazyDialog>
    );
  } else if (confirming?.kind === 'remove') {
    dialog = (
      <ConfirmDialog
        open
        title={t('team.manage.removeTitle', { name })}
        message={t('team.manage.removeText', { name })}
        confirmLabel={t('team.manage.removeConfirm')}
        pendingLabel={t('team.manage.removing')}
        pending={busy}
        tone="error"
        onConfirm={() => void remove()}
        onClose={() => setConfirming(null)}
      />
    );
  }

  return (
    <>
      <IconButton
        size="small"
        aria-label={t('team.manage.actionsFor', { name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy}
      >
        <MoreVertRoundedIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('team.manage.actionsFor', { name }), dense: true } }}
      >
        <ListSubheader sx={{ lineHeight: '32px' }}>{t('team.manage.roleHeading')}</ListSubheader>
        {ROLE_OPTIONS.map((role) => (
          <MenuItem key={role} selected={role === current} onClick={() => chooseRole(role)} sx={{ minWidth: 260, alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ mt: 0.5 }}>{role === current && <CheckRoundedIcon fontSize="small" />}</ListItemIcon>
            <ListItemText
              primary={roleLabel(role)}
              secondary={t(`team.roleHints.${ROLE_KEYS[role]}`)}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 240 } } }}
            />
          </MenuItem>
        ))}
        <Divider />
        {/* Which properties they see (issue 41); a CEO always sees every one. */}
        <MenuItem
          disabled={current === 'ceo'}
          onClick={() => {
            setAnchor(null);
            setConfirming({ kind: 'access' });
          }}
        >
          <ListItemIcon>
            <WorkspacesOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={t('team.access.menu')}
            secondary={member.propertyGroupIds?.length ? t('team.access.groupCount', { count: member.propertyGroupIds.length }) : t('team.access.everyProperty')}
          />
        </MenuItem>
        <Divider />
        <MenuItem
          disabled={isSelf}
          onClick={() => {
            setAnchor(null);
            setConfirming({ kind: 'remove' });
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <PersonRemoveOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('team.manage.remove')} secondary={isSelf ? t('team.manage.removeSelf') : undefined} />
        </MenuItem>
      </Menu>
      {dialog}
    </>
  );
}
