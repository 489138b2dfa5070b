import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';

export type BoardView = 'week' | 'rolling';

/** The calendar week (Monday to Sunday) or seven days from today. */
export function BoardViewToggle({ value, onChange, disabled }: { value: BoardView | undefined; onChange: (view: BoardView) => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value ?? null}
      disabled={disabled}
      // Pressing the view already shown (the server's default) makes it the address's choice.
      onChange={(_event, next: BoardView | null) => {
        const chosen = next ?? value;
        if (chosen) onChange(chosen);
      }}
      aria-label={t('dispatch.view.label')}
      data-testid="dispatch-view"
    >
      <ToggleButton value="rolling" sx={{ textTransform: 'none', px: 1.5 }}>
        {t('dispatch.view.rolling')}
      </ToggleButton>
      <ToggleButton value="week" sx={{ textTransform: 'none', px: 1.5 }}>
        {t('dispatch.view.week')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
