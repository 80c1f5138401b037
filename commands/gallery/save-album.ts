/**
 * SaveAlbum: the album editor's one save (conventions 13: "Saving sends the version the screen read; a 409 says who
 * changed it and offers a reload"). The album's stream is read; when `expectedVersion` is given and the stream is no
 * longer there, nothing is written and `ChangedMeanwhileError` (`album.changed_meanwhile`) says who saved last and
 * when. Otherwise RenameAlbum, SetAlbumImages, SetAlbumThumbnail and Publish/UnpublishAlbum (domain/gallery/album.ts)
 * are decided in that order, each on the state the previous left, and their events appended at once expecting the
 * version read, so a writer slipping in between is refused the same way. A save that changes nothing appends nothing.
 *
 * @throws ChangedMeanwhileError `album.changed_meanwhile`; DomainError from the decider (`album.not_found`,
 *   `album.deleted`, `album.name_required`, `album.image_unknown`, `album.image_twice`, `album.thumbnail_not_in_album`,
 *   `album.empty`, ...).
 */
import { type AlbumCommand, type AlbumEvent, albumDecider, toAlbumStreamId } from '../../domain/gallery/album.js';
import { ChangedMeanwhileError } from '../../domain/shared/errors.js';
import type { Localized } from '../../domain/shared/localized.js';
import { type EventStore, WrongExpectedVersionError } from '../../platform/event-store/port.js';
import { type CommandContext, decideSequence, type HandleResult, toNewEvents } from '../shared/command-handler.js';
import { loadAggregate } from '../shared/load-aggregate.js';

export interface SaveAlbumInput {
  albumId: string;
  /** The stream version the editor read; undefined: no check (the last save wins). */
  expectedVersion?: number;
  names?: Partial<Localized>;
  images?: readonly { fileId: string; caption?: Partial<Localized> }[];
  /** Which of the files of `images` are uploaded images (the files read model). */
  imageFileIds?: readonly string[];
  thumbnail?: string | null;
  published?: boolean;
}

async function changedMeanwhile(store: EventStore, streamId: string, expected: number): Promise<ChangedMeanwhileError> {
  const { events, version } = await store.readStream(streamId);
  const last = events.at(-1);
  return new ChangedMeanwhileError('album.changed_meanwhile', expected, Number(version), last?.metadata.userId ?? null, last?.metadata.time ?? null);
}

export async function saveAlbum(store: EventStore, input: SaveAlbumInput, ctx: CommandContext): Promise<HandleResult<AlbumEvent>> {
  const streamId = toAlbumStreamId(input.albumId);
  const { state, version } = await loadAggregate(store, streamId, albumDecider);
  if (input.expectedVersion !== undefined && BigInt(input.expectedVersion) !== version && state.status !== 'empty') throw await changedMeanwhile(store, streamId, input.expectedVersion);
  const metadata = { now: ctx.now, userId: ctx.userId };
  const { albumId } = input;
  const commands: AlbumCommand[] = [];
  if (input.names) commands.push({ type: 'RenameAlbum', data: { albumId, names: input.names }, metadata });
  if (input.images) commands.push({ type: 'SetAlbumImages', data: { albumId, images: input.images, imageFileIds: input.imageFileIds ?? [] }, metadata });
  if (input.thumbnail !== undefined) commands.push({ type: 'SetAlbumThumbnail', data: { albumId, fileId: input.thumbnail }, metadata });
  if (input.published === true) commands.push({ type: 'PublishAlbum', data: { albumId }, metadata });
  if (input.published === false) commands.push({ type: 'UnpublishAlbum', data: { albumId }, metadata });
  // An unknown or deleted album is refused even when nothing is asked (the decider's own refusals).
  if (commands.length === 0 && state.status !== 'active') albumDecider.decide({ type: 'UnpublishAlbum', data: { albumId }, metadata }, state);
  const decided = decideSequence(albumDecider, commands)(state);
  if (decided.length === 0) return { events: [], version, checkpoint: '' };
  try {
    const result = await store.appendToStream(streamId, toNewEvents(decided, streamId, ctx), { expectedVersion: version });
    return { events: result.duplicate ? [] : decided, version: result.nextExpectedVersion, checkpoint: result.lastCheckpoint };
  } catch (error) {
    if (error instanceof WrongExpectedVersionError && input.expectedVersion !== undefined) throw await changedMeanwhile(store, streamId, input.expectedVersion);
    throw error;
  }
}
