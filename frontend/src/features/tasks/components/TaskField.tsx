import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One labelled value of the task page's description list (dt/dd). */
export function TaskField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, mt: 0.25, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
