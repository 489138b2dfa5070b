import Avatar from '@mui/material/Avatar';
import { userInitials } from '#shared/rules';
import type { TeamMember } from '../api/get-team';

export interface MemberAvatarProps {
  member: TeamMember;
  size?: number;
}

/** The member's photo, or the initials of first and last name (U as fallback). */
export function MemberAvatar({ member, size = 40 }: MemberAvatarProps) {
  return (
    <Avatar
      src={member.profileImageUrl ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size < 36 ? '0.75rem' : '0.875rem' }}
    >
      {userInitials(member.firstName, member.lastName)}
    </Avatar>
  );
}
