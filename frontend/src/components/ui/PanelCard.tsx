import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';

export interface PanelCardProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** The section's main action, at the right of the title (under it on a phone). */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * A titled card holding one part of a settings page (notifications, integrations): on a phone its
 * action moves under the title instead of squeezing the description beside it.
 */
export function PanelCard({ title, description, icon, aside, children }: PanelCardProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, px: 2.5, py: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        {icon && <Box sx={{ display: 'flex', color: 'primary.main', mt: 0.25 }}>{icon}</Box>}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
              {description}
            </Typography>
          )}
        </Box>
        {aside && <Box sx={{ flexShrink: 0, width: { xs: '100%', sm: 'auto' }, pl: { xs: icon ? 4.5 : 0, sm: 0 } }}>{aside}</Box>}
      </Box>
      <Divider />
      <Box sx={{ p: 2.5 }}>{children}</Box>
    </Card>
  );
}
