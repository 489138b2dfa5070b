import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface EmptyStateProps {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** Smaller, for a section inside a card. */
  dense?: boolean;
}

/** A centred icon, title, hint and optional action for lists with nothing to show. */
export function EmptyState({ icon, title, description, action, dense = false }: EmptyStateProps) {
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', textAlign: 'center', py: dense ? 3 : { xs: 6, md: 8 }, px: 2 }}>
      <Box
        sx={{
          width: dense ? 48 : 64,
          height: dense ? 48 : 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'grey.100',
          color: 'text.secondary',
          mb: dense ? 1.5 : 2,
        }}
      >
        {icon}
      </Box>
      <Typography variant={dense ? 'subtitle1' : 'h6'} component={dense ? 'p' : 'h2'} gutterBottom={Boolean(description)}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 420 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2.5 }}>{action}</Box>}
    </Box>
  );
}
