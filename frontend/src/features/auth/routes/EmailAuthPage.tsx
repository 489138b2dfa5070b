import { useSearchParams } from 'react-router-dom';
import { PublicLayout } from '../../../components/layout/PublicLayout';
import { EmailAuthForm } from '../components/EmailAuthForm';

/** /auth — e-mail/password sign-in and registration (SPEC "E-mail/password screen"). `?mode=register` opens the registration. */
export default function EmailAuthPage() {
  const [searchParams] = useSearchParams();
  return (
    <PublicLayout maxWidth="sm">
      <EmailAuthForm initialMode={searchParams.get('mode') === 'register' ? 'register' : 'login'} />
    </PublicLayout>
  );
}
