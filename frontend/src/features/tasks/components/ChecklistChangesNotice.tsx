import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { ChecklistChanges } from '../utils/checklist-changes';

export interface ChecklistChangesNoticeProps {
  changes: ChecklistChanges;
  onDismiss: () => void;
}

/**
 * After a 409 on a tick or a photo: what someone else changed on this checklist meanwhile, item by
 * item (the rows are marked too), and that the refused change was not saved. Stays until dismissed.
 */
export function ChecklistChangesNotice({ changes, onDismiss }: ChecklistChangesNoticeProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onDismiss}>
          {t('tasks.checklist.changes.dismiss')}
        </Button>
      }
    >
      <AlertTitle>{t('tasks.checklist.changes.title')}</AlertTitle>
      {changes.replaced ? (
        t('tasks.checklist.changes.replaced')
      ) : (
        <>
          {changes.items.length > 0 && t('tasks.checklist.changes.intro')}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {changes.items.map((change) => (
              <li key={change.itemId}>
                {t('tasks.checklist.changes.item', {
                  item: change.description,
                  what: change.kinds.map((kind) => t(`tasks.checklist.changes.${kind}`)).join(', '),
                })}
              </li>
            ))}
          </Box>
        </>
      )}
      <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
        {t('tasks.checklist.changes.retry')}
      </Box>
    </Alert>
  );
}
