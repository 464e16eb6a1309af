import { useTranslation } from 'react-i18next';

export interface SummaryItem {
  field: string;
  /** What the field is called on screen. */
  label: string;
  /** Already translated. */
  message: string;
}

/** The control to bring the customer to: by id, else a radio by name, else inside an upload. */
function controlOf(field: string): HTMLElement | null {
  return (
    document.getElementById(`field-${field}`) ??
    document.querySelector<HTMLElement>(`input[name="${field}"]`) ??
    document.querySelector<HTMLElement>(`[data-field="${field}"] input, [data-field="${field}"] button`)
  );
}

/**
 * A long form's refusal at the top: each field with its message, as a link that scrolls to the
 * field and puts the cursor in it. Announced at once (role=alert) so a screen reader hears it.
 */
export function ErrorSummary({ items }: { items: SummaryItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1}>
      <p className="error-summary-title">{t('form.summaryTitle', { count: items.length })}</p>
      <ul>
        {items.map((item) => (
          <li key={item.field}>
            <a
              href={`#field-${item.field}`}
              onClick={(event) => {
                event.preventDefault();
                const control = controlOf(item.field);
                control?.scrollIntoView({ block: 'center' });
                control?.focus();
              }}
            >
              {item.label}：{item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
