import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AssessmentRoundedIcon from '#icons/AssessmentRounded';
import GroupsRoundedIcon from '#icons/GroupsRounded';
import InsightsRoundedIcon from '#icons/InsightsRounded';
import PaidRoundedIcon from '#icons/PaidRounded';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '#shared/report-query';
import type { ReportFilters } from '../api/get-report';
import { ReportCard } from './ReportCard';

export interface QuickReportsCardProps {
  /** The screen's filters: quick reports use its date range (Monthly Summary: this month). */
  filters: ReportFilters;
  onExport: (format: ExportFormat, filters: ReportFilters) => void;
  busy: boolean;
  allowFinancial: boolean;
}

/**
 * The four quick reports: Monthly Summary (everything, this month) and Team Analysis (team) as
 * Excel; Performance Report (tasks) and Financial Report (financial) as PDF.
 */
export function QuickReportsCard({ filters, onExport, busy, allowFinancial }: QuickReportsCardProps) {
  const { t } = useTranslation();
  const reports = [
    { key: 'monthlySummary', icon: AssessmentRoundedIcon, format: 'xlsx' as const, filters: { range: 'this_month' as const, type: 'all' as const } },
    { key: 'teamAnalysis', icon: GroupsRoundedIcon, format: 'xlsx' as const, filters: { ...filters, type: 'team' as const } },
    { key: 'performanceReport', icon: InsightsRoundedIcon, format: 'pdf' as const, filters: { ...filters, type: 'tasks' as const } },
    { key: 'financialReport', icon: PaidRoundedIcon, format: 'pdf' as const, filters: { ...filters, type: 'financial' as const } },
  ].filter((report) => allowFinancial || report.key !== 'financialReport');
  return (
    <ReportCard title={t('reports.quick.title')} testId="quick-reports">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', xl: `repeat(${reports.length}, 1fr)` } }}>
        {reports.map(({ key, icon: Icon, format, filters: reportFilters }) => (
          <Button
            key={key}
            variant="outlined"
            color="inherit"
            disabled={busy}
            onClick={() => onExport(format, reportFilters)}
            data-testid={`quick-${key}`}
            sx={{ justifyContent: 'flex-start', gap: 1.5, p: 1.5, borderColor: 'divider', textAlign: 'left' }}
          >
            <Icon color="primary" aria-hidden />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`reports.quick.${key}`)}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t(`reports.quick.${key}Hint`)}
              </Typography>
            </Box>
            <Chip size="small" label={format === 'xlsx' ? 'Excel' : 'PDF'} color={format === 'xlsx' ? 'success' : 'error'} variant="outlined" />
          </Button>
        ))}
      </Box>
    </ReportCard>
  );
}
