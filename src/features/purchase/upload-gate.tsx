import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../components/form-alert';
import { useFormStatus } from '../../components/use-form';
import type { ActionResult } from '../../lib/action-result';

interface Props {
  /** Where login sends the customer back to. */
  returnTo: string;
  /** Creates an account from the e-mail given in the form. */
  onContinue: () => Promise<ActionResult<unknown>>;
  /** Where no document is uploaded (issue 29): the account is for the order and its check. */
  forOrder?: boolean;
}

/** Uploading needs an account: log in, or continue at once with the e-mail given above. */
export const UploadGate = observer(function UploadGate({ returnTo, onContinue, forOrder = false }: Props) {
  const { t } = useTranslation();
  // The e-mail field is above, out of this box: its refusal is shown here too.
  const status = useFormStatus({ summary: true });
  return (
    <div className="notice" role="region" aria-label={t(forOrder ? 'identity.gateTitle' : 'purchase.gateTitle')}>
      <p>{t(forOrder ? 'identity.gateText' : 'purchase.gateText')}</p>
      <div className="notice-actions">
        <Link
          className="button button-outline button-small"
          to={`/pages/public/login?redirect=${encodeURIComponent(returnTo)}`}
        >
          {t('purchase.gateLogin')}
        </Link>
        <button
          type="button"
          className="button button-primary button-small"
          onClick={() => void status.submit(onContinue)}
          disabled={status.busy}
        >
          {t('purchase.gateContinue')}
        </button>
      </div>
      <FormAlert text={status.alert.kind === 'error' ? status.alert.text : ''} kind="error" />
    </div>
  );
});
