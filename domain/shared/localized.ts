/** Language-wrapped values (spec 1, spec 3): one value per language code; Estonian (et) is the main language. */
export const LANGUAGES = ['et', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Localized = Record<Language, string>;

export const emptyLocalized = (): Localized => ({ et: '', en: '' });

/** The value in `language`, falling back to Estonian, then English: never an empty string when one exists. */
export function pick(value: Localized, language: Language): string {
  return value[language] || value.et || value.en || '';
}
