import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

export interface PanelCardProps {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A titled panel of the Financials screen. */
export function PanelCard({ title, action, children, testId }: PanelCardProps) {
  return (
    <Card component="section" aria-label={title} data-testid={testId} sx={{ p: 2.5, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 32 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action && <Box sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>{action}</Box>}
      </Box>
      {children}
    </Card>
  );
}
