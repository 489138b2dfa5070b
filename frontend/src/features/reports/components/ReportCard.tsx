import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

export interface ReportCardProps {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A titled block of the Reports screen. */
export function ReportCard({ title, action, children, testId }: ReportCardProps) {
  return (
    <Card component="section" aria-label={title} data-testid={testId} sx={{ p: 2.5, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, alignContent: 'start', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Card>
  );
}
