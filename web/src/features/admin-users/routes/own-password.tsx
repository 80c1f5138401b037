/** /admin/user/password: the signed-in user changes their own password (current, new, confirm). */
import { useTranslation } from '../../../lib/translation';
import { PageMeta } from '../../../components/page-meta';
import { OwnPasswordForm } from '../components/password-forms';

export function OwnPasswordScreen({ username }: { username: string }) {
  const { t } = useTranslation('cms');
  return (
    <section className="staff-screen staff-screen--narrow" aria-labelledby="screen-title">
      <PageMeta title={t('admin.password.ownTitle')} description={t('admin.password.ownTitle')} noindex />
      <div className="staff-screen__head">
        <h1 id="screen-title">{username}</h1>
      </div>
      <OwnPasswordForm />
    </section>
  );
}
