import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BillingHistoryEntry } from '#shared/billing';
import { localeOf } from '../../../lib/intl';
import { formatInstant } from '../../../lib/zoned-format';

/** The company's billing history (CEO): every plan change and payment state, newest first. */
export function BillingHistoryCard({ history, timeZone }: { history: BillingHistoryEntry[]; timeZone?: string | null }) {
  const { t, i18n } = useTranslation();
  const when = (at: string) => formatInstant(at, localeOf(i18n.language), 'dateTime', timeZone ?? undefined);
  const plan = (p: string) => t(`common.plans.${p}`);
  return (
    <Card variant="outlined" data-testid="billing-history">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('pricing.history.title')}
        </Typography>
        {history.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('pricing.history.empty')}
          </Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('pricing.history.when')}</TableCell>
                <TableCell>{t('pricing.history.what')}</TableCell>
                <TableCell>{t('pricing.history.by')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.map((entry) => (
                <TableRow key={entry.id} data-testid="billing-history-entry">
                  <TableCell>{when(entry.at)}</TableCell>
                  <TableCell>
                    {/* A "change" to the plan it already had: paying for it started (a checkout of the same plan). */}
                    {t(`pricing.history.events.${entry.event === 'plan_changed' && entry.fromPlan === entry.toPlan ? 'plan_confirmed' : entry.event}`, { from: plan(entry.fromPlan), to: plan(entry.toPlan) })}
                  </TableCell>
                  <TableCell>{t(`pricing.history.actors.${entry.by.kind}`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
