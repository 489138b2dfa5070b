import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface SettingSwitchProps {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** One preference: its label and hint on the left, the switch on the right. */
export function SettingSwitch({ label, hint, checked, onChange, disabled }: SettingSwitchProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={labelId} variant="body1" sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        {hint && (
          <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
            {hint}
          </Typography>
        )}
      </Box>
      <Switch
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': hint ? hintId : undefined, role: 'switch' } }}
      />
    </Box>
  );
}
