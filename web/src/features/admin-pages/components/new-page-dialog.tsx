/**
 * The "New page" dialog of PageList (spec 2 PageList "create"): a title per language (one is enough; the URL name
 * follows it by the slug rule of spec 5) and one of the thirteen layouts of spec 1 (domain/page/page-doc.ts
 * PAGE_LAYOUTS) by its translated name. Create posts the first draft (POST /v1/admin/pages) and opens the new page in
 * PageEdit (/admin/page/edit/{id}). The form checks with zod what the api checks too; the api's field errors show
 * under their fields, others above the buttons.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { PAGE_LAYOUTS, MAX_PAGE_TEXT } from '../../../../../domain/page/page-doc';
import { StaffDialog } from '../../../components/staff/staff-dialog';
import { FormAlert, TextField } from '../../../components/staff/text-field';
import { useRouteLanguage } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { useCreatePage } from '../api/create-page';

/** The form's schema; `titleNeeded` is the translated message of the one-title-at-least rule (domain page.title_missing). */
const formSchema = (titleNeeded: string) =>
  z
    .object({ title: z.object({ et: z.string().trim().max(MAX_PAGE_TEXT), en: z.string().trim().max(MAX_PAGE_TEXT) }), layout: z.enum(PAGE_LAYOUTS) })
    .refine((v) => v.title.et !== '' || v.title.en !== '', { path: ['title', 'et'], message: titleNeeded });
type Form = z.input<ReturnType<typeof formSchema>>;
const FIELDS = ['title', 'title.et', 'title.en', 'slug.et', 'slug.en', 'layout'];

export function NewPageDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const navigate = useNavigate();
  const base = useId();
  const create = useCreatePage();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<Form>({
    resolver: zodResolver(formSchema(t('pageList.create.titleNeeded')), { error: staffZodMessages(t) }),
    defaultValues: { title: { et: '', en: '' }, layout: 'default' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      const saved = await create.mutateAsync({ title: { et: values.title.et, en: values.title.en }, layout: values.layout });
      navigate(to(`/admin/page/edit/${encodeURIComponent(saved.pageId)}`));
    } catch (error) {
      const found = formErrors(error, FIELDS);
      for (const [field, message] of Object.entries(found.fields)) {
        const path = field === 'title' || field.startsWith('slug.') ? 'title.et' : field;
        form.setError(path as 'title.et', { type: 'server', message });
      }
      setGeneral(found.general);
    }
  });

  return (
    <StaffDialog title={t('pageList.create.title')} closeLabel={t('pageList.close')} onClose={onClose}>
      <form className="staff-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted admin-pages__note">{t('pageList.create.note')}</p>
        <TextField id={`${base}-et`} label={t('pageList.create.titleEt')} registration={form.register('title.et')} error={errors.title?.et?.message} maxLength={MAX_PAGE_TEXT} autoFocus />
        <TextField id={`${base}-en`} label={t('pageList.create.titleEn')} registration={form.register('title.en')} error={errors.title?.en?.message} maxLength={MAX_PAGE_TEXT} />
        <div className="staff-field">
          <label htmlFor={`${base}-layout`}>{t('pageList.columns.layout')}</label>
          <select id={`${base}-layout`} className="admin-pages__select" {...form.register('layout')}>
            {PAGE_LAYOUTS.map((layout) => (
              <option key={layout} value={layout}>
                {t(`pageLayouts.${layout}`)}
              </option>
            ))}
          </select>
          {errors.layout?.message ? (
            <p className="staff-field__error" role="alert">
              {errors.layout.message}
            </p>
          ) : null}
        </div>
        <FormAlert messages={general} />
        <div className="staff-form__actions dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('pageList.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            <Plus size={16} aria-hidden="true" />
            {t('pageList.create.submit')}
          </button>
        </div>
      </form>
    </StaffDialog>
  );
}
