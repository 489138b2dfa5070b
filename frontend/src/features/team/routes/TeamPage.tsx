import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PersonAddAltRoundedIcon from '#icons/PersonAddAltRounded';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { isManagerRole, isOwnerRole } from '#shared/enums';
import { INVITATIONS_KEY, useInvitations } from '../api/get-invitations';
import { TEAM_KEY, useTeam } from '../api/get-team';
import { TEAM_DURATIONS_KEY } from '../api/get-team-durations';
import { TOP_PERFORMERS_KEY } from '../api/get-top-performers';
import { PROPERTY_LOOKUP_KEY } from '../../tasks/api/get-properties';
import type { FirstReads } from '../../../lib/first-reads';
import { MemberActionsMenu } from '../components/MemberActionsMenu';
import { MemberDurationsCard } from '../components/MemberDurationsCard';
import { OwnersCard } from '../components/OwnersCard';
import { PendingInvitationsCard } from '../components/PendingInvitationsCard';
import { SeatUsageCard } from '../components/SeatUsageCard';
import { TeamMemberList } from '../components/TeamMemberList';
import { TeamQuickActions } from '../components/TeamQuickActions';
import { TeamStatisticsCard } from '../components/TeamStatisticsCard';
import { TopPerformersCard } from '../components/TopPerformersCard';
import { memberName, roleOf } from '../components/member-display';
import { useSeatUsage, useTeamAccess } from '../hooks/use-team-access';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { LazyDialog } from '../../../components/ui/LazyDialog';

// The invitation and team settings forms (zod's schemas, react-hook-form) load when first opened.
const InviteMemberDialog = retryableLazy(() => import('../components/InviteMemberDialog'), (module) => module.InviteMemberDialog);
const TeamSettingsDialog = retryableLazy(() => import('../components/TeamSettingsDialog'), (module) => module.TeamSettingsDialog);

const ROLE_ORDER = { ceo: 0, operational_manager: 1, staff: 2, owner: 3 } as const;

/**
 * What the team's first render shows (app/boot.ts loads it before React draws): the members and
 * top performers, and for the CEO and managers the invitations and time on task.
 */
// The property names of the owners card (CEO and managers see it; an owner's chips name their
// properties): read with the others, since whether the company has owners is known only from the team.
export const firstReads: FirstReads = (_location, user) => [TEAM_KEY, TOP_PERFORMERS_KEY, ...(isManagerRole(user.role) ? [INVITATIONS_KEY, TEAM_DURATIONS_KEY, PROPERTY_LOOKUP_KEY] : [])];

/**
 * Team: members, pending invitations, the plan's seats, top performers, statistics and quick
 * actions (SPEC "Team"). The CEO invites, changes roles and removes members; everyone else reads.
 */
export default function TeamPage() {
  const { t } = useTranslation();
  const { members: everyone, isLoading, error } = useTeam();
  const { userId, canManage, canSeeInvitations, canEditSettings, companyId } = useTeamAccess();
  const invitations = useInvitations(canSeeInvitations);
  // 'owner': the owners card's "Invite owner" (owners take no seat, so it works at the plan's limit too).
  const [inviting, setInviting] = useState<false | 'member' | 'owner'>(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Invitees take a seat but are not members until they set their password; owners take none (issue 41).
  const seated = useMemo(() => everyone.filter((member) => !isOwnerRole(member.role)), [everyone]);
  const seats = useSeatUsage(isLoading || error ? undefined : seated.length);
  // CEOs first, then managers, then staff; by name within a role. Owners have their own card.
  const members = useMemo(
    () =>
      seated
        .filter((member) => !member.invitationPending)
        .sort((a, b) => ROLE_ORDER[roleOf(a)] - ROLE_ORDER[roleOf(b)] || memberName(a).localeCompare(memberName(b))),
    [seated],
  );
  const owners = useMemo(
    () => everyone.filter((member) => isOwnerRole(member.role) && !member.invitationPending).sort((a, b) => memberName(a).localeCompare(memberName(b))),
    [everyone],
  );
  const pendingSeats = invitations.invitations.filter((invitation) => !isOwnerRole(invitation.role)).length;
  const openInvite = () => setInviting('member');
  const showInvitations = canSeeInvitations && (invitations.isLoading || Boolean(invitations.error) || invitations.invitations.length > 0);

  return (
    <>
      <PageHeader
        title={t('team.title')}
        subtitle={t('team.subtitle')}
        actions={
          canManage && (
            <Button variant="contained" startIcon={<PersonAddAltRoundedIcon />} onClick={openInvite} disabled={seats.limitReached}>
              {t('team.invite.open')}
            </Button>
          )
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <TeamMemberList
            members={members}
            isLoading={isLoading}
            error={error}
            currentUserId={userId}
            renderActions={canManage ? (member) => <MemberActionsMenu member={member} isSelf={member.id === userId} /> : undefined}
          />
          {canSeeInvitations && <OwnersCard owners={owners} canManage={canManage} canChangeProperties={canSeeInvitations} onInvite={() => setInviting('owner')} />}
          {showInvitations && (
            <PendingInvitationsCard
              invitations={invitations.invitations}
              isLoading={invitations.isLoading}
              error={invitations.error}
              canManage={canManage}
            />
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <SeatUsageCard usage={seats} pending={canSeeInvitations ? pendingSeats : 0} canUpgrade={canManage} />
          <TopPerformersCard />
          {/* Time on task is for the office (the API answers the CEO and managers). */}
          {canSeeInvitations && <MemberDurationsCard members={members} />}
          <TeamStatisticsCard members={members} isLoading={isLoading} />
          <TeamQuickActions onInvite={canManage ? openInvite : undefined} inviteDisabled={seats.limitReached} onSettings={() => setSettingsOpen(true)} />
        </Box>
      </Box>
      {canManage && (
        <LazyDialog open={Boolean(inviting)}>
          <InviteMemberDialog open={Boolean(inviting)} onClose={() => setInviting(false)} team={everyone} ownerOnly={inviting === 'owner'} />
        </LazyDialog>
      )}
      <LazyDialog open={settingsOpen}>
        <TeamSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} companyId={companyId} members={members} canEdit={canEditSettings} />
      </LazyDialog>
    </>
  );
}
