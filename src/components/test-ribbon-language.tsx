import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

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
    ribbon.lang = i18n.language === 'ja' ? 'ja' : 'zh-CN';
  }, [t, i18n.language]);
  return null;
}
