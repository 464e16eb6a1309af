import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDocument, ApproveBody, RejectBody } from '../../../contract/admin-api';
import { LANGS, langTag, type Lang } from '../../../contract/api';
import { REJECTION_REASONS, type DocumentKind, type RejectionReason } from '../../../contract/order-status';
import { rejectionWords } from '../../../contract/staff-notes';
import { FormError } from '../components/errors';
import { Field, SelectField } from '../components/fields';
import { approveBlock, blockText } from '../identity';
import { useAdmin } from '../stores/store-context';
import { Blocked } from './fulfil-forms';

type Checklist = ApproveBody['checklist'];

const APPROVE_FORM = 'review-approve-form';
const REJECT_FORM = 'review-reject-form';

const APPROVE_BLOCKED = 'identity-approve-blocked';

/**
 * Approve and send back, kept in view below the decision column however long its forms are:
 * each button submits its own form (the `form` attribute), so a reviewer at 1366x768 never
 * scrolls to decide. Approve waits for a passed identity check, and says why it waits (a data
 * mismatch names its fields); the server refuses it the same way.
 */
export const DecisionButtons = observer(function DecisionButtons() {
  const { t } = useTranslation();
  const { orders } = useAdmin();
  const data = orders.order.data;
  const block = data ? approveBlock(data) : null;
  return (
    <div className="review-decision-bar">
      <Blocked id={APPROVE_BLOCKED} reason={block ? blockText(t, block) : null} />
      <button
        type="submit"
        form={APPROVE_FORM}
        className="button button-primary"
        disabled={orders.approve.running || Boolean(block)}
        aria-describedby={block ? APPROVE_BLOCKED : undefined}
      >
        {t('admin.review.approve')}
      </button>
      <button type="submit" form={REJECT_FORM} className="button button-danger" disabled={orders.reject.running}>
        {t('admin.reject.submit')}
      </button>
    </div>
  );
});
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
  // Nothing is sent while the identity check has not passed (the decision bar says why).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = orders.order.data;
    if (data && approveBlock(data)) return;
    void orders.approve.run({ checklist });
  };
  return (
    <form id={APPROVE_FORM} className="panel" onSubmit={submit} noValidate aria-labelledby="approve-heading">
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
 * staff member's language, with what the customer will read in both languages) or a note. The
 * form says which language the customer reads; the note carries the language it is written in,
 * and a customer reading the other one is told which it is (contract/staff-notes.ts).
 */
export const RejectForm = observer(function RejectForm({
  documents,
  customerLang,
}: {
  documents: AdminDocument[];
  customerLang: Lang;
}) {
  const { t } = useTranslation();
  const { orders, language } = useAdmin();
  const kinds = [...new Set<DocumentKind>(documents.map((doc) => doc.kind))];
  const [rows, setRows] = useState<Partial<Record<DocumentKind, RowState>>>({});
  // Staff write in the console's language unless they say otherwise.
  const [noteLang, setNoteLang] = useState<Lang>(language.lang);
  const rowOf = (kind: DocumentKind): RowState => rows[kind] ?? { refuse: false, reason: 'blurry', note: '' };
  const update = (kind: DocumentKind, change: Partial<RowState>) => {
    setRows({ ...rows, [kind]: { ...rowOf(kind), ...change } });
    // "Choose at least one document" is answered as soon as one is ticked: it does not wait
    // for the next submit to go away.
    if (change.refuse && orders.reject.error?.key === 'REJECTION_REQUIRED') orders.reject.clear();
  };
  const refused = kinds.filter((kind) => rowOf(kind).refuse);

  // "Other" without a note (REJECTION_NOTE_REQUIRED): the server says so, beside the row it
  // names. No document chosen is said here at once, as the server would (REJECTION_REQUIRED).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (refused.length === 0) {
      orders.reject.refuse('REJECTION_REQUIRED', t('api.errors.REJECTION_REQUIRED'), {
        rejections: 'REJECTION_REQUIRED',
      });
      return;
    }
    const body: RejectBody = {
      rejections: refused.map((kind) => ({
        document: kind,
        reason: rowOf(kind).reason,
        note: rowOf(kind).note.trim(),
        lang: noteLang,
      })),
    };
    void orders.reject.run(body);
  };

  const customerText = (lang: Lang, row: RowState) =>
    rejectionWords({ reason: row.reason, note: row.note.trim(), lang: noteLang }, lang, (key, params) =>
      language.i18n.getFixedT(lang)(key, params ?? {}),
    );
  const langName = (lang: Lang) => t(`order.noteLang.${lang}`);

  return (
    <form id={REJECT_FORM} className="panel" onSubmit={submit} noValidate aria-labelledby="reject-heading">
      <h2 id="reject-heading">{t('admin.reject.title')}</h2>
      <p className="muted">{t('admin.reject.intro')}</p>
      <p className="review-customer-lang">{t('admin.reject.customerReads', { lang: langName(customerLang) })}</p>
      <SelectField
        label={t('admin.reject.noteLang')}
        name="noteLang"
        value={noteLang}
        onChange={(value) => setNoteLang(value === 'ja' ? 'ja' : 'cn')}
        options={LANGS.map((lang) => ({ value: lang, label: langName(lang) }))}
        hint={
          noteLang === customerLang
            ? undefined
            : t('admin.reject.noteLangOther', { lang: langName(noteLang), customer: langName(customerLang) })
        }
      />
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
                      lang={langTag(noteLang)}
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
                        <dd lang={langTag(lang)}>{customerText(lang, row)}</dd>
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
    </form>
  );
});
