/**
 * AddProductSearchAlias (spec 7 POST /search-keyword/assign: a search keyword assigned to a product from the search
 * statistics): the product's search aliases with `alias` added, through SetProductSearchAliases on the state the
 * handler loads, so two assignments at once both land (the expected version retries the second on the first's
 * aliases). Rules and errors as SetProductSearchAliases in domain/product/product.ts: not_found `product.not_found`
 * for a product that does not exist (or was deleted), validation `product.alias_invalid`, `product.list_too_long`;
 * an alias the product already has records nothing.
 */
import { type ProductCommand, productDecider, toProductStreamId } from '../../domain/product/product.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, handleWith } from '../shared/command-handler.js';

export function addProductSearchAlias(store: EventStore, data: { productId: string; alias: string }, ctx: CommandContext) {
  return handleWith(
    store,
    toProductStreamId(data.productId),
    productDecider,
    (state) => {
      const aliases = state.status === 'active' ? [...state.searchAliases, data.alias] : [data.alias];
      const command: ProductCommand = { type: 'SetProductSearchAliases', data: { productId: data.productId, aliases }, metadata: { now: ctx.now } };
      return productDecider.decide(command, state);
    },
    ctx,
  );
}
