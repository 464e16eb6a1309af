import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNoteLang, rejectionWords } from '../../../contract/staff-notes';
import { RadioGroup } from '../../components/radio-group';
import { AddressProofFields } from './address-proof-fields';
import type { SectionProps } from './identity-section';
import { UploadField } from './upload-field';

interface Props extends SectionProps {
  /** Uploading needs an account. */
  signedIn: boolean;
  /** Shown before the uploads to a customer not signed in. */
  gate: ReactNode;
  onPicked: (field: string) => void;
}

/** Step 2, the documents: residence card, passport or admission permit, and an address proof. */
export const DocumentsSection = observer(function DocumentsSection({
  purchase,
  errorOf,
  set,
  signedIn,
  gate,
  onPicked,
}: Props) {
  const { t, i18n } = useTranslation();
  const form = purchase.form;
  const permit = form.identityKind === 'admission_permit';
  const upload = { target: purchase, disabled: !signedIn, onPicked };
  // While correcting a rejected order, a refused document says why until it is replaced.
  const refused = (field: string) => {
    const rejection = purchase.rejectionOf(field);
    if (!rejection) return undefined;
    const reader = isNoteLang(i18n.language) ? i18n.language : 'cn';
    const reason = rejectionWords(rejection, reader, (key, params) => t(key, params ?? {}));
    return t('purchase.replaceRejected', { reason });
  };
  return (
    <section className="form-section" aria-labelledby="sec-docs">
      <h2 id="sec-docs">{t('purchase.documentsTitle')}</h2>
      <p className="field-hint">{t('purchase.documentsHint')}</p>
      {!signedIn && gate}
      <UploadField
        {...upload}
        field="residenceFront"
        kind="residence_front"
        label={t('purchase.residenceFront')}
        error={errorOf('residenceFront') ?? refused('residenceFront')}
      />
      <UploadField
        {...upload}
        field="residenceBack"
        kind="residence_back"
        label={t('purchase.residenceBack')}
        error={errorOf('residenceBack') ?? refused('residenceBack')}
      />
      <RadioGroup
        legend={t('purchase.identityKind')}
        name="identityKind"
        value={form.identityKind ?? ''}
        // Another kind of document: the one uploaded for the previous kind no longer counts.
        onValueChange={(v) => purchase.updateForm({ identityKind: v, identityDoc: '' })}
        options={[
          { value: 'passport', label: t('purchase.passport') },
          { value: 'admission_permit', label: t('purchase.admissionPermit') },
        ]}
      />
      <UploadField
        {...upload}
        field="identityDoc"
        kind={permit ? 'admission_permit' : 'passport'}
        label={permit ? t('purchase.admissionPermit') : t('purchase.passportPage')}
        error={errorOf('identityDoc') ?? refused('identityDoc')}
      />
      <RadioGroup
        legend={t('purchase.addressSame')}
        name="addressSame"
        value={form.addressSame ?? ''}
        onValueChange={set('addressSame')}
        options={[
          { value: 'yes', label: t('purchase.addressSameYes') },
          { value: 'no', label: t('purchase.addressSameNo') },
        ]}
      />
      {form.addressSame === 'no' && (
        <AddressProofFields target={purchase} errorOf={errorOf} set={set} disabled={!signedIn} onPicked={onPicked} />
      )}
    </section>
  );
});
