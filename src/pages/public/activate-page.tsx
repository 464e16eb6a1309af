import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { SetPasswordScreen } from '../../features/session/set-password-screen';

export default function ActivatePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { account, ui } = useStores();
  return (
    <SetPasswordScreen kind="activation" title={t(titleKey)} account={account} onToast={(text) => ui.showToast(text)} />
  );
}
