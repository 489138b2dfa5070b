import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { errorMessage } from '../../../lib/api-client';
import { formatCents } from '../../../lib/intl';
import { formatDateTime } from '../../reservations/utils/format';
import { useOwnerApprovals } from '../api/owner';
import type { OwnerApproval } from '../api/types';
import { DecisionDialog } from '../components/DecisionDialog';
import { PhotoStrip } from '../components/PhotoStrip';

/** Repairs above the property's approval limit waiting for the owner: approve (the work goes on) or decline with a note. */
export default function OwnerApprovalsPage() {
  const { t, i18n } = useTranslation();
  const { items, error, isLoading } = useOwnerApprovals();
  const [deciding, setDeciding] = useState<{ approval: OwnerApproval; approved: boolean } | null>(null);
  return (
    <>
      <PageHeader title={t('ownerPortal.approvals.title')} subtitle={t('ownerPortal.approvals.subtitle')} />
      {error && <Alert severity="error">{errorMessage(error, t('ownerPortal.loadError'))}</Alert>}
      {isLoading && <Skeleton variant="rounded" height={180} />}
      {!isLoading && !error && items.length === 0 && <Alert severity="success">{t('ownerPortal.approvals.none')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {items.map((approval) => (
          <Card component="article" key={approval.taskId} data-testid="owner-approval" aria-labelledby={`approval-${approval.taskId}`}>
            <CardContent sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
                {approval.propertyName}
              </Typography>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
                <Typography id={`approval-${approval.taskId}`} variant="h6" component="h2">
                  {approval.title}
                </Typography>
                <Typography variant="h6" component="p" data-testid="owner-approval-cost" aria-label={t('ownerPortal.approvals.costLabel', { cost: formatCents(approval.estimatedCost, i18n.language) })}>
                  {formatCents(approval.estimatedCost, i18n.language)}
                </Typography>
              </Box>
              {approval.description && <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{approval.description}</Typography>}
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('ownerPortal.approvals.askedOn', { date: formatDateTime(approval.requestedAt, i18n.language) })}
              </Typography>
              <PhotoStrip photos={approval.photos} title={approval.title} />
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1 }}>
              <Button variant="contained" onClick={() => setDeciding({ approval, approved: true })}>
                {t('ownerPortal.approvals.approve')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setDeciding({ approval, approved: false })}>
                {t('ownerPortal.approvals.decline')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {deciding && <DecisionDialog approval={deciding.approval} approved={deciding.approved} onClose={() => setDeciding(null)} />}
    </>
  );
}
