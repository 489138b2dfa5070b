import type { ComponentType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowDownwardRoundedIcon from '#icons/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '#icons/ArrowUpwardRounded';
import { figureContainerSx, fitFigureSx } from '../../../components/ui/fit-figure';

export interface FinanceStatCardProps {
  title: string;
  value: ReactNode;
  icon: ComponentType<SvgIconProps>;
  loading?: boolean;
  /** The formatted change against last month; omitted when there is nothing to compare with. */
  change?: { text: string; direction: 'up' | 'down'; good: boolean };
  /** Text after the change, or the whole footer when there is no change. */
  caption?: ReactNode;
  /** Accent of the footer when there is no change (e.g. overdue invoices in orange). */
  captionColor?: 'warning.main' | 'text.secondary';
  testId?: string;
}

/** A money card: title, value, and the change against last month (or a plain caption). */
export function FinanceStatCard({ title, value, icon: Icon, loading, change, caption, captionColor = 'text.secondary', testId }: FinanceStatCardProps) {
  const TrendIcon = change?.direction === 'down' ? ArrowDownwardRoundedIcon : ArrowUpwardRoundedIcon;
  const color = change ? (change.good ? 'success.main' : 'error.main') : captionColor;
  return (
    <Card component="section" aria-label={title} aria-busy={loading || undefined} data-testid={testId} sx={{ p: 2.5, display: 'grid', gap: 1.25, alignContent: 'start', minWidth: 0, ...figureContainerSx }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, height: 40 }}>
        <Typography variant="body2" component="h2" sx={{ color: 'text.secondary', fontWeight: 600, lineHeight: '20px', overflow: 'hidden', maxHeight: 40 }}>
          {title}
        </Typography>
        <Box
          aria-hidden
          sx={(theme) => ({ width: 36, height: 36, flexShrink: 0, borderRadius: 2, display: 'grid', placeItems: 'center', color: 'primary.main', bgcolor: alpha(theme.palette.primary.main, 0.08) })}
        >
          <Icon fontSize="small" />
        </Box>
      </Box>
      {loading ? (
        <>
          <Skeleton variant="text" width="55%" sx={{ fontSize: '2rem' }} />
          <Skeleton variant="text" width="40%" />
        </>
      ) : (
        <>
          <Typography component="p" data-testid="stat-value" sx={{ ...fitFigureSx(value, '1.75rem'), fontWeight: 700, lineHeight: 1.2 }}>
            {value}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', minHeight: 22 }}>
            {change && (
              <>
                <TrendIcon sx={{ fontSize: 16, color }} aria-hidden />
                <Typography variant="body2" sx={{ color, fontWeight: 600 }} data-testid="stat-change">
                  {change.text}
                </Typography>
              </>
            )}
            {caption && (
              <Typography variant="body2" sx={{ color: change ? 'text.secondary' : color, fontWeight: change ? 400 : 600 }}>
                {caption}
              </Typography>
            )}
          </Box>
        </>
      )}
    </Card>
  );
}
