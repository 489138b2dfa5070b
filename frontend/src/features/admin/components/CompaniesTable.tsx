import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#shared/subscription';
import type { AdminCompany } from '../api/admin-companies';
import { formatInstant, limitText } from './format';

export interface CompaniesTableProps {
  companies: AdminCompany[];
  onManage: (id: string) => void;
}

/** Every company: plan, trial end, state, usage against the plan's limits and a pending request. */
export function CompaniesTable({ companies, onManage }: CompaniesTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('admin.table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.table.company')}</TableCell>
            <TableCell>{t('admin.table.plan')}</TableCell>
            <TableCell>{t('admin.table.trialEnds')}</TableCell>
            <TableCell>{t('admin.table.state')}</TableCell>
            <TableCell>{t('admin.table.usage')}</TableCell>
            <TableCell>{t('admin.table.request')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {companies.map((company) => (
            <TableRow key={company.id} data-testid={`admin-company-${company.id}`} hover>
              <TableCell>
                <strong>{company.name}</strong>
                <br />
                <small>{company.email}</small>
              </TableCell>
              <TableCell>{t(`common.plans.${company.plan}`)}</TableCell>
              <TableCell>{company.plan === 'trial' ? formatInstant(company.trialEndsAt, i18n.language) : '—'}</TableCell>
              <TableCell>
                {company.readOnly ? (
                  <Chip size="small" color="error" label={t(`admin.readOnly.${company.readOnly}`)} />
                ) : (
                  <Chip size="small" color="success" variant="outlined" label={t(`admin.billing.${company.billingStatus ?? (company.plan === 'trial' ? 'trial' : 'active')}`)} />
                )}
              </TableCell>
              <TableCell>
                {t('admin.table.usageLine', {
                  properties: limitText(company.usage.properties, company.usage.limits.properties),
                  users: limitText(company.usage.users, company.usage.limits.users),
                  storage: formatBytes(company.usage.storageBytes),
                })}
              </TableCell>
              <TableCell>
                {company.pendingRequest ? <Chip size="small" color="warning" label={t(`common.plans.${company.pendingRequest.plan}`)} /> : '—'}
              </TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => onManage(company.id)} data-testid={`admin-manage-${company.id}`}>
                  {t('admin.table.manage')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
