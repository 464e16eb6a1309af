import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { langTag } from '../../../contract/api';
import type { LanguageStore } from './language-store';

export const LanguageSwitch = observer(function LanguageSwitch({ language }: { language: LanguageStore }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const next = language.lang === 'cn' ? 'ja' : 'cn';
  const toggle = () => {
    setBusy(true);
    void language.choose(next).finally(() => setBusy(false));
  };
  return (
    <button type="button" className="language-switch" onClick={toggle} disabled={busy}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4a13.9 13.9 0 0 1 1.9 4h-3.8A13.9 13.9 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8Zm4 12a13.9 13.9 0 0 1-1.9-4h3.8A13.9 13.9 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z"
        />
      </svg>
      {/* The name starts with the words on the button (what voice control users say) and is
          read in each part's own language: the target language's name, then the hint. */}
      <span lang={langTag(next)}>{t('language.switchTo')}</span>
      <span className="visually-hidden">{t('language.switchHint')}</span>
    </button>
  );
});
