import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '#shared/report-query';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { downloadReport } from './download-report';
import type { ReportFilters } from './get-report';

/** Builds and downloads a report file, with SPEC's toast while it is generated. */
export function useExport() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat, filters: ReportFilters) => {
    setBusy(format);
    toast({ title: t('reports.export.started'), description: t('reports.export.generating', { format: format === 'xlsx' ? 'EXCEL' : 'PDF' }) });
    try {
      const file = await downloadReport(format, filters);
      toast({ title: t('reports.export.done'), description: file, severity: 'success' });
    } catch (error) {
      toast({ title: t('reports.export.failed'), description: errorMessage(error, ''), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  return { run, busy };
}
