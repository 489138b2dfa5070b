// The bar at the bottom of the shifts screen: what the user can do now and the button that does it
// (Iniciar Turno / Encerrar Turno).
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PlayArrowRoundedIcon from '#icons/PlayArrowRounded';
import StopRoundedIcon from '#icons/StopRounded';
import { useTranslation } from 'react-i18next';
import type { shiftAction } from '../utils/shift-action';

interface ShiftActionBarProps {
  action: NonNullable<ReturnType<typeof shiftAction>>;
  hint: string;
  busy: boolean;
  onAction: () => void;
}

export function ShiftActionBar({ action, hint, busy, onAction }: ShiftActionBarProps) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={0}
      sx={{
        position: 'sticky',
        bottom: 16,
        zIndex: 2,
        p: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        border: 1,
        borderColor: 'divider',
        boxShadow: '0 8px 24px rgba(16, 24, 40, 0.10)',
      }}
    >
      <Typography variant="body2" sx={{ flex: 1, minWidth: 200, color: 'text.secondary' }} data-testid="shift-action-hint">
        {hint}
      </Typography>
      <Button
        size="large"
        variant="contained"
        color={action.label === 'start' ? 'success' : 'error'}
        startIcon={action.label === 'start' ? <PlayArrowRoundedIcon /> : <StopRoundedIcon />}
        disabled={action.disabled || busy}
        onClick={onAction}
        data-testid="shift-action"
        sx={{ minWidth: 200 }}
      >
        {t(`shifts.actions.${action.label}`)}
      </Button>
    </Paper>
  );
}
