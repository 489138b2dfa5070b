import type { ComponentType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ArrowDownwardRoundedIcon from '#icons/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '#icons/ArrowUpwardRounded';
import LockRoundedIcon from '#icons/LockRounded';
import RemoveRoundedIcon from '#icons/RemoveRounded';
import ScheduleRoundedIcon from '#icons/ScheduleRounded';
import { figureContainerSx, fitFigureSx } from '../../../components/ui/fit-figure';

/**
 * `restricted`: a figure the caller's role may not see (a lock, and the change text says who may).
 * `flat`: no change, or nothing to compare with yet ("new").
 */
export type MetricTrend = 'up' | 'down' | 'flat' | 'warning' | 'restricted';

export interface MetricCardProps {
  title: string;
  /** The formatted value; ignored while loading. */
  value: ReactNode;
  /** The change text next to the trend icon (e.g. "+2.5%", or "New"). */
  change: string;
  /** Text after the change (e.g. "vs last month"). */
  changeCaption?: string;
  trend: MetricTrend;
  icon: ComponentType<SvgIconProps>;
  /** Shows loading placeholders instead of the value and the change. */
  loading?: boolean;
}

const TREND: Record<MetricTrend, { icon: ComponentType<SvgIconProps>; color: 'success' | 'error' | 'warning' | 'text' }> = {
  up: { icon: ArrowUpwardRoundedIcon, color: 'success' },
  down: { icon: ArrowDownwardRoundedIcon, color: 'error' },
  flat: { icon: RemoveRoundedIcon, color: 'text' },
  warning: { icon: ScheduleRoundedIcon, color: 'warning' },
  restricted: { icon: LockRoundedIcon, color: 'text' },
};

/** A dashboard metric: title, value, and a trend (up arrow, down arrow or clock) with its change. */
export function MetricCard({ title, value, change, changeCaption, trend, icon: Icon, loading = false }: MetricCardProps) {
  const { icon: TrendIcon, color } = TREND[trend];
  const tone = color === 'text' ? 'text.secondary' : `${color}.main`;
  return (
    <Card
      component="section"
      aria-label={title}
      aria-busy={loading || undefined}
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0, ...figureContainerSx }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" component="h2" sx={{ color: 'text.secondary', fontWeight: 600, pt: { sm: 1 } }}>
          {title}
        </Typography>
        <Box
          aria-hidden
          sx={(theme) => ({
            display: { xs: 'none', sm: 'grid' },
            width: 36,
            height: 36,
            flexShrink: 0,
            borderRadius: 2,
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: alpha(theme.palette.primary.main, 0.08),
          })}
        >
          <Icon fontSize="small" />
        </Box>
      </Box>
      {/* Pushed to the bottom, so the values of a row line up when a title wraps. While loading, the
          placeholders sit in the same text elements as the values, so they take the same height and
          nothing below moves when the figures arrive. */}
      <Box sx={{ mt: 'auto', display: 'grid', gap: 0.75 }}>
        <Typography
          component="p"
          sx={[fitFigureSx(loading ? null : value, '1.375rem'), (theme) => ({ [theme.breakpoints.up('sm')]: fitFigureSx(loading ? null : value, '1.75rem') }), { fontWeight: 700, lineHeight: 1.2 }]}
          data-testid={loading ? undefined : 'metric-value'}
        >
          {loading ? <Skeleton variant="text" width="55%" /> : value}
        </Typography>
        {/* The trend and its change stay together; a long caption (Portuguese, Spanish) wraps beside them. */}
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minHeight: 20 }}>
          {loading ? (
            <Typography variant="body2" sx={{ flex: 1 }}>
              <Skeleton variant="text" width="40%" />
            </Typography>
          ) : (
            <>
              <TrendIcon sx={{ fontSize: 16, color: tone, flexShrink: 0, mt: '2px' }} aria-hidden />
              {change && (
                // A figure with a caption ("+12.3%" "vs last month") stays on one line; a change that is
                // a phrase ("4 urgentes ou atrasadas") wraps on a phone instead of being cut off.
                <Typography variant="body2" sx={{ color: tone, fontWeight: 600, minWidth: 0, whiteSpace: changeCaption ? 'nowrap' : 'normal' }}>
                  {change}
                </Typography>
              )}
              {changeCaption && (
                <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 0 }}>
                  {changeCaption}
                </Typography>
              )}
            </>
          )}
        </Box>
      </Box>
    </Card>
  );
}
