import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LANGS, langTag } from '../../../contract/api';
import { useAdmin } from '../stores/store-context';

/** Chinese or Japanese, each named in its own language. */
export const LanguageSwitch = observer(function LanguageSwitch() {
  const { t } = useTranslation();
  const { language } = useAdmin();
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          className="button button-quiet"
          lang={langTag(lang)}
          aria-pressed={language.lang === lang}
          onClick={() => language.setLang(lang)}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </div>
  );
});
