import { useTranslation } from 'react-i18next';

/**
 * The failed request's id, for the customer to quote to support, who find the request's log
 * lines by it (docs/operations.md#finding-a-request-by-its-reference). Nothing when there is none.
 */
export function SupportReference({ id }: { id: string | null | undefined }) {
  const { t } = useTranslation();
  if (!id) return null;
  return (
    <p className="support-reference">
      {t('support.referenceHint')}
      <br />
      {t('support.reference')}
      <code translate="no" data-testid="support-reference">
        {id}
      </code>
    </p>
  );
}
