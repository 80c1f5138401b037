/**
 * Postage products' codes (spec 3 "Product": a code starting with `postikulu` marks a postage item), alone in a
 * module so the storefront's cart can tell a postage line without loading the delivery providers (./providers.ts,
 * which re-exports these) into a shopper's first load.
 */

/** Prefix of every postage product's code1. */
export const POSTAGE_CODE_PREFIX = 'postikulu';

/** True for a postage product's code (spec 3): code1 or code2 starting with `postikulu`, any case, spaces trimmed. */
export const isPostageCode = (code: string | null | undefined) => !!code && code.trim().toLowerCase().startsWith(POSTAGE_CODE_PREFIX);
