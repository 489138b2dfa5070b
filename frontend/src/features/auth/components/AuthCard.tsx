import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { SvgIconComponent } from '#icons/types';

export interface AuthCardProps {
  /** The page heading (an h1: each public screen has one card). */
  title: string;
  subtitle?: ReactNode;
  icon?: SvgIconComponent;
  children: ReactNode;
  /** Under the card: links to the other auth screens. */
  footer?: ReactNode;
}

/** The card every e-mail/password screen is built on: icon, heading, subtitle, content. */
export function AuthCard({ title, subtitle, icon: Icon, children, footer }: AuthCardProps) {
  return (
    <Box sx={{ width: '100%', maxWidth: 520, mx: 'auto' }}>
      <Card sx={{ boxShadow: '0 12px 40px rgba(16, 24, 40, 0.10)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          {Icon && (
            <Box
              aria-hidden
              sx={{
                width: 48,
                height: 48,
                mb: 2,
                borderRadius: 3,
                display: 'grid',
                placeItems: 'center',
                color: 'primary.main',
                bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1),
              }}
            >
              <Icon />
            </Box>
          )}
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.75 }}>
              {subtitle}
            </Typography>
          )}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </CardContent>
      </Card>
      {footer && <Box sx={{ mt: 2.5, textAlign: 'center' }}>{footer}</Box>}
    </Box>
  );
}
