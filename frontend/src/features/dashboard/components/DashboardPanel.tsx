import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

export interface DashboardPanelProps {
  title: string;
  /** Shown at the right of the title (e.g. a "View all" link). */
  action?: ReactNode;
  children: ReactNode;
}

/** A titled card of the dashboard (Recent tasks, Quick actions, Upcoming check-ins, Top performers). */
export function DashboardPanel({ title, action, children }: DashboardPanelProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2.5, pt: 2, pb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      <Box sx={{ px: 1, pb: 1.5, flex: 1 }}>{children}</Box>
    </Card>
  );
}

export interface PanelPlaceholderProps {
  rows?: number;
}

/** Loading placeholder rows of a panel list. */
export function PanelPlaceholder({ rows = 3 }: PanelPlaceholderProps) {
  return (
    <Box aria-hidden sx={{ display: 'grid', gap: 1.5, px: 1.5, py: 1 }}>
      {Array.from({ length: rows }, (_, index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Skeleton variant="circular" width={36} height={36} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" width="35%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export interface PanelEmptyProps {
  children: ReactNode;
}

/** The empty text of a panel ("No recent tasks found"…). */
export function PanelEmpty({ children }: PanelEmptyProps) {
  return (
    <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 4, px: 2 }}>{children}</Typography>
  );
}
