import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import WarningAmberRoundedIcon from '#icons/WarningAmberRounded';
import { useTranslation } from 'react-i18next';
import type { DispatchRow } from '#shared/dispatch';
import { formatHours, rowName, type weekWords } from '../utils/format';

/** A row's heading: who, the week's workload in hours, and how many warnings its cards carry. */
export function RowHeader({ row, week }: { row: DispatchRow; week: ReturnType<typeof weekWords> }) {
  const { t, i18n } = useTranslation();
  const name = rowName(t, row);
  return (
    <Box sx={{ p: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h2" sx={{ overflowWrap: 'anywhere', fontStyle: row.member ? 'normal' : 'italic' }}>
        {name}
      </Typography>
      {row.member && !row.member.former && (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {t(`dispatch.role.${row.member.role}`, { defaultValue: row.member.role })}
        </Typography>
      )}
      <Typography variant="caption" sx={{ display: 'block' }} data-testid="row-workload">
        {t('dispatch.row.workload', { ...week, hours: formatHours(row.workloadMinutes, i18n.language) })}
      </Typography>
      {row.warningCount > 0 && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          icon={<WarningAmberRoundedIcon />}
          label={t('dispatch.row.warnings', { count: row.warningCount })}
          sx={{ mt: 0.5 }}
        />
      )}
    </Box>
  );
}
