import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import type { AccountStore } from './account-store';
import { SetPasswordFlow } from './set-password-flow';

interface Props {
  kind: 'activation' | 'retrieve';
  title: string;
  account: AccountStore;
  onToast: (text: string) => void;
}

/** The whole activate / retrieve screen; the e-mailed link fills in e-mail and code. */
export function SetPasswordScreen({ kind, title, account, onToast }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={title} />
      <main id="main" className="page">
        <p className="page-intro">{t(kind === 'activation' ? 'account.activateIntro' : 'account.retrieveIntro')}</p>
        <SetPasswordFlow
          kind={kind}
          account={account}
          initialEmail={params.get('email') ?? ''}
          initialCode={params.get('code') ?? ''}
          onDone={() => {
            onToast(t(kind === 'activation' ? 'api.activated' : 'api.passwordReset'));
            navigate('/pages/user/index', { replace: true });
          }}
        />
      </main>
    </>
  );
}
