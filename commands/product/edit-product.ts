/**
 * EditProduct and CreateProductFromForm (spec 2 ProductEdit): the whole ProductEdit form as one append to the
 * product's stream (`product-{id}`), decided by `decideProductForm` (domain/product/edit-product.ts).
 *
 * Optimistic concurrency without retry: the form carries the stream version it was read at; when the stream moved
 * since, nothing is written and `ProductChangedMeanwhileError` says who changed it last and when (the user's answer
 * is a reload, not an overwrite). The append itself expects that version, so a writer that slips in between the read
 * and the append is refused the same way.
 */
import type { EditOptions, ProductForm } from '../../domain/product/edit-product.js';
import { decideProductForm } from '../../domain/product/edit-product.js';
import { type ProductEvent, productDecider, toProductStreamId } from '../../domain/product/product.js';
import { type EventStore, WrongExpectedVersionError } from '../../platform/event-store/port.js';
import { type CommandContext, type HandleResult, toNewEvents } from '../shared/command-handler.js';
import { toDomainEvent } from '../shared/event-parsers.js';

/** The product's stream moved since the form read it: who changed it last (a user id or null) and when (ISO). */
export class ProductChangedMeanwhileError extends Error {
  readonly code = 'product.changed_meanwhile';
  constructor(
    readonly productId: string,
    readonly expectedVersion: bigint,
    readonly actualVersion: bigint,
    readonly lastUserId: string | null,
    readonly lastChangedAt: string | null,
  ) {
    super(`Product ${productId} changed since version ${expectedVersion} (now ${actualVersion})`);
    this.name = 'ProductChangedMeanwhileError';
  }
}

async function lastChange(store: EventStore, streamId: string) {
  const { events, version } = await store.readStream(streamId);
  const last = events.at(-1);
  return { version, userId: last?.metadata.userId ?? null, time: last?.metadata.time ?? null };
}

/**
 * Applies `form` to product `productId` if its stream is still at `expectedVersion` (0n with `create`: the product
 * must not exist yet). Returns the events appended (none when nothing changed) and the stream's version after.
 * @throws ProductChangedMeanwhileError when the stream is not at `expectedVersion` (nothing written);
 *   DomainError from the decider (validation, product.not_found, product.already_exists).
 */
export async function applyProductForm(
  store: EventStore,
  data: { productId: string; form: ProductForm; expectedVersion: bigint; vatRatePercent: number; create: boolean },
  ctx: CommandContext,
): Promise<HandleResult<ProductEvent>> {
  const streamId = toProductStreamId(data.productId);
  const { events: stored, version } = await store.readStream(streamId);
  const state = stored.reduce((s, e) => productDecider.evolve(s, toDomainEvent<ProductEvent>(e)), productDecider.initialState);
  const options: EditOptions = { productId: data.productId, now: ctx.now, vatRatePercent: data.vatRatePercent, create: data.create, changedBy: ctx.userId };
  if (version !== data.expectedVersion && !(data.create && version > 0n)) {
    const last = stored.at(-1);
    throw new ProductChangedMeanwhileError(data.productId, data.expectedVersion, version, last?.metadata.userId ?? null, last?.metadata.time ?? null);
  }
  // Create over an existing product: the decider refuses it (product.already_exists).
  const decided = decideProductForm(data.form, state, options);
  if (decided.length === 0) return { events: [], version, checkpoint: '' };
  try {
    const result = await store.appendToStream(streamId, toNewEvents(decided, streamId, ctx), { expectedVersion: version });
    return { events: result.duplicate ? [] : decided, version: result.nextExpectedVersion, checkpoint: result.lastCheckpoint };
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    const now = await lastChange(store, streamId);
    throw new ProductChangedMeanwhileError(data.productId, data.expectedVersion, now.version, now.userId, now.time);
  }
}

/** EditProduct: the form over an existing product read at `expectedVersion`. */
export const editProduct = (store: EventStore, data: { productId: string; form: ProductForm; expectedVersion: bigint; vatRatePercent: number }, ctx: CommandContext) =>
  applyProductForm(store, { ...data, create: false }, ctx);

/** CreateProductFromForm: a new product with every field of the form in one append (expects no stream). */
export const createProductFromForm = (store: EventStore, data: { productId: string; form: ProductForm; vatRatePercent: number }, ctx: CommandContext) =>
  applyProductForm(store, { ...data, expectedVersion: 0n, create: true }, ctx);
