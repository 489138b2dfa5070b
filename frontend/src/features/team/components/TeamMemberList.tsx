import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import GroupsOutlinedIcon from '#icons/GroupsOutlined';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '../api/get-team';
import { formatDate } from './format-date';
import { useCompanyTimeZone } from '../../companies/api/get-companies';
import { MemberAvatar } from './MemberAvatar';
import { memberName } from './member-display';
import { RoleBadge } from './RoleBadge';
import { TeamCard } from './TeamCard';

export interface TeamMemberListProps {
  members: TeamMember[];
  isLoading: boolean;
  error: unknown;
  /** The signed-in user, marked "You". */
  currentUserId?: string;
  /** What the viewer may do with a member (the CEO's menu); nothing for a read-only view. */
  renderActions?: (member: TeamMember) => ReactNode;
}

/** Every member: avatar or initials, name, e-mail, joined date and role badge (and the CEO's actions). */
export function TeamMemberList({ members, isLoading, error, currentUserId, renderActions }: TeamMemberListProps) {
  const { t, i18n } = useTranslation();
  const timeZone = useCompanyTimeZone();

  let body;
  if (isLoading) {
    body = (
      <Box sx={{ p: 2 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={56} />
        ))}
      </Box>
    );
  } else if (error) {
    body = <Alert severity="error" sx={{ m: 2 }}>{t('team.members.error')}</Alert>;
  } else if (members.length === 0) {
    body = (
      <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{t('team.members.empty')}</Typography>
    );
  } else {
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="team-member-list">
        {members.map((member) => {
          const name = memberName(member);
          const joined = formatDate(member.createdAt, i18n.resolvedLanguage, timeZone);
          return (
            <Box
              component="li"
              key={member.id}
              data-testid="team-member"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                px: 2.5,
                py: 1.5,
                '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
              }}
            >
              <MemberAvatar member={member} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
                  <Typography variant="subtitle2" component="p" noWrap title={name}>
                    {name}
                  </Typography>
                  {member.id === currentUserId && (
                    <Chip size="small" label={t('team.members.you')} sx={{ height: 20, fontSize: '0.6875rem' }} data-testid="team-member-you" />
                  )}
                </Box>
                <Typography variant="body2" noWrap title={member.email} sx={{ color: 'text.secondary' }}>
                  {member.email}
                </Typography>
                {joined && (
                  <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                    {t('team.members.joined', { date: joined })}
                  </Typography>
                )}
              </Box>
              <RoleBadge member={member} />
              {renderActions?.(member)}
            </Box>
          );
        })}
      </Box>
    );
  }

  return (
    <TeamCard
      id="team-members"
      title={t('team.members.title')}
      icon={<GroupsOutlinedIcon fontSize="small" />}
      aside={!isLoading && !error && <Chip size="small" label={t('team.members.count', { count: members.length })} />}
    >
      {body}
    </TeamCard>
  );
}
