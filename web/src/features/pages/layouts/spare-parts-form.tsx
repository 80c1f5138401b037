/**
 * The spare part inquiry form (spec 1 "spare-parts contact"): name, e-mail, phone, the vehicle's make, model and year
 * or its VIN, the part wanted and an optional photo. Checked in the browser with the server's own rules
 * (domain/part-inquiry partInquiryFieldErrors) before it is sent, sent as multipart (api/send-part-inquiry.ts), and
 * answered with the spec's 'Sent! You should receive a confirmation with email.' in a live region; the server's
 * field errors (in the user's language) show at their fields.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { type PartInquiryField, partInquiryFieldErrors } from '../../../../../domain/part-inquiry/part-inquiry';
import { ApiError, apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { sendPartInquiry } from '../api/send-part-inquiry';

const FIELDS: Array<{ name: PartInquiryField; type?: string; autoComplete?: string; group?: 'vehicle' }> = [
  { name: 'name', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'make', group: 'vehicle' },
  { name: 'model', group: 'vehicle' },
  { name: 'year', group: 'vehicle' },
  { name: 'vin', group: 'vehicle' },
];

/** Spec 9: the photo's accepted types (the server reads the type from the bytes either way). */
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

type Errors = Partial<Record<PartInquiryField | 'photo', string>>;

export function SparePartsForm() {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'sent' | 'failed'; text: string }>({ kind: 'idle' });

  const focusFirst = (fields: Errors) => {
    const first = Object.keys(fields)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: PartInquiryField) => String(data.get(name) ?? '');
    const fields = Object.fromEntries(FIELDS.map((f) => [f.name, value(f.name)]).concat([['part', value('part')]])) as Record<PartInquiryField, string>;
    const local: Errors = {};
    for (const e of partInquiryFieldErrors(fields, new Date().toISOString())) local[e.field] ??= t(`layouts.inquiry.errors.${e.code.replace('part_inquiry.', '')}`);
    setErrors(local);
    if (Object.keys(local).length) {
      setState({ kind: 'idle' });
      focusFirst(local);
      return;
    }
    const photo = data.get('photo');
    if (photo instanceof File && photo.size === 0) data.delete('photo');
    setState({ kind: 'sending' });
    try {
      const answer = await sendPartInquiry(data, lang);
      form.reset();
      setState({ kind: 'sent', text: answer.message });
    } catch (error) {
      const list = error instanceof ApiError ? ((error.body as { errors?: { field?: string; message?: string }[] } | undefined)?.errors ?? []) : [];
      const server: Errors = {};
      for (const e of list) if (e.field && e.message) server[e.field as PartInquiryField] ??= e.message;
      setErrors(server);
      setState({ kind: 'failed', text: error instanceof ApiError && error.message ? error.message : apiErrorText(error) });
      focusFirst(server);
    }
  }

  const field = (f: (typeof FIELDS)[number]) => {
    const fieldId = `${id}-${f.name}`;
    const error = errors[f.name];
    return (
      <div className="inquiry-form__field" key={f.name}>
        <label htmlFor={fieldId}>{t(`layouts.inquiry.${f.name}`)}</label>
        <input
          id={fieldId}
          name={f.name}
          type={f.type ?? 'text'}
          autoComplete={f.autoComplete ?? 'off'}
          maxLength={f.name === 'vin' ? 20 : f.name === 'year' ? 4 : 200}
          inputMode={f.name === 'year' ? 'numeric' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
        />
        {error && (
          <p className="field-error" id={`${fieldId}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form ref={formRef} className="inquiry-form" aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
      <h2 id={`${id}-title`}>{t('layouts.inquiry.heading')}</h2>
      <div className="inquiry-form__grid">{FIELDS.filter((f) => !f.group).map(field)}</div>
      <fieldset className="inquiry-form__vehicle">
        <legend>{t('layouts.inquiry.vehicle')}</legend>
        <p className="inquiry-form__hint">{t('layouts.inquiry.vehicleHint')}</p>
        <div className="inquiry-form__grid">{FIELDS.filter((f) => f.group).map(field)}</div>
      </fieldset>
      <div className="inquiry-form__field">
        <label htmlFor={`${id}-part`}>{t('layouts.inquiry.part')}</label>
        <textarea id={`${id}-part`} name="part" rows={5} maxLength={4000} aria-invalid={errors.part ? true : undefined} aria-describedby={errors.part ? `${id}-part-error` : undefined} />
        {errors.part && (
          <p className="field-error" id={`${id}-part-error`}>
            {errors.part}
          </p>
        )}
      </div>
      <div className="inquiry-form__field">
        <label htmlFor={`${id}-photo`}>{t('layouts.inquiry.photo')}</label>
        <input id={`${id}-photo`} name="photo" type="file" accept={PHOTO_TYPES} aria-invalid={errors.photo ? true : undefined} aria-describedby={errors.photo ? `${id}-photo-error` : undefined} />
        {errors.photo && (
          <p className="field-error" id={`${id}-photo-error`}>
            {errors.photo}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? t('layouts.inquiry.sending') : t('layouts.inquiry.send')}
      </button>
      <p className={`inquiry-form__status${state.kind === 'failed' ? ' inquiry-form__status--error' : ''}`} role="status">
        {state.kind === 'sent' || state.kind === 'failed' ? state.text : ''}
      </p>
    </form>
  );
}
