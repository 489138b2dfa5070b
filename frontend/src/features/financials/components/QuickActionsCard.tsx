import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import AddCardRoundedIcon from '#icons/AddCardRounded';
import FileDownloadRoundedIcon from '#icons/FileDownloadRounded';
import ReceiptRoundedIcon from '#icons/ReceiptRounded';
import { useTranslation } from 'react-i18next';
import { useReportDownload } from '../api/use-report-download';
import { PanelCard } from './PanelCard';

export interface QuickActionsCardProps {
  onCreateInvoice: () => void;
  onRecordExpense: () => void;
}

/** Create Invoice, Record Expense, and Export Report (this month's financial report, Excel or PDF). */
export function QuickActionsCard({ onCreateInvoice, onRecordExpense }: QuickActionsCardProps) {
  const { t } = useTranslation();
  const { download, busy } = useReportDownload();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const exportAs = (format: 'xlsx' | 'pdf') => {
    setMenu(null);
    void download({ format, range: 'this_month', type: 'financial' });
  };
  return (
    <PanelCard title={t('financials.quickActions.title')} testId="quick-actions">
      <Stack spacing={1.25}>
        <Button variant="outlined" startIcon={<ReceiptRoundedIcon />} onClick={onCreateInvoice} sx={{ justifyContent: 'flex-start' }}>
          {t('financials.quickActions.createInvoice')}
        </Button>
        <Button variant="outlined" startIcon={<AddCardRoundedIcon />} onClick={onRecordExpense} sx={{ justifyContent: 'flex-start' }}>
          {t('financials.quickActions.recordExpense')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownloadRoundedIcon />}
          onClick={(event) => setMenu(event.currentTarget)}
          disabled={busy}
          aria-haspopup="menu"
          sx={{ justifyContent: 'flex-start' }}
        >
          {t('financials.quickActions.exportReport')}
        </Button>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          <MenuItem onClick={() => exportAs('xlsx')}>{t('financials.export.excel')}</MenuItem>
          <MenuItem onClick={() => exportAs('pdf')}>{t('financials.export.pdf')}</MenuItem>
        </Menu>
      </Stack>
    </PanelCard>
  );
}
