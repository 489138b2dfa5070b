import { useId, type ComponentType, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
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

export interface PanelPlaceholderListProps {
  /** How many rows the list will have once loaded (the server's page size). */
  rows: number;
  /** A loading row laid out like the list's rows, so the card keeps its height when the data arrives. */
  row: ComponentType;
}

/** Loading placeholder of a panel list: `rows` copies of the list's own placeholder row. */
export function PanelPlaceholderList({ rows, row: Row }: PanelPlaceholderListProps) {
  return (
    <List disablePadding aria-hidden>
      {Array.from({ length: rows }, (_, index) => (
        <Row key={index} />
      ))}
    </List>
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
