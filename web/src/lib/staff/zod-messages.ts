/**
 * Messages of the staff forms' zod checks in the interface language (conventions 13: the form validates with the
 * contract's schema through the zod resolver; the schema's own messages are English developer texts). Passed to
 * `zodResolver(schema, { error: staffZodMessages(t) })`: an empty or missing value says 'Required' (spec 5's word),
 * a value over the contract's length limit says so with the limit, and a custom check (e.g. the confirmation
 * differs) keeps its own, already translated, message.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

interface IssueLike {
  code?: string;
  input?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  message?: string;
}

export function staffZodMessages(t: Translate) {
  return (issue: IssueLike): string | undefined => {
    if (issue.code === 'custom' && issue.message) return issue.message;
    if (issue.input === undefined || issue.input === '' || (issue.code === 'too_small' && Number(issue.minimum) <= 1)) return t('cms:admin.form.required');
    if (issue.code === 'too_big') return t('cms:admin.form.tooLong', { max: issue.maximum });
    if (issue.code === 'too_small') return t('cms:admin.form.tooShort', { min: issue.minimum });
    return t('cms:admin.form.invalid');
  };
}
