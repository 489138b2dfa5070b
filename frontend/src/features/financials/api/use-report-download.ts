import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/use-toast';
import { downloadReport, type ReportExport } from './download-report';

/** Downloads a report with SPEC's toast: "Export Started / Your EXCEL report is being generated...". */
export function useReportDownload() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async (request: ReportExport) => {
    setBusy(true);
    toast({ title: t('financials.export.started'), description: t('financials.export.generating', { format: request.format === 'xlsx' ? 'EXCEL' : 'PDF' }) });
    try {
      const file = await downloadReport(request);
      toast({ title: t('financials.export.done'), description: file, severity: 'success' });
    } catch (error) {
      toast({ title: t('financials.export.failed'), description: errorMessage(error, ''), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
