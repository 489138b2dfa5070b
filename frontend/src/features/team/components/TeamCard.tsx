import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';

export interface TeamCardProps {
  id: string;
  title: ReactNode;
  icon?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled card of the team screen. */
export function TeamCard({ id, title, icon, aside, children }: TeamCardProps) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, py: 1.75 }}>
        {icon && <Box sx={{ display: 'flex', color: 'text.secondary' }}>{icon}</Box>}
        <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {aside}
      </Box>
      <Divider />
      {children}
    </Card>
  );
}
