import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDocument, ApproveBody, RejectBody } from '../../../contract/admin-api';
import { LANGS } from '../../../contract/api';
import { REJECTION_REASONS, type DocumentKind, type RejectionReason } from '../../../contract/order-status';
import { FormError } from '../components/errors';
import { Field, SelectField } from '../components/fields';
import { useAdmin } from '../stores/store-context';

type Checklist = ApproveBody['checklist'];
const CHECKS: (keyof Checklist)[] = ['nameAndBirthday', 'cardValid', 'address', 'visaType'];

/** The reviewer's checklist: every item ticked, then approve. */
export const ApproveForm = observer(function ApproveForm() {
  const { t } = useTranslation();
  const { orders } = useAdmin();
  const [checklist, setChecklist] = useState<Checklist>({
    nameAndBirthday: false,
    cardValid: false,
    address: false,
    visaType: false,
  });
  // The server refuses an approval with an item unticked (CHECKLIST_INCOMPLETE) and says so here.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void orders.approve.run({ checklist });
  };
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="approve-heading">
      <h2 id="approve-heading">{t('admin.checklist.title')}</h2>
      <fieldset>
        <legend>{t('admin.checklist.legend')}</legend>
        {CHECKS.map((check) => (
          <label key={check} className="check">
            <input
              type="checkbox"
              name={check}
              checked={checklist[check]}
              onChange={(event) => setChecklist({ ...checklist, [check]: event.target.checked })}
            />
            {t(`admin.checklist.${check}`)}
          </label>
        ))}
      </fieldset>
      <FormError error={orders.approve.error} />
      <button type="submit" className="button button-primary" disabled={orders.approve.running}>
        {t('admin.review.approve')}
      </button>
    </form>
  );
});

interface RowState {
  refuse: boolean;
  reason: RejectionReason;
  note: string;
}

/**
 * Sending the order back: for each refused document a reason from the templates (shown in the
 * staff member's language, with what the customer will read in both languages) or a note.
 */
export const RejectForm = observer(function RejectForm({ documents }: { documents: AdminDocument[] }) {
  const { t } = useTranslation();
  const { orders, language } = useAdmin();
  const kinds = [...new Set<DocumentKind>(documents.map((doc) => doc.kind))];
  const [rows, setRows] = useState<Partial<Record<DocumentKind, RowState>>>({});
  const rowOf = (kind: DocumentKind): RowState => rows[kind] ?? { refuse: false, reason: 'blurry', note: '' };
  const update = (kind: DocumentKind, change: Partial<RowState>) =>
    setRows({ ...rows, [kind]: { ...rowOf(kind), ...change } });
  const refused = kinds.filter((kind) => rowOf(kind).refuse);

  // No document chosen (REJECTION_REQUIRED) or "other" without a note (REJECTION_NOTE_REQUIRED):
  // the server says so, beside the row it names.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: RejectBody = {
      rejections: refused.map((kind) => ({
        document: kind,
        reason: rowOf(kind).reason,
        note: rowOf(kind).note.trim(),
      })),
    };
    void orders.reject.run(body);
  };

  const customerText = (lang: (typeof LANGS)[number], row: RowState) => {
    const reason = language.inLang(lang, `order.rejection.${row.reason}`);
    const note = row.note.trim();
    return note ? `${reason}${language.inLang(lang, 'order.rejectionNoteJoin')}${note}` : reason;
  };

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="reject-heading">
      <h2 id="reject-heading">{t('admin.reject.title')}</h2>
      <p className="muted">{t('admin.reject.intro')}</p>
      {kinds.map((kind) => {
        const row = rowOf(kind);
        const index = refused.indexOf(kind);
        const name = t(`order.document.${kind}`);
        return (
          <fieldset key={kind} className="reject-row">
            <legend>{name}</legend>
            <label className="check">
              <input
                type="checkbox"
                name={`refuse-${kind}`}
                checked={row.refuse}
                onChange={(event) => update(kind, { refuse: event.target.checked })}
              />
              {t('admin.reject.refuse', { name })}
            </label>
            {row.refuse ? (
              <>
                <SelectField
                  label={t('admin.reject.reason')}
                  name={`rejections/${index}/reason`}
                  value={row.reason}
                  onChange={(value) => update(kind, { reason: value as RejectionReason })}
                  options={REJECTION_REASONS.map((reason) => ({ value: reason, label: t(`admin.reasons.${reason}`) }))}
                  error={orders.reject.error}
                />
                <Field
                  label={t('admin.reject.note')}
                  name={`rejections/${index}/note`}
                  error={orders.reject.error}
                  hint={t('admin.reject.noteHint')}
                >
                  {({ id, invalid, describedBy }) => (
                    <textarea
                      id={id}
                      rows={2}
                      maxLength={200}
                      value={row.note}
                      aria-invalid={invalid || undefined}
                      aria-describedby={describedBy}
                      onChange={(event) => update(kind, { note: event.target.value })}
                    />
                  )}
                </Field>
                <div className="customer-wording">
                  <p>{t('admin.reject.customerSees')}</p>
                  <dl>
                    {LANGS.map((lang) => (
                      <div key={lang}>
                        <dt>{t(`language.${lang}`)}</dt>
                        <dd lang={lang === 'cn' ? 'zh-CN' : 'ja'}>{customerText(lang, row)}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </>
            ) : null}
          </fieldset>
        );
      })}
      <FormError
        error={orders.reject.error}
        fields={refused.flatMap((_, index) => [`rejections/${index}/reason`, `rejections/${index}/note`])}
      />
      <button type="submit" className="button button-danger" disabled={orders.reject.running}>
        {t('admin.reject.submit')}
      </button>
    </form>
  );
});
