import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminApiError } from '../api/client';
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

type StepField = Omit<ComponentProps<typeof TextField>, 'error' | 'required'>;

/** One step's form: its fields, all required, each showing what the step's action refused. */
// An observer: the action's error and running state are MobX values it must redraw on.
const StepForm = observer(function StepForm(props: {
  action: { error: AdminApiError | null; running: boolean };
  fields: StepField[];
  submitLabel: string;
  onSubmit: () => void;
}) {
  const { action } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormError error={action.error} fields={props.fields.map((field) => field.name)} />
      {props.fields.map((field) => (
        <TextField key={field.name} {...field} error={action.error} required />
      ))}
      <button type="submit" className="button button-primary" disabled={action.running}>
        {props.submitLabel}
      </button>
    </form>
  );
});

function CodeForm({ submitLabel }: { submitLabel: string }) {
  const { t } = useTranslation();
  const { session } = useAdmin();
  const [code, setCode] = useState('');
  const submit = () => {
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) {
      session.code.refuse('STAFF_BAD_CODE', t('admin.signIn.codeRule'), { code: 'CODE_INVALID' });
      return;
    }
    void session.code.run(value).then(() => setCode(''));
  };
  const field: StepField = {
    label: t('admin.signIn.code'),
    name: 'code',
    value: code,
    onChange: setCode,
    hint: t('admin.signIn.codeHint'),
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
  };
  return <StepForm action={session.code} fields={[field]} submitLabel={submitLabel} onSubmit={submit} />;
}

const PasswordStep = observer(function PasswordStep() {
  const { t } = useTranslation();
  const { session } = useAdmin();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const submit = () => {
    if (!login.trim() || !password) {
      session.signIn.refuse('REQUIRED', t('api.errors.REQUIRED'), {
        ...(login.trim() ? {} : { login: 'REQUIRED' }),
        ...(password ? {} : { password: 'REQUIRED' }),
      });
      return;
    }
    void session.signIn.run(login.trim(), password);
  };
  const fields: StepField[] = [
    { label: t('admin.signIn.login'), name: 'login', value: login, onChange: setLogin, autoComplete: 'username' },
    {
      label: t('admin.signIn.password'),
      name: 'password',
      type: 'password',
      value: password,
      onChange: setPassword,
      hint: t('admin.signIn.passwordHint'),
      autoComplete: 'current-password',
    },
  ];
  return (
    <>
      <h1>{t('admin.signIn.title')}</h1>
      {session.notice ? (
        <p className="notice" role="status">
          {t(`admin.signIn.${session.notice}`)}
        </p>
      ) : null}
      <StepForm action={session.signIn} fields={fields} submitLabel={t('admin.signIn.submit')} onSubmit={submit} />
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
  const submit = () => {
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
  const newPassword = { type: 'password', autoComplete: 'new-password' } as const;
  const fields: StepField[] = [
    { ...newPassword, label: t('admin.signIn.newPassword'), name: 'password', value: password, onChange: setPassword },
    { ...newPassword, label: t('admin.signIn.repeatPassword'), name: 'repeat', value: repeat, onChange: setRepeat },
  ];
  return (
    <>
      <h1>{t('admin.signIn.newPasswordTitle')}</h1>
      <p>{t('admin.signIn.newPasswordIntro')}</p>
      <StepForm
        action={session.password}
        fields={fields}
        submitLabel={t('admin.signIn.savePassword')}
        onSubmit={submit}
      />
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
