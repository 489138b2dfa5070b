import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export interface FullPageSpinnerProps {
  /** Accessible name; omit where the catalogues may not be loaded yet (Suspense fallbacks). */
  label?: string;
  /** `page` fills the viewport; `content` fills the shell's content area. */
  fill?: 'page' | 'content';
}

export function FullPageSpinner({ label, fill = 'page' }: FullPageSpinnerProps) {
  return (
    <Box
      aria-busy="true"
      sx={{
        display: 'grid',
        placeItems: 'center',
        minHeight: fill === 'page' ? '100dvh' : 320,
        width: '100%',
      }}
    >
      <CircularProgress aria-label={label} size={36} />
    </Box>
  );
}
