import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import FileDownloadOutlinedIcon from '#icons/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatMonth } from '../../reservations/utils/format';
import { downloadStatement, useOwnerStatements } from '../api/owner';

/** The monthly statements already made for the owner's properties, newest first, each a PDF to download. */
export default function OwnerStatementsPage() {
  const { t, i18n } = useTranslation();
  const { toast } = useToast();
  const { items, error, isLoading } = useOwnerStatements();
  const [busy, setBusy] = useState<string | null>(null);
  const several = new Set(items.map((item) => item.propertyId)).size > 1;

  async function download(propertyId: string, month: string) {
    const key = `${propertyId}:${month}`;
    setBusy(key);
    try {
      await downloadStatement(propertyId, month);
    } catch (failure) {
      toast({ title: t('ownerPortal.statements.failed'), description: errorMessage(failure, ''), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <PageHeader title={t('ownerPortal.statements.title')} subtitle={t('ownerPortal.statements.subtitle')} />
      {error && <Alert severity="error">{errorMessage(error, t('ownerPortal.loadError'))}</Alert>}
      {isLoading && <Skeleton variant="rounded" height={160} />}
      {!isLoading && !error && items.length === 0 && <Alert severity="info">{t('ownerPortal.statements.none')}</Alert>}
      {items.length > 0 && (
        <Card>
          <List aria-label={t('ownerPortal.statements.title')} disablePadding>
            {items.map((item) => {
              const key = `${item.propertyId}:${item.month}`;
              const monthName = formatMonth(item.month, i18n.language);
              return (
                <ListItem
                  key={key}
                  divider
                  data-testid="owner-statement"
                  data-month={item.month}
                  sx={{ gap: 2, flexWrap: 'wrap' }}
                  secondaryAction={undefined}
                >
                  <ListItemText primary={monthName} secondary={several ? item.propertyName : undefined} sx={{ minWidth: 160 }} />
                  <Button
                    variant="outlined"
                    size="small"
                    startIcon={busy === key ? <CircularProgress size={14} color="inherit" /> : <FileDownloadOutlinedIcon />}
                    disabled={busy === key}
                    onClick={() => void download(item.propertyId, item.month)}
                    aria-label={t('ownerPortal.statements.downloadLabel', { month: monthName, property: item.propertyName })}
                  >
                    {t('ownerPortal.statements.download')}
                  </Button>
                </ListItem>
              );
            })}
          </List>
        </Card>
      )}
    </>
  );
}
