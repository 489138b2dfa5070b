import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { figureContainerSx, fitFigureSx } from '../../../components/ui/fit-figure';

export interface StatTileProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  color?: string;
  testId?: string;
}

/** One figure with its label. */
export function StatTile({ label, value, hint, color = 'text.primary', testId }: StatTileProps) {
  return (
    <Box
      data-testid={testId}
      sx={{ p: 1.5, borderRadius: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5, ...figureContainerSx }}
    >
      {/* Two lines are kept for the label, so values line up across a row when one label wraps. */}
      <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, display: 'block', lineHeight: 1.35, minHeight: '2.7em' }}>
        {label}
      </Typography>
      <Box>
        <Typography data-testid="stat-value" sx={{ ...fitFigureSx(value, '1.5rem'), fontWeight: 700, color, lineHeight: 1.3 }}>
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {hint}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
