import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffIdentity, StaffVerificationView } from '../../../contract/identity-views';
import { formatDay, formatTime } from '../format';
import { actorName } from '../history-note';
import { isFailed, MATCHED_FIELD_LIST, mismatchedFields, fieldsText, newestFirst } from '../identity';
import { useAdmin } from '../stores/store-context';

/** A verification's status as a tag: passed, waiting, or failed (highlighted). */
export function StatusTag({ status }: { status: StaffVerificationView['status'] }) {
  const { t } = useTranslation();
  const tone = status === 'verified' ? 'tag tag-ok' : isFailed(status) ? 'tag tag-danger' : 'tag';
  return <span className={tone}>{t(`admin.identity.statuses.${status}`)}</span>;
}

/** Each matched field: a tick when it matched what the customer entered, a cross (highlighted) when not. */
function MatchedTable({ verification }: { verification: StaffVerificationView }) {
  const { t } = useTranslation();
  const mismatched = mismatchedFields(verification);
  return (
    <table className="identity-matched">
      <caption>{t('admin.identity.matched')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin.identity.matchedField')}</th>
          <th scope="col">{t('admin.identity.matchedResult')}</th>
        </tr>
      </thead>
      <tbody>
        {MATCHED_FIELD_LIST.map((field) => {
          const bad = mismatched.includes(field);
          const result = bad ? 'matchNo' : verification.matched[field] === true ? 'matchYes' : 'matchNone';
          return (
            <tr key={field} className={bad ? 'identity-mismatch' : undefined}>
              <th scope="row">{t(`admin.identity.fields.${field}`)}</th>
              <td>{t(`admin.identity.${result}`)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One verification as recorded: by whom or which provider, what the chip or certificate said, what matched. */
const VerificationRecord = observer(function VerificationRecord({
  verification,
}: {
  verification: StaffVerificationView;
}) {
  const { t } = useTranslation();
  const { language } = useAdmin();
  const headingId = useId();
  const v = verification;
  const mismatched = mismatchedFields(v);
  const facts: [string, string][] = [
    [
      'provider',
      v.provider === 'counter' || v.method === 'counter' ? t('admin.identity.providerCounter') : v.provider || '—',
    ],
    ['providerRef', v.providerRef ?? '—'],
    ['verifiedName', v.verifiedName ?? '—'],
    ['verifiedBirthday', formatDay(v.verifiedBirthday, language.lang)],
    ['verifiedAddress', v.verifiedAddress ?? '—'],
    ['documentType', v.documentType ? t(`admin.identity.documents.${v.documentType}`) : '—'],
    ['documentLast4', v.documentLast4 ?? '—'],
    ['documentExpiry', formatDay(v.documentExpiry, language.lang)],
    ['checkedBy', v.checkedBy ? actorName(t, v.checkedBy) : '—'],
    ['createdAt', formatTime(v.createdAt, language.lang)],
    ['completedAt', formatTime(v.completedAt, language.lang)],
  ];
  return (
    <article
      className={isFailed(v.status) ? 'identity-verification identity-failed' : 'identity-verification'}
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>
        {t(`admin.identity.methods.${v.method}`)} <StatusTag status={v.status} />
      </h3>
      <p className="muted">{t('admin.identity.record', { no: v.verificationNo })}</p>
      {mismatched.length > 0 ? (
        <p className="form-error">{t('admin.identity.mismatchedFields', { fields: fieldsText(t, mismatched) })}</p>
      ) : null}
      <dl className="facts">
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`admin.identity.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <MatchedTable verification={v} />
    </article>
  );
});

/**
 * The order's identity verification (本人確認, issue 29): the plan's line type, the methods the
 * law leaves it, whether it passed, and each verification, the latest first. For chip, JPKI and
 * counter checks this is what staff look at instead of photos.
 */
export function IdentityPanel({ identity }: { identity: StaffIdentity }) {
  const { t } = useTranslation();
  const methods = identity.methods.map((method) => t(`admin.identity.methods.${method}`));
  return (
    <section className="panel identity-panel" aria-labelledby="identity-heading">
      <h2 id="identity-heading">{t('admin.identity.title')}</h2>
      <dl className="facts">
        <div>
          <dt>{t('admin.identity.lineType')}</dt>
          <dd>{t(`admin.identity.lineTypes.${identity.lineType}`)}</dd>
        </div>
        <div>
          <dt>{t('admin.identity.methodsAllowed')}</dt>
          <dd>{methods.join(t('admin.identity.listSeparator'))}</dd>
        </div>
        <div>
          <dt>{t('admin.identity.result')}</dt>
          <dd>
            <span className={identity.satisfied ? 'tag tag-ok' : 'tag tag-danger'}>
              {t(identity.satisfied ? 'admin.identity.satisfied' : 'admin.identity.notSatisfied')}
            </span>
          </dd>
        </div>
      </dl>
      {identity.verifications.length === 0 ? (
        <p className="muted">{t('admin.identity.none')}</p>
      ) : (
        newestFirst(identity).map((verification) => (
          <VerificationRecord key={verification.verificationNo} verification={verification} />
        ))
      )}
    </section>
  );
}
