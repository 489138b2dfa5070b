import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Report } from '../api/get-report';
import { formatCents } from '../utils/format';
import { ReportCard } from './ReportCard';
import { StatTile } from './StatTile';

/** Property Overview: active properties, average tasks per property, the most active property. */
export function PropertyOverviewCard({ properties }: { properties: NonNullable<Report['properties']> }) {
  const { t } = useTranslation();
  const top = properties.mostActive;
  return (
    <ReportCard title={t('reports.properties.title')} testId="property-overview">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, 1fr)' }}>
        <StatTile label={t('reports.properties.active')} value={properties.active} testId="properties-active" />
        <StatTile label={t('reports.properties.average')} value={properties.averageTasksPerProperty} testId="properties-average" />
      </Box>
      <StatTile
        label={t('reports.properties.mostActive')}
        value={<Typography component="span" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>{top?.name ?? t('reports.properties.notAvailable')}</Typography>}
        hint={top ? t('reports.properties.tasksCount', { count: top.tasks }) : undefined}
        testId="properties-most-active"
      />
    </ReportCard>
  );
}

/** Team Performance: members, team efficiency (the metric's rule over the range), tasks per member. */
export function TeamPerformanceCard({ team }: { team: NonNullable<Report['team']> }) {
  const { t } = useTranslation();
  const leaders = team.people.filter((person) => person.completedInRange > 0).slice(0, 3);
  return (
    <ReportCard title={t('reports.team.title')} testId="team-performance">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(3, 1fr)' }}>
        <StatTile label={t('reports.team.members')} value={team.members} testId="team-members" />
        <StatTile label={t('reports.team.efficiency')} value={`${team.efficiency}%`} color="success.main" testId="team-efficiency" />
        <StatTile label={t('reports.team.tasksPerMember')} value={team.tasksPerMember} testId="team-tasks-per-member" />
      </Box>
      {leaders.length > 0 && (
        <Box>
          <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {t('reports.team.leaders')}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5, mt: 0.5 }}>
            {leaders.map((person) => (
              <Typography component="li" variant="body2" key={person.id}>
                {person.name} — {t('reports.team.completedCount', { count: person.completedInRange })}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </ReportCard>
  );
}

/** The money of the range: revenue (invoices paid), expenses, net profit; outstanding as of today. */
export function FinancialSummaryCard({ financial }: { financial: NonNullable<Report['financial']> }) {
  const { t, i18n } = useTranslation();
  return (
    <ReportCard title={t('reports.financial.title')} testId="financial-summary">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        <StatTile label={t('reports.financial.revenue')} value={formatCents(financial.revenue.cents, i18n.language)} color="success.main" hint={t('reports.financial.paidInvoices', { count: financial.paidInvoices })} testId="financial-revenue" />
        <StatTile label={t('reports.financial.expenses')} value={formatCents(financial.expenses.cents, i18n.language)} color="error.main" testId="financial-expenses" />
        <StatTile label={t('reports.financial.netProfit')} value={formatCents(financial.netProfit.cents, i18n.language)} testId="financial-net" />
        <StatTile
          label={t('reports.financial.outstanding')}
          value={formatCents(financial.outstanding.cents, i18n.language)}
          hint={t('reports.financial.overdue', { count: financial.overdueCount })}
          color={financial.overdueCount > 0 ? 'warning.main' : 'text.primary'}
          testId="financial-outstanding"
        />
      </Box>
    </ReportCard>
  );
}
