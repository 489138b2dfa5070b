import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/PageHeader';
import { errorMessage } from '../../../lib/api-client';
import { useAdminCompanies } from '../api/admin-companies';
import { CompaniesTable } from '../components/CompaniesTable';
import { CompanyAdminDialog } from '../components/CompanyAdminDialog';

/** /admin: the platform's own console, for the master account only (the router shows Not Found to anyone else; the API answers 404). */
export default function AdminPage() {
  const { t } = useTranslation();
  const { companies, error, isLoading } = useAdminCompanies();
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle', { count: companies.length })} />
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading ? <Skeleton variant="rectangular" height={240} /> : <CompaniesTable companies={companies} onManage={setSelected} />}
      <CompanyAdminDialog companyId={selected} onClose={() => setSelected(null)} />
    </>
  );
}
