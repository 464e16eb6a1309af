import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, langTag } from '../../contract/api';

/**
 * A staging server puts a test-mode ribbon above the app (outside #root, in the language of
 * the page it sent); this keeps it in the language the visitor switches to.
 */
export function TestRibbonLanguage() {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const ribbon = document.getElementById('test-ribbon');
    if (!ribbon) return;
    ribbon.textContent = t('app.testMode');
    ribbon.lang = langTag(isLang(i18n.language) ? i18n.language : 'cn');
  }, [t, i18n.language]);
  return null;
}
