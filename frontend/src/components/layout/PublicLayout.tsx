import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { BrandLogo } from '../ui/BrandLogo';
import { LanguageSwitcher } from '../ui/LanguageSwitcher';

export interface PublicLayoutProps {
  children: ReactNode;
  /** Width of the content column. */
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Optional content under the page (links, copyright). */
  footer?: ReactNode;
}

/** Frame of the screens shown without a session: brand and language switcher on top. */
export function PublicLayout({ children, maxWidth = 'sm', footer }: PublicLayoutProps) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        backgroundImage: (theme) =>
          `radial-gradient(ellipse 80% 50% at 50% -10%, ${theme.palette.primary.main}1f, transparent),` +
          `radial-gradient(ellipse 50% 40% at 100% 100%, ${theme.palette.secondary.main}14, transparent)`,
      }}
    >
      <Container maxWidth="lg" component="header" sx={{ py: 2.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Link component={RouterLink} to={paths.home} underline="none" color="inherit" sx={{ borderRadius: 2 }}>
          <BrandLogo />
        </Link>
        <LanguageSwitcher variant="button" />
      </Container>
      <Container maxWidth={maxWidth} component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', py: { xs: 3, md: 5 } }}>
        {children}
      </Container>
      {footer && (
        <Container maxWidth="lg" component="footer" sx={{ py: 3 }}>
          {footer}
        </Container>
      )}
    </Box>
  );
}
