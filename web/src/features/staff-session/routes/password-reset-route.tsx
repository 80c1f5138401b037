/**
 * /password-reset/{token} ("Forgot password: a one-time link by mail"): the page the mailed link opens. A
 * new password and its confirmation (the contract's `passwordResetBodySchema` through the zod resolver, plus
 * "the confirmation equals the password"); the server's policy errors (too short, too common) under the fields. On
 * success the browser goes to /login, which says the password was changed and fills in the username. A used or
 * expired link (410) says so, with a link to ask for a new one on /login. Part of the staff chunk.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { passwordResetBodySchema } from '../../../../../api/contracts/session';
import { PageMeta } from '../../../components/page-meta';
import { FormAlert, TextField } from '../../../components/staff/text-field';
import { ApiError } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { resetPassword } from '../api/password-reset';
import '../../../components/staff/staff.css';

const FIELDS = ['password', 'confirm'] as const;

/** What /login shows after a reset (react-router location state). */
export interface PasswordResetDone {
  passwordReset: { username: string };
}

export function PasswordResetRoute() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const schema = passwordResetBodySchema.refine((v) => v.password === v.confirm, { message: t('admin.password.mismatch'), path: ['confirm'] });
  const form = useForm<z.input<typeof schema>>({ resolver: zodResolver(schema, { error: staffZodMessages(t) }), defaultValues: { password: '', confirm: '' } });
  const [general, setGeneral] = useState<string[]>([]);
  const [linkDead, setLinkDead] = useState(false);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      const { username } = await resetPassword(token, values, lang);
      const done: PasswordResetDone = { passwordReset: { username } };
      navigate(to('/login'), { replace: true, state: done });
    } catch (error) {
      const found = formErrors(error, FIELDS);
      for (const [field, message] of Object.entries(found.fields)) form.setError(field as (typeof FIELDS)[number], { type: 'server', message });
      setGeneral(found.general);
      setLinkDead(error instanceof ApiError && error.status === 410);
    }
  });

  return (
    <div className="staff-login">
      <PageMeta title={t('login.resetTitle')} description={t('login.resetIntro')} noindex />
      <main className="staff-login__card" id="main-content">
        <h1>{t('login.resetTitle')}</h1>
        <p>{t('login.resetIntro')}</p>
        <form onSubmit={onSubmit} noValidate className="staff-form">
          <TextField id="reset-password" type="password" autoComplete="new-password" autoFocus label={t('login.resetNew')} registration={form.register('password')} error={errors.password?.message} />
          <TextField id="reset-confirm" type="password" autoComplete="new-password" label={t('login.resetConfirm')} registration={form.register('confirm')} error={errors.confirm?.message} />
          <FormAlert messages={general} />
          <div className="staff-form__actions">
            <button type="submit" className="button button--primary" disabled={isSubmitting || linkDead}>
              <KeyRound size={16} aria-hidden="true" />
              {t('login.resetSubmit')}
            </button>
            {linkDead ? <Link to={`${to('/login')}?forgot=1`}>{t('login.resetAskAgain')}</Link> : null}
          </div>
        </form>
      </main>
    </div>
  );
}
