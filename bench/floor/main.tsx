// The floor: the framework the app ships (React, React Router, MobX, i18next) and nothing
// else, rendering one translated line. Whatever the real home page weighs beyond this is ours.
import { createInstance } from 'i18next';
import { makeAutoObservable } from 'mobx';
import { observer } from 'mobx-react-lite';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

class Store {
  greeting = 'hello';
  constructor() {
    makeAutoObservable(this);
  }
}
const store = new Store();
const i18n = createInstance();
void i18n.init({ lng: 'cn', resources: { cn: { translation: { hello: '你好' } } } });

const Line = observer(function Line() {
  const { t } = useTranslation();
  return <p>{t(store.greeting)}</p>;
});

createRoot(document.getElementById('root')!).render(
  <I18nextProvider i18n={i18n}>
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<Line />} />
      </Routes>
    </BrowserRouter>
  </I18nextProvider>,
);
