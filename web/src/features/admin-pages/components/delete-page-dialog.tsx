/**
 * The delete confirmation of PageList (spec 2 PageList "delete"): names the page and asks; Delete sends the version
 * the list read. The api's refusal shows inside the dialog: a page linked from the menu names the menu entry and
 * links to the menu editor; a page saved meanwhile says who and when (the api's message) and offers to reload the list.
 */
import { Trash2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import type { PageListItem } from '../../../../../api/contracts/pages-admin';
import { showToast } from '../../../components/feedback/toasts';
import { StaffDialog } from '../../../components/staff/staff-dialog';
import { apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { linkingMenuEntry, useDeletePage } from '../api/delete-page';

export function DeletePageDialog({ page, title, onClose }: { page: PageListItem; title: string; onClose: () => void }) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const remove = useDeletePage();
  const entry = remove.error ? linkingMenuEntry(remove.error) : null;

  const confirm = () =>
    remove.mutate(
      { pageId: page.pageId, version: page.version },
      {
        onSuccess: () => {
          showToast('success', t('pageList.delete.done', { title }));
          onClose();
        },
      },
    );

  return (
    <StaffDialog title={t('pageList.delete.title')} closeLabel={t('pageList.close')} onClose={onClose} role="alertdialog">
      <p>{t('pageList.delete.question', { title })}</p>
      {remove.error ? (
        <div className="staff-alert" role="alert">
          <p>{apiErrorText(remove.error)}</p>
          {entry ? (
            <p>
              {t('pageList.delete.menuEntry', { label: entry })} <Link to={to('/admin/menu')}>{t('pageList.delete.openMenu')}</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          {t('pageList.cancel')}
        </button>
        {entry ? null : (
          <button type="button" className="button button--danger" onClick={confirm} disabled={remove.isPending}>
            <Trash2 size={16} aria-hidden="true" />
            {t('pageList.delete.confirm')}
          </button>
        )}
      </div>
    </StaffDialog>
  );
}
