import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { validateLogin, type LoginErrors } from '@charity/domain';
import { Button } from '../../components/Button';
import { FormField, Input } from '../../components/FormField';
import { cn } from '../../lib/cn';
import { useLink } from '../../lib/link';
import { ArrowLeftIcon, EyeIcon, EyeOffIcon, LockIcon } from '../../events/icons';

export const LOGIN_TEXT = {
  title: 'Admin Login',
  username: 'Username',
  password: 'Password',
  submit: 'Sign In',
  busy: 'Signing In...',
  note: 'Authorized personnel only',
  backToWebsite: 'Back to Website',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
} as const;

export interface LoginCredentials {
  username: string;
  password: string;
}

export interface LoginFormProps {
  /** Called with valid credentials (username trimmed). The caller signs in and sets `busy` and `error`. */
  onSubmit: (credentials: LoginCredentials) => void | Promise<void>;
  /** 'Signing In...' on a disabled button while the sign-in call runs. */
  busy?: boolean;
  /** The failure banner (role=alert): the server's message, 'Login failed', or the network message. */
  error?: string | null;
  /** Where 'Back to Website' leads. */
  homeHref?: string;
  initialValues?: Partial<LoginCredentials>;
  className?: string;
}

const FIELDS = ['username', 'password'] as const;

export interface SignInFieldsProps {
  /** Called with valid credentials (username trimmed). The caller signs in and sets `busy` and `error`. */
  onSubmit: (credentials: LoginCredentials) => void | Promise<void>;
  busy?: boolean;
  /** The failure banner (role=alert). */
  error?: string | null;
  initialValues?: Partial<LoginCredentials>;
}

/**
 * The sign-in form itself: the failure banner, Username, Password with a show/hide toggle, 'Sign In'. Checked with
 * the domain's validateLogin on submit; each field's error clears as soon as it is edited, and focus moves to the
 * first invalid field. The login page and the session-ended dialog both use it.
 */
export function SignInFields({ onSubmit, busy = false, error, initialValues }: SignInFieldsProps) {
  const baseId = useId();
  const ids = { username: `${baseId}-username`, password: `${baseId}-password` };
  const [values, setValues] = useState<LoginCredentials>({ username: '', password: '', ...initialValues });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [showPassword, setShowPassword] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  // A disabled button drops keyboard focus while busy; hand it back afterwards so the user is not left at
  // the top of the page (the banner, if any, is announced by its role=alert).
  const wasBusy = useRef(busy);
  useEffect(() => {
    const active = document.activeElement;
    if (wasBusy.current && !busy && (active === null || active === document.body)) submitRef.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  function update(field: keyof LoginCredentials, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateLogin(values);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      flushSync(() => setErrors(found));
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(ids[first])}`)?.focus();
      return;
    }
    setErrors({});
    void onSubmit({ username: values.username.trim(), password: values.password });
  }

  return (
    <>
    {error ? (
      <div role="alert" className="cs-login__banner">
        {error}
      </div>
    ) : null}
    <form ref={formRef} className="cs-login__form" noValidate onSubmit={handleSubmit}>
      <FormField label={LOGIN_TEXT.username} error={errors.username} id={ids.username}>
        <Input
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-required="true"
          value={values.username}
          onChange={(e) => update('username', e.target.value)}
        />
      </FormField>
      <FormField label={LOGIN_TEXT.password} error={errors.password} id={ids.password}>
        {(control) => (
          <div className="cs-login__password">
            <Input
              {...control}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              aria-required="true"
              value={values.password}
              onChange={(e) => update('password', e.target.value)}
            />
            <button
              type="button"
              className="cs-login__toggle"
              aria-label={showPassword ? LOGIN_TEXT.hidePassword : LOGIN_TEXT.showPassword}
              aria-pressed={showPassword}
              aria-controls={control.id}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? <EyeOffIcon /> : <EyeIcon />}
            </button>
          </div>
        )}
      </FormField>
      <Button ref={submitRef} type="submit" fullWidth size="lg" loading={busy} loadingText={LOGIN_TEXT.busy}>
        {LOGIN_TEXT.submit}
      </Button>
    </form>
    </>
  );
}

/** The admin sign-in card (spec §2 "Login", §5 "Login"): the title, the form, the note and the way back. */
export function LoginForm({ onSubmit, busy = false, error, homeHref = '/', initialValues, className }: LoginFormProps) {
  const Link = useLink();
  return (
    <div className={cn('cs-login', className)}>
      <div className="cs-login__card">
        <div className="cs-login__header">
          <span className="cs-login__icon" aria-hidden="true">
            <LockIcon size={28} />
          </span>
          <h1 className="cs-login__title">{LOGIN_TEXT.title}</h1>
        </div>
        <SignInFields onSubmit={onSubmit} busy={busy} error={error} initialValues={initialValues} />
        <p className="cs-login__note">{LOGIN_TEXT.note}</p>
        <Link href={homeHref} className="cs-login__back">
          <ArrowLeftIcon size={16} />
          {LOGIN_TEXT.backToWebsite}
        </Link>
      </div>
    </div>
  );
}
