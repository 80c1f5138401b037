/**
 * /login and /session/login?error=... (spec 2; spec 6 "The login prompt reads Log in to manage your site"; spec 8
 * "Login failure: server field errors on the form", "Session has expired, please log in"): username, password, a
 * Login button and a Forgot password link, which opens a form for a username or e-mail address that asks for a
 * one-time link by mail (POST /v1/password-reset) and then says 'If the account exists and has an e-mail
 * address, a link has been sent' whatever the answer knew (`?forgot=1` opens it at once: the reset page's "ask for
 * a new link"). After a reset with the link (./password-reset-route.tsx) it says the password was changed and fills
 * in the username. Validation: the contract's `loginBodySchema` through the zod resolver; the server's field
 * errors under the fields. After signing in, the session is put into the query cache and the browser goes back to
 * where it was going (`?next=`, same-origin paths only), else to / (spec 7 "Success goes to /"). Someone already
 * signed in goes there at once, except on /session/login, which first forgets the cached session.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn, Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginBodySchema, passwordResetRequestBodySchema, type LoginBody, type PasswordResetRequestBody } from '../../../../../api/contracts/session';
import { PageMeta } from '../../../components/page-meta';
import { FormAlert, TextField } from '../../../components/staff/text-field';
import { Spinner } from '../../../components/spinner';
import { useRouteLanguage } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { setStaffHint, STAFF_SESSION_KEY, useStaffSession } from '../../../lib/staff/session';
import { safeNextPath } from '../../../lib/staff/session-expiry';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { login } from '../api/login';
import { requestPasswordReset } from '../api/password-reset';
import type { PasswordResetDone } from './password-reset-route';
import '../../../components/staff/staff.css';

const FIELDS = ['username', 'password'] as const;

export function LoginRoute() {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useStaffSession();
  const next = safeNextPath(search.get('next'));
  const expired = search.has('error');
  const resetDone = (useLocation().state as Partial<PasswordResetDone> | null)?.passwordReset;
  const [general, setGeneral] = useState<string[]>([]);
  const [forgot, setForgot] = useState(search.has('forgot'));
  /** This form just signed the user in: go to `next` or / (spec 7), not to the already-signed-in default /admin. */
  const [signedIn, setSignedIn] = useState(false);
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema, { error: staffZodMessages(t) }),
    defaultValues: { username: resetDone?.username ?? '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  // /session/login: the session ended, whatever the cache still says.
  useEffect(() => {
    if (expired) queryClient.setQueryData(STAFF_SESSION_KEY, null);
  }, [expired, queryClient]);

  if (session.isPending) return <Spinner />;
  // Someone already signed in who opens /login goes to the back office; a sign-in by this form goes to / (spec 7
  // "Success goes to /"): the session cache is set before the navigation commits, so this render must not win.
  if (session.data && !expired) return <Navigate to={next ?? to(signedIn ? '/' : '/admin')} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      const user = await login(values);
      setSignedIn(true);
      navigate(next ?? to('/'), { replace: true });
      setStaffHint(true);
      queryClient.setQueryData(STAFF_SESSION_KEY, user);
    } catch (error) {
      const found = formErrors(error, FIELDS);
      for (const [field, message] of Object.entries(found.fields)) form.setError(field as (typeof FIELDS)[number], { type: 'server', message });
      setGeneral(found.general);
    }
  });

  return (
    <div className="staff-login">
      <PageMeta title={t('login.title')} description={t('login.prompt')} noindex />
      <main className="staff-login__card" id="main-content">
        <h1>{t('login.prompt')}</h1>
        {expired ? (
          <p className="staff-alert staff-alert--warning" role="alert">
            {t('login.sessionExpired')}
          </p>
        ) : null}
        {resetDone && !expired ? (
          <p className="staff-alert staff-alert--success" role="status">
            {t('login.resetDone')}
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="staff-form">
          <TextField id="login-username" label={t('login.username')} autoComplete="username" autoFocus={!resetDone} registration={form.register('username')} error={errors.username?.message} />
          <TextField id="login-password" label={t('login.password')} type="password" autoComplete="current-password" autoFocus={!!resetDone} registration={form.register('password')} error={errors.password?.message} />
          <FormAlert messages={general} />
          <div className="staff-form__actions">
            <button type="submit" className="button button--primary" disabled={isSubmitting}>
              <LogIn size={16} aria-hidden="true" />
              {t('login.submit')}
            </button>
            <button type="button" className="link-button" aria-expanded={forgot} aria-controls="forgot-password" onClick={() => setForgot((v) => !v)}>
              {t('login.forgot')}
            </button>
          </div>
        </form>
        {forgot ? <ForgotPassword id="forgot-password" /> : null}
      </main>
    </div>
  );
}

/**
 * Forgot password (spec 2: the link's action is not shown): a username or e-mail address, POST
 * /v1/password-reset, then the same sentence whether or not such an account exists or has an address (the api
 * answers alike). A refused request (429, the CSRF token) shows its message.
 */
function ForgotPassword({ id }: { id: string }) {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const [sent, setSent] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<PasswordResetRequestBody>({
    resolver: zodResolver(passwordResetRequestBodySchema, { error: staffZodMessages(t) }),
    defaultValues: { username: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      await requestPasswordReset(values, lang);
      setSent(true);
    } catch (error) {
      const found = formErrors(error, ['username']);
      if (found.fields.username) form.setError('username', { type: 'server', message: found.fields.username });
      setGeneral(found.general);
    }
  });
  return (
    <section id={id} className="staff-login__forgot" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('login.forgotTitle')}</h2>
      {sent ? (
        <p className="staff-alert staff-alert--success" role="status">
          {t('login.forgotSent')}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="staff-form">
          <p>{t('login.forgotIntro')}</p>
          <TextField id="forgot-username" label={t('login.forgotField')} autoComplete="username" autoFocus registration={form.register('username')} error={errors.username?.message} />
          <FormAlert messages={general} />
          <div className="staff-form__actions">
            <button type="submit" className="button" disabled={isSubmitting}>
              <Mail size={16} aria-hidden="true" />
              {t('login.forgotSubmit')}
            </button>
          </div>
        </form>
      )}
      <p className="staff-field__hint">{t('login.forgotNoEmail')}</p>
    </section>
  );
}
