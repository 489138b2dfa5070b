import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MAX_REPORT_DAYS, REPORT_RANGES, type ReportRangeKey } from '#shared/rules';
import { REPORT_TYPES, type ReportType } from '#shared/report-query';
import { customRangeProblem, type Report, type ReportFilters } from '../api/get-report';
import { formatDay } from '../utils/format';
import { DateFilterField } from './DateFilterField';

export interface ReportFiltersBarProps {
  filters: ReportFilters;
  /** Changes some filters (merged into the current ones). */
  onChange: (patch: Partial<ReportFilters>) => void;
  /** The range the server resolved (shown as dates). */
  range: Report['range'] | undefined;
  /** Staff do not get the financial report. */
  allowFinancial: boolean;
}

/** Date Range (this_month by default, custom with from/to) and Report Type (all by default). */
export function ReportFiltersBar({ filters, onChange, range, allowFinancial }: ReportFiltersBarProps) {
  const { t, i18n } = useTranslation();
  const types = REPORT_TYPES.filter((type) => allowFinancial || type !== 'financial');
  const problem = customRangeProblem(filters);
  return (
    <Card sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }} data-testid="report-filters">
      <TextField
        select
        size="small"
        label={t('reports.filters.dateRange')}
        value={filters.range}
        onChange={(event) => onChange({ range: event.target.value as ReportRangeKey })}
        sx={{ minWidth: 190 }}
        slotProps={{ htmlInput: { 'data-testid': 'date-range' } }}
      >
        {REPORT_RANGES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`reports.ranges.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {filters.range === 'custom' && (
        <>
          {(['from', 'to'] as const).map((field) => (
            <DateFilterField
              key={field}
              label={t(`reports.filters.${field}`)}
              value={filters[field]}
              onCommit={(value) => onChange({ [field]: value })}
              error={problem?.field === field}
              helperText={problem?.field === field ? t(problem.key, { days: MAX_REPORT_DAYS }) : undefined}
              min={field === 'to' ? filters.from : undefined}
            />
          ))}
        </>
      )}
      <TextField
        select
        size="small"
        label={t('reports.filters.reportType')}
        value={filters.type}
        onChange={(event) => onChange({ type: event.target.value as ReportType })}
        sx={{ minWidth: 190 }}
        slotProps={{ htmlInput: { 'data-testid': 'report-type' } }}
      >
        {types.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`reports.reportTypes.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {range && (
        <Typography variant="body2" sx={{ color: 'text.secondary', ml: { md: 'auto' } }} data-testid="report-period">
          {t('reports.filters.period', { from: formatDay(range.from, i18n.language), to: formatDay(range.to, i18n.language) })}
        </Typography>
      )}
    </Card>
  );
}
