/**
 * UserEdit (spec 2 "Admin area"), /admin/user/create and /admin/user/edit/{id}:
 * - create: username, e-mail address (optional: where a forgot-password link goes), password twice and roles (POST
 *   /v1/admin/users), then the new user's edit screen;
 * - edit: the user's state and last sign-in, its e-mail address and roles (PUT /v1/admin/users/{id}), a new password set by the
 *   administrator (or, on one's own user, the own-password form: current, new, confirm), and Deactivate (after a
 *   confirmation; not offered on one's own user, who would lock themselves out);
 * - History: the user's audit timeline (components/staff/history-timeline.tsx, stream `user-{id}`).
 * Forms validate with the contract's schemas (api/contracts/admin-users.ts) through the zod resolver; the server's
 * field errors show under the fields; unsaved changes ask before the page is left (spec 2's text).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { createUserBodySchema, updateUserBodySchema, type AdminUser } from '../../../../../api/contracts/admin-users';
import { showToast } from '../../../components/feedback/toasts';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { FormAlert, TextField } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import { apiErrorText, isNotFound } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useRouteLanguage } from '../../../lib/language';
import { hasPermission, type SessionUser } from '../../../lib/staff/session';
import { formErrors } from '../../../lib/staff/form-errors';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { useUser } from '../api/get-user';
import { createUser, deactivateUser, reactivateUser, updateUser, useUserMutation } from '../api/save-user';
import { OwnPasswordForm, SetPasswordForm, withConfirmation } from '../components/password-forms';
import { RolesField } from '../components/roles-field';

export function UserEditScreen({ id, me }: { id: string | undefined; me: SessionUser }) {
  const { t } = useTranslation('cms');
  const user = useUser(id);
  if (id === undefined) return <CreateUser />;
  if (user.isPending) return <Spinner />;
  if (user.isError) return isNotFound(user.error) ? <NotFound title={t('admin.users.notFound')} /> : <FormAlert messages={[apiErrorText(user.error)]} />;
  return <EditUser key={`${user.data.id}:${user.data.version}`} user={user.data} me={me} />;
}

function Head({ title, children }: { title: string; children?: React.ReactNode }) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  return (
    <div className="staff-screen__head">
      <div>
        <p className="staff-breadcrumb">
          <Link to={to('/admin/user')}>{t('admin.users.title')}</Link>
        </p>
        <h1 id="screen-title">{title}</h1>
      </div>
      {children}
    </div>
  );
}

function CreateUser() {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const navigate = useNavigate();
  const schema = withConfirmation(createUserBodySchema, t('admin.password.mismatch'));
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema, { error: staffZodMessages(t) }),
    defaultValues: { username: '', email: '', password: '', confirm: '', roles: [] },
  });
  const [general, setGeneral] = useState<string[]>([]);
  const { errors, isSubmitting, isDirty, isSubmitSuccessful } = form.formState;
  useUnsavedChangesGuard(isDirty && !isSubmitSuccessful, t('page.unsavedChanges'));
  const save = useUserMutation(createUser);
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      const created = await save.mutateAsync(values);
      showToast('success', t('admin.saved'));
      navigate(to(`/admin/user/edit/${encodeURIComponent(created.id)}`), { replace: true });
    } catch (error) {
      const found = formErrors(error, ['username', 'email', 'password', 'confirm', 'roles']);
      for (const [field, message] of Object.entries(found.fields)) form.setError(field as 'username', { type: 'server', message });
      setGeneral(found.general);
      throw error; // keeps isSubmitSuccessful false, so the guard stays on
    }
  });
  return (
    <section className="staff-screen staff-screen--narrow" aria-labelledby="screen-title">
      <PageMeta title={t('admin.users.create')} description={t('admin.users.create')} noindex />
      <Head title={t('admin.users.create')} />
      <form className="staff-form staff-panel" onSubmit={(e) => onSubmit(e).catch(() => {})} noValidate>
        <TextField id="user-username" label={t('admin.users.username')} autoComplete="off" registration={form.register('username')} error={errors.username?.message} />
        <TextField id="user-email" type="email" label={t('admin.users.email')} hint={t('admin.users.emailHint')} autoComplete="off" registration={form.register('email')} error={errors.email?.message} />
        <div className="staff-form__row">
          <TextField id="user-password" type="password" autoComplete="new-password" label={t('admin.password.new')} registration={form.register('password')} error={errors.password?.message} />
          <TextField id="user-confirm" type="password" autoComplete="new-password" label={t('admin.password.confirm')} registration={form.register('confirm')} error={errors.confirm?.message} />
        </div>
        <RolesField registration={form.register('roles')} error={errors.roles?.message} />
        <FormAlert messages={general} />
        <div className="staff-form__actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            <Save size={16} aria-hidden="true" />
            {t('admin.users.createSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}

function EditUser({ user, me }: { user: AdminUser; me: SessionUser }) {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const self = user.id === me.id;
  const form = useForm<z.input<typeof updateUserBodySchema>>({
    resolver: zodResolver(updateUserBodySchema, { error: staffZodMessages(t) }),
    defaultValues: { roles: user.roles, email: user.email ?? '' },
  });
  const [general, setGeneral] = useState<string[]>([]);
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChangesGuard(isDirty, t('page.unsavedChanges'));
  const save = useUserMutation((body: { roles: string[]; email: string }) => updateUser(user.id, body));
  const deactivate = useUserMutation(() => deactivateUser(user.id));
  const reactivate = useUserMutation(() => reactivateUser(user.id));
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      const saved = await save.mutateAsync({ roles: values.roles, email: values.email ?? '' });
      form.reset({ roles: saved.roles, email: saved.email ?? '' });
      showToast('success', t('admin.saved'));
    } catch (error) {
      const found = formErrors(error, ['roles', 'email']);
      for (const [field, message] of Object.entries(found.fields)) form.setError(field as 'roles' | 'email', { type: 'server', message });
      setGeneral(found.general);
    }
  });
  return (
    <section className="staff-screen staff-screen--narrow" aria-labelledby="screen-title">
      <PageMeta title={user.username} description={t('admin.users.title')} noindex />
      <Head title={user.username}>
        {user.active && !self ? (
          <button
            type="button"
            className="button button--danger"
            disabled={deactivate.isPending}
            onClick={() => {
              if (!window.confirm(t('admin.users.deactivateConfirm', { username: user.username }))) return;
              deactivate.mutate(undefined, {
                onSuccess: () => showToast('success', t('admin.users.deactivated')),
                onError: (error) => setGeneral(formErrors(error, []).general),
              });
            }}
          >
            <Ban size={16} aria-hidden="true" />
            {t('admin.users.deactivate')}
          </button>
        ) : null}
        {!user.active ? (
          <button
            type="button"
            className="button"
            disabled={reactivate.isPending}
            onClick={() =>
              reactivate.mutate(undefined, {
                onSuccess: () => showToast('success', t('admin.users.reactivated')),
                onError: (error) => setGeneral(formErrors(error, []).general),
              })
            }
          >
            <RotateCcw size={16} aria-hidden="true" />
            {t('admin.users.reactivate')}
          </button>
        ) : null}
      </Head>
      <dl className="staff-facts">
        <div>
          <dt>{t('admin.users.state')}</dt>
          <dd>
            <span className={`staff-state ${user.active ? 'is-active' : 'is-inactive'}`}>{user.active ? t('admin.state.active') : t('admin.state.inactive')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('admin.users.lastSignIn')}</dt>
          <dd>{user.lastSignInAt ? formatDate(user.lastSignInAt, lang, true) : t('admin.users.never')}</dd>
        </div>
        <div>
          <dt>{t('admin.users.passwordChanged')}</dt>
          <dd>{user.passwordChangedAt ? formatDate(user.passwordChangedAt, lang, true) : '—'}</dd>
        </div>
      </dl>
      <form className="staff-form staff-panel" onSubmit={onSubmit} noValidate aria-label={`${t('admin.users.email')}, ${t('admin.users.roles')}`}>
        <TextField id="user-email" type="email" label={t('admin.users.email')} hint={t('admin.users.emailHint')} autoComplete="off" registration={form.register('email')} error={errors.email?.message} />
        <RolesField registration={form.register('roles')} error={errors.roles?.message} />
        <FormAlert messages={general} />
        <div className="staff-form__actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting || !isDirty}>
            <Save size={16} aria-hidden="true" />
            {t('admin.save')}
          </button>
        </div>
      </form>
      {self ? <OwnPasswordForm /> : user.active ? <SetPasswordForm userId={user.id} /> : null}
      {hasPermission(me, 'history.view') ? <HistoryTimeline stream={`user-${user.id}`} /> : null}
    </section>
  );
}
