import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import RefreshRoundedIcon from '#icons/RefreshRounded';
import { useTranslation } from 'react-i18next';

/**
 * In the place of a part of a screen whose code could not be loaded (lib/use-deferred-module.ts,
 * components/ui/LazyDialog.tsx): what happened and "Try again". The rest of the screen keeps working.
 */
export function SectionLoadError({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid="section-load-error"
      action={
        <Button color="inherit" size="small" startIcon={<RefreshRoundedIcon />} onClick={onRetry} disabled={retrying} sx={{ minHeight: 40 }}>
          {t('common.retry')}
        </Button>
      }
    >
      <AlertTitle>{t('errors.sectionLoad.title')}</AlertTitle>
      {t('errors.sectionLoad.text')}
    </Alert>
  );
}
