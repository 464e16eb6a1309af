import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../components/errors';
import { TextField } from '../components/fields';
import { LanguageSwitch } from '../components/language-switch';
import { LoadView } from '../components/load-view';
import { useAdmin } from '../stores/store-context';

/** The QR of the authenticator's otpauth:// address, drawn here (the secret never leaves the page). */
function TotpQr({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(uri, { margin: 2, width: 200, errorCorrectionLevel: 'M' }).then((url) => {
        if (live) setSrc(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img className="qr" src={src} width={200} height={200} alt={t('admin.signIn.qrAlt')} />
  ) : (
    <div className="qr" role="status" aria-busy="true">
      {t('admin.loading')}
    </div>
  );
}

function CodeForm({ submitLabel }: { submitLabel: string }) {
  const { t } = useTranslation();
  const { session } = useAdmin();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) {
      session.code.refuse('STAFF_BAD_CODE', t('admin.signIn.codeRule'), { code: 'CODE_INVALID' });
      return;
    }
    void session.code.run(value).then(() => setCode(''));
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormError error={session.code.error} fields={['code']} />
      <TextField
        label={t('admin.signIn.code')}
        name="code"
        value={code}
        onChange={setCode}
        error={session.code.error}
        hint={t('admin.signIn.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
      />
      <button type="submit" className="button button-primary" disabled={session.code.running}>
        {submitLabel}
      </button>
    </form>
  );
}

const PasswordStep = observer(function PasswordStep() {
  const { t } = useTranslation();
  const { session } = useAdmin();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!login.trim() || !password) {
      session.signIn.refuse('REQUIRED', t('api.errors.REQUIRED'), {
        ...(login.trim() ? {} : { login: 'REQUIRED' }),
        ...(password ? {} : { password: 'REQUIRED' }),
      });
      return;
    }
    void session.signIn.run(login.trim(), password);
  };
  return (
    <>
      <h1>{t('admin.signIn.title')}</h1>
      {session.notice ? (
        <p className="notice" role="status">
          {t(`admin.signIn.${session.notice}`)}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        <FormError error={session.signIn.error} fields={['login', 'password']} />
        <TextField
          label={t('admin.signIn.login')}
          name="login"
          value={login}
          onChange={setLogin}
          error={session.signIn.error}
          autoComplete="username"
          required
        />
        <TextField
          label={t('admin.signIn.password')}
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          error={session.signIn.error}
          hint={t('admin.signIn.passwordHint')}
          autoComplete="current-password"
          required
        />
        <button type="submit" className="button button-primary" disabled={session.signIn.running}>
          {t('admin.signIn.submit')}
        </button>
      </form>
    </>
  );
});

const TotpSetupStep = observer(function TotpSetupStep() {
  const { t } = useTranslation();
  const { session } = useAdmin();
  useEffect(() => {
    if (session.totp.status === 'idle') void session.loadTotp();
  }, [session]);
  return (
    <>
      <h1>{t('admin.signIn.setupTitle')}</h1>
      <ol className="steps">
        <li>{t('admin.signIn.setupStep1')}</li>
        <li>{t('admin.signIn.setupStep2')}</li>
        <li>{t('admin.signIn.setupStep3')}</li>
      </ol>
      <LoadView loadable={session.totp}>
        {(setup) => (
          <div className="totp-setup">
            <TotpQr uri={setup.uri} />
            <div>
              <p id="totp-secret-label">{t('admin.signIn.secretLabel')}</p>
              <code className="secret" aria-labelledby="totp-secret-label" data-testid="totp-secret">
                {setup.secret}
              </code>
            </div>
          </div>
        )}
      </LoadView>
      <CodeForm submitLabel={t('admin.signIn.confirmCode')} />
    </>
  );
});

const NewPasswordStep = observer(function NewPasswordStep() {
  const { t } = useTranslation();
  const { session } = useAdmin();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      session.password.refuse('REQUIRED', t('api.errors.REQUIRED'), { password: 'REQUIRED' });
      return;
    }
    if (password !== repeat) {
      session.password.refuse('PASSWORD_MISMATCH', t('api.errors.PASSWORD_MISMATCH'), { repeat: 'PASSWORD_MISMATCH' });
      return;
    }
    void session.password.run(password);
  };
  return (
    <>
      <h1>{t('admin.signIn.newPasswordTitle')}</h1>
      <p>{t('admin.signIn.newPasswordIntro')}</p>
      <form onSubmit={submit} noValidate>
        <FormError error={session.password.error} fields={['password', 'repeat']} />
        <TextField
          label={t('admin.signIn.newPassword')}
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          error={session.password.error}
          autoComplete="new-password"
          required
        />
        <TextField
          label={t('admin.signIn.repeatPassword')}
          name="repeat"
          type="password"
          value={repeat}
          onChange={setRepeat}
          error={session.password.error}
          autoComplete="new-password"
          required
        />
        <button type="submit" className="button button-primary" disabled={session.password.running}>
          {t('admin.signIn.savePassword')}
        </button>
      </form>
    </>
  );
});

/** The sign-in steps, one card: password, authenticator (set up the first time), own password. */
export const SignInPage = observer(function SignInPage() {
  const { t } = useTranslation();
  const { session } = useAdmin();
  useEffect(() => {
    document.title = `${t('admin.signIn.title')} · ${t('admin.brand')}`;
  }, [t]);
  let step = <PasswordStep />;
  if (session.phase === 'totp-setup') step = <TotpSetupStep />;
  else if (session.phase === 'password')
    step = (
      <>
        <h1>{t('admin.signIn.codeTitle')}</h1>
        <p>{t('admin.signIn.codeIntro')}</p>
        <CodeForm submitLabel={t('admin.signIn.verify')} />
      </>
    );
  else if (session.phase === 'password-change') step = <NewPasswordStep />;
  return (
    <div className="sign-in">
      <header className="sign-in-header">
        <span className="brand">{t('admin.brand')}</span>
        <LanguageSwitch />
      </header>
      <main id="main" className="sign-in-card">
        {step}
      </main>
    </div>
  );
});
