/**
 * The two password forms: an administrator sets a new password for another user (new, confirm; POST
 * /v1/admin/users/{id}/password, which also ends that user's sessions), and a signed-in user changes their own
 * (current, new, confirm; POST /v1/session/password). Both validate with the contract's schema plus "the
 * confirmation equals the password", show the server's field errors under the fields (the password rules, e.g. a
 * common password, are the server's), empty themselves after saving, and guard unsaved input.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { z } from 'zod';
import { setPasswordBodySchema } from '../../../../../api/contracts/admin-users';
import { ownPasswordBodySchema } from '../../../../../api/contracts/session';
import { showToast } from '../../../components/feedback/toasts';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import { FormAlert, TextField } from '../../../components/staff/text-field';
import { formErrors } from '../../../lib/staff/form-errors';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { changeOwnPassword } from '../api/change-own-password';
import { setUserPassword } from '../api/save-user';

/** `schema` with a check that `confirm` equals `password`, the message on `confirm`. */
export function withConfirmation<S extends z.ZodType<{ password: string; confirm: string }>>(schema: S, message: string) {
  return schema.refine((v) => v.password === v.confirm, { message, path: ['confirm'] });
}

export function SetPasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation('cms');
  const schema = withConfirmation(setPasswordBodySchema, t('admin.password.mismatch'));
  const form = useForm<z.input<typeof schema>>({ resolver: zodResolver(schema, { error: staffZodMessages(t) }), defaultValues: { password: '', confirm: '' } });
  const [general, setGeneral] = useState<string[]>([]);
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChangesGuard(isDirty, t('page.unsavedChanges'));
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      await setUserPassword(userId, values);
      form.reset({ password: '', confirm: '' });
      showToast('success', t('admin.password.set'));
    } catch (error) {
      const found = formErrors(error, ['password', 'confirm']);
      for (const [field, message] of Object.entries(found.fields)) form.setError(field as 'password' | 'confirm', { type: 'server', message });
      setGeneral(found.general);
    }
  });
  return (
    <form className="staff-form staff-panel" onSubmit={onSubmit} noValidate aria-labelledby="set-password-title">
      <h2 id="set-password-title">{t('admin.password.setTitle')}</h2>
      <div className="staff-form__row">
        <TextField id="set-password" type="password" autoComplete="new-password" label={t('admin.password.new')} registration={form.register('password')} error={errors.password?.message} />
        <TextField id="set-password-confirm" type="password" autoComplete="new-password" label={t('admin.password.confirm')} registration={form.register('confirm')} error={errors.confirm?.message} />
      </div>
      <FormAlert messages={general} />
      <div className="staff-form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {t('admin.password.setSubmit')}
        </button>
      </div>
    </form>
  );
}

export function OwnPasswordForm() {
  const { t } = useTranslation('cms');
  const schema = withConfirmation(ownPasswordBodySchema, t('admin.password.mismatch'));
  const empty = { current: '', password: '', confirm: '' };
  const form = useForm<z.input<typeof schema>>({ resolver: zodResolver(schema, { error: staffZodMessages(t) }), defaultValues: empty });
  const [general, setGeneral] = useState<string[]>([]);
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChangesGuard(isDirty, t('page.unsavedChanges'));
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      await changeOwnPassword(values);
      form.reset(empty);
      showToast('success', t('admin.password.changed'));
    } catch (error) {
      const found = formErrors(error, ['current', 'password', 'confirm']);
      for (const [field, message] of Object.entries(found.fields)) form.setError(field as 'current' | 'password' | 'confirm', { type: 'server', message });
      setGeneral(found.general);
    }
  });
  return (
    <form className="staff-form staff-panel" onSubmit={onSubmit} noValidate aria-labelledby="own-password-title">
      <h2 id="own-password-title">{t('admin.password.ownTitle')}</h2>
      <TextField id="own-password-current" type="password" autoComplete="current-password" label={t('admin.password.current')} registration={form.register('current')} error={errors.current?.message} />
      <div className="staff-form__row">
        <TextField id="own-password-new" type="password" autoComplete="new-password" label={t('admin.password.new')} registration={form.register('password')} error={errors.password?.message} />
        <TextField id="own-password-confirm" type="password" autoComplete="new-password" label={t('admin.password.confirm')} registration={form.register('confirm')} error={errors.confirm?.message} />
      </div>
      <FormAlert messages={general} />
      <div className="staff-form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {t('admin.password.changeSubmit')}
        </button>
      </div>
    </form>
  );
}
