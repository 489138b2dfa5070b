import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import CleaningServicesRoundedIcon from '#icons/CleaningServicesRounded';
import HandymanRoundedIcon from '#icons/HandymanRounded';
import FactCheckRoundedIcon from '#icons/FactCheckRounded';
import LocalLaundryServiceRoundedIcon from '#icons/LocalLaundryServiceRounded';
import type { TaskType } from '#shared/enums';

export interface TaskTypeIconProps {
  type: TaskType;
  /** Pixel size of the rounded tile. */
  size?: number;
}

const ICONS: Record<TaskType, ComponentType<SvgIconProps>> = {
  cleaning: CleaningServicesRoundedIcon,
  maintenance: HandymanRoundedIcon,
  laundry: LocalLaundryServiceRoundedIcon,
  inspection: FactCheckRoundedIcon,
};

const COLORS: Record<TaskType, 'primary' | 'warning' | 'secondary' | 'success'> = {
  cleaning: 'primary',
  maintenance: 'warning',
  laundry: 'secondary',
  inspection: 'success',
};

/** The task type as a tinted icon tile (decorative: the type is also written next to it). */
export function TaskTypeIcon({ type, size = 40 }: TaskTypeIconProps) {
  const Icon = ICONS[type] ?? CleaningServicesRoundedIcon;
  const color = COLORS[type] ?? 'primary';
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        color: `${color}.main`,
        bgcolor: alpha(theme.palette[color].main, 0.1),
      })}
    >
      <Icon sx={{ fontSize: size * 0.55 }} />
    </Box>
  );
}
