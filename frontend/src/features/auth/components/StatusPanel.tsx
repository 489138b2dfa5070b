import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { SvgIconComponent } from '#icons/types';

export type StatusTone = 'primary' | 'success' | 'warning' | 'error';

export interface StatusPanelProps {
  /** An icon, or `loading` for a spinner. */
  icon: SvgIconComponent | 'loading';
  tone: StatusTone;
  title: string;
  description?: ReactNode;
  /** Buttons and links, stacked full-width. */
  actions?: ReactNode;
  /** Marks the panel for tests and assistive tech (`data-state`). */
  state: string;
}

/** One outcome of a link page (confirmation, reset, reset requested): icon, heading, text, actions. */
export function StatusPanel({ icon: Icon, tone, title, description, actions, state }: StatusPanelProps) {
  return (
    <Card sx={{ width: '100%', maxWidth: 520, mx: 'auto', boxShadow: '0 12px 40px rgba(16, 24, 40, 0.10)' }} data-state={state}>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } }, textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 2.5,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: `${tone}.main`,
            bgcolor: (theme) => alpha(theme.palette[tone].main, 0.1),
          }}
        >
          {Icon === 'loading' ? <CircularProgress size={32} color={tone} /> : <Icon sx={{ fontSize: 36 }} />}
        </Box>
        <Typography variant="h4" component="h1" role={Icon === 'loading' ? 'status' : undefined}>
          {title}
        </Typography>
        {description && (
          <Typography variant="body1" sx={{ color: 'text.secondary', mt: 1.25, maxWidth: 400, mx: 'auto' }}>
            {description}
          </Typography>
        )}
        {actions && (
          <Stack spacing={1.25} sx={{ mt: 3.5 }}>
            {actions}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
