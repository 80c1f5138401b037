/**
 * The 409 of a stale staff save (conventions 13: "Saving sends the version the screen read; a 409 says who changed
 * it and offers a reload"): the domain's ChangedMeanwhileError (domain/shared/errors.ts) carries the id of who saved
 * last and when; this turns the id into the user's name through the users read model and the instant into the shop's
 * local time, in the request's language. The product, order and client routes use it for their own
 * `*ChangedMeanwhileError`s, which carry the same fields.
 */
import { SHOP_TIME_ZONE } from '../../domain/order/order-document.js';
import type { ChangedMeanwhileError } from '../../domain/shared/errors.js';
import type { Localized } from '../../domain/shared/localized.js';
import type { Database } from '../../platform/db/database.js';
import { getUser } from '../../projections/users/queries.js';
import { type ErrorAnswer, failureAnswer } from './errors.js';
import type { ApiLanguage } from './messages.js';

const TIME_FORMAT: Record<ApiLanguage, Intl.DateTimeFormat> = {
  et: new Intl.DateTimeFormat('et-EE', { timeZone: SHOP_TIME_ZONE, dateStyle: 'short', timeStyle: 'medium' }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, dateStyle: 'short', timeStyle: 'medium' }),
};

/**
 * The 409 answer of `error`: code `error.code`, message "Seda lehte muutis vahepeal mari (27.11.2026 12:00:00). ..." /
 * "mari changed this page at 27/11/2026, 12:00:00 after you opened it. ...". `subject` names the thing in each
 * language as the sentence needs it: et in the partitive with its demonstrative ('Seda lehte'), en with its
 * article ('this page'). An unknown or missing user reads "someone else".
 */
export async function changedMeanwhileAnswer(db: Database, error: Pick<ChangedMeanwhileError, 'code' | 'lastUserId' | 'lastChangedAt'>, language: ApiLanguage, subject: Localized): Promise<ErrorAnswer> {
  const user = error.lastUserId ? await getUser(db, error.lastUserId) : null;
  const who = user?.username ?? (language === 'et' ? 'keegi teine' : 'someone else');
  const when = error.lastChangedAt ? TIME_FORMAT[language].format(new Date(error.lastChangedAt)) : '';
  const text =
    language === 'et'
      ? `${subject.et} muutis vahepeal ${who}${when ? ` (${when})` : ''}. Laadige uusim versioon, et Teie salvestus ei kirjutaks tema muudatusi üle.`
      : `${who} changed ${subject.en}${when ? ` at ${when}` : ''} after you opened it. Reload the latest version so that your save does not overwrite their changes.`;
  return failureAnswer(language, 409, [{ code: error.code, message: text }]);
}
