import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';

export interface SectionCardProps {
  /** Anchor of the section (`/properties/:id#tasks`). */
  id?: string;
  title: ReactNode;
  icon?: ReactNode;
  /** Shown at the right of the title (a count, a button). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled card holding one section of the property page. */
export function SectionCard({ id, title, icon, aside, children }: SectionCardProps) {
  const titleId = id ? `${id}-title` : undefined;
  return (
    <Card component="section" id={id} aria-labelledby={titleId} sx={{ scrollMarginTop: { xs: 72, md: 24 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, py: 1.75 }}>
        {icon && <Box sx={{ display: 'flex', color: 'text.secondary' }}>{icon}</Box>}
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {aside}
      </Box>
      <Divider />
      {children}
    </Card>
  );
}
