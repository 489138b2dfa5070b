import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import GridOnRoundedIcon from '#icons/GridOnRounded';
import PictureAsPdfRoundedIcon from '#icons/PictureAsPdfRounded';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isManagerRole } from '#shared/enums';
import { REPORT_RANGES, type ReportRangeKey } from '#shared/rules';
import { REPORT_TYPES, type ReportType } from '#shared/report-query';
import { FullPageSpinner } from '../../../components/ui/FullPageSpinner';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { customRangeProblem, reportUrl, useReport, type ReportFilters } from '../api/get-report';
import type { FirstReads } from '../../../lib/first-reads';
import { useExport } from '../api/use-export';
import { FinancialSummaryCard, PropertyOverviewCard, TeamPerformanceCard } from '../components/OverviewSections';
import { QuickReportsCard } from '../components/QuickReportsCard';
import { ReportFiltersBar } from '../components/ReportFiltersBar';
import { TaskPerformanceCard, TasksByStatusCard, TasksByTypeCard, TimelineCard } from '../components/TaskSections';

/** The filters live in the address (?range=&type=&from=&to=), so a report can be linked and reloaded. */
function filtersFrom(params: URLSearchParams): ReportFilters {
  const range = params.get('range');
  const type = params.get('type');
  return {
    range: (REPORT_RANGES as readonly string[]).includes(range ?? '') ? (range as ReportRangeKey) : 'this_month',
    type: (REPORT_TYPES as readonly string[]).includes(type ?? '') ? (type as ReportType) : 'all',
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
}

/**
 * The filters and a way to change some of them. A change is merged into the address as it is now
 * (window.location, which navigation updates at once) rather than as it was at the last render:
 * react-router's functional update also hands over the last render's params, so two quick changes
 * (From, then To) would otherwise lose the first.
 */
function useFilters(): [ReportFilters, (patch: Partial<ReportFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const update = (patch: Partial<ReportFilters>) => {
    const next = { ...filtersFrom(new URLSearchParams(window.location.search)), ...patch };
    const query: Record<string, string> = { range: next.range, type: next.type };
    if (next.range === 'custom') {
      if (next.from) query.from = next.from;
      if (next.to) query.to = next.to;
    }
    setParams(query, { replace: true });
  };
  return [filtersFrom(params), update];
}

/** What the report's first render shows (app/boot.ts loads it before React draws): the report of the address's filters. */
export const firstReads: FirstReads = ({ search }) => {
  const url = reportUrl(filtersFrom(new URLSearchParams(search)));
  return url ? [url] : [];
};

/**
 * Reports: task performance, tasks by type and status, property overview, team performance and the
 * money of a date range, filtered by report type, from the server's per-day counters; Excel and
 * PDF exports of the same figures.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const { status, user } = useCurrentUser();
  const [filters, setFilters] = useFilters();
  const allowFinancial = Boolean(user && isManagerRole(user.role));
  const { report, error, isLoading, isValidating } = useReport(filters);
  const { run, busy } = useExport();
  // A custom range is read once it has both dates and the server would take it (the To field says what is wrong).
  const waitingForDates = filters.range === 'custom' && !(filters.from && filters.to && !customRangeProblem(filters));

  if (status === 'loading') return <FullPageSpinner fill="content" label={t('common.loading')} />;

  const shown = report && report.type === filters.type ? report : undefined;
  return (
    <>
      <PageHeader
        title={t('reports.title')}
        subtitle={t('reports.subtitle')}
        actions={
          <>
            <Button variant="outlined" startIcon={<GridOnRoundedIcon />} disabled={Boolean(busy) || waitingForDates} onClick={() => void run('xlsx', filters)}>
              {t('reports.exportExcel')}
            </Button>
            <Button variant="contained" startIcon={<PictureAsPdfRoundedIcon />} disabled={Boolean(busy) || waitingForDates} onClick={() => void run('pdf', filters)}>
              {t('reports.exportPdf')}
            </Button>
          </>
        }
      />
      <ReportFiltersBar filters={filters} onChange={setFilters} range={waitingForDates ? undefined : report?.range} allowFinancial={allowFinancial} />
      <Box sx={{ height: 4, mt: 1 }}>{isValidating && !isLoading && <LinearProgress aria-label={t('common.loading')} />}</Box>
      {error && error.status !== 401 && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error.status === 403 ? t('reports.forbidden') : t('reports.loadFailed')}
        </Alert>
      )}
      {waitingForDates && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('reports.chooseDates')}
        </Alert>
      )}
      {isLoading && !report ? (
        <Box sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, 1fr)' } }} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={220} />
          ))}
        </Box>
      ) : (
        shown &&
        !waitingForDates && (
          <Box sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, 1fr)' }, alignItems: 'start' }} data-testid="report-sections">
            {shown.tasks && <TaskPerformanceCard tasks={shown.tasks} />}
            {shown.tasks && <TasksByTypeCard tasks={shown.tasks} />}
            {shown.tasks && <TasksByStatusCard tasks={shown.tasks} />}
            {shown.tasks && <TimelineCard tasks={shown.tasks} />}
            {shown.properties && <PropertyOverviewCard properties={shown.properties} />}
            {shown.team && <TeamPerformanceCard team={shown.team} />}
            {shown.financial && (
              <Box sx={{ gridColumn: { lg: '1 / -1' } }}>
                <FinancialSummaryCard financial={shown.financial} />
              </Box>
            )}
          </Box>
        )
      )}
      <Box sx={{ mt: 2 }}>
        <QuickReportsCard filters={filters} onExport={(format, quick) => void run(format, quick)} busy={Boolean(busy) || waitingForDates} allowFinancial={allowFinancial} />
      </Box>
    </>
  );
}
