/**
 * SaveFileEdits: one finder save of one file (conventions 13: "Saving sends the version the screen read; a 409 says
 * who changed it and offers a reload"): rename (only when changed, spec 5), captions per language, move, tags added
 * and taken off, decided in that order on the folded `file-{fileId}` stream (domain/file/file.ts RenameFile,
 * ChangeFileCaption, MoveFile, TagFile, UntagFile) and appended in ONE append expecting the version read. With
 * `expectedVersion` (the FinderFile `version` the staff member saw), a stream that moved since is refused with
 * `ChangedMeanwhileError` (`file.changed_meanwhile`, who saved last and when) and nothing is written; without it the
 * last save wins. A save that changes nothing appends nothing.
 *
 * @throws ChangedMeanwhileError `file.changed_meanwhile`; DomainError `folder.not_found` (a move to a folder that is
 *   not there) and the decider's (`file.not_found`, `file.deleted`, `file.name_*`, `file.caption_too_long`,
 *   `file.tag_*`, `file.too_many_tags`, ...).
 */
import { type FileCommand, type FileEvent, fileDecider, toFileStreamId } from '../../domain/file/file.js';
import { ChangedMeanwhileError } from '../../domain/shared/errors.js';
import type { Language } from '../../domain/shared/localized.js';
import { type EventStore, WrongExpectedVersionError } from '../../platform/event-store/port.js';
import { assertFolderExists } from '../folder/folder-handler.js';
import { type CommandContext, decideSequence, type HandleResult, toNewEvents } from '../shared/command-handler.js';
import { loadAggregate } from '../shared/load-aggregate.js';

export interface SaveFileEditsInput {
  fileId: string;
  /** The file stream's version the finder showed; undefined: no check (the last save wins). */
  expectedVersion?: number;
  name?: string;
  captions?: Partial<Record<Language, string>>;
  /** `root` or a folder uuid. */
  folderId?: string;
  addTags?: readonly string[];
  removeTags?: readonly string[];
}

async function changedMeanwhile(store: EventStore, streamId: string, expected: number): Promise<ChangedMeanwhileError> {
  const { events, version } = await store.readStream(streamId);
  const last = events.at(-1);
  return new ChangedMeanwhileError('file.changed_meanwhile', expected, Number(version), last?.metadata.userId ?? null, last?.metadata.time ?? null);
}

/**
 * Refuses when `file-{fileId}` is no longer at `expectedVersion` (nothing read or written besides).
 * @throws ChangedMeanwhileError `file.changed_meanwhile`
 */
export async function assertFileVersion(store: EventStore, fileId: string, expectedVersion: number | undefined): Promise<void> {
  if (expectedVersion === undefined) return;
  const streamId = toFileStreamId(fileId);
  const { state, version } = await loadAggregate(store, streamId, fileDecider);
  if (state.status !== 'empty' && BigInt(expectedVersion) !== version) throw await changedMeanwhile(store, streamId, expectedVersion);
}

export async function saveFileEdits(store: EventStore, input: SaveFileEditsInput, ctx: CommandContext): Promise<HandleResult<FileEvent>> {
  const { fileId } = input;
  const streamId = toFileStreamId(fileId);
  const { state, version } = await loadAggregate(store, streamId, fileDecider);
  // The stale check comes first: a refused save says so even when its own edit would also be invalid.
  if (input.expectedVersion !== undefined && state.status !== 'empty' && BigInt(input.expectedVersion) !== version) throw await changedMeanwhile(store, streamId, input.expectedVersion);
  if (input.folderId !== undefined) await assertFolderExists(store, input.folderId);
  const metadata = { now: ctx.now, userId: ctx.userId };
  const commands: FileCommand[] = [];
  if (input.name !== undefined) commands.push({ type: 'RenameFile', data: { fileId, name: input.name }, metadata });
  for (const [language, caption] of Object.entries(input.captions ?? {}) as [Language, string][]) {
    commands.push({ type: 'ChangeFileCaption', data: { fileId, language, caption }, metadata });
  }
  if (input.folderId !== undefined) commands.push({ type: 'MoveFile', data: { fileId, folderId: input.folderId }, metadata });
  for (const tag of input.addTags ?? []) commands.push({ type: 'TagFile', data: { fileId, tag }, metadata });
  for (const tag of input.removeTags ?? []) commands.push({ type: 'UntagFile', data: { fileId, tag }, metadata });
  // An unknown or deleted file is refused even when nothing is asked (the decider's own refusals).
  if (commands.length === 0 && state.status !== 'stored') fileDecider.decide({ type: 'MoveFile', data: { fileId, folderId: 'root' }, metadata }, state);
  const decided = decideSequence(fileDecider, commands)(state);
  if (decided.length === 0) return { events: [], version, checkpoint: '' };
  try {
    const result = await store.appendToStream(streamId, toNewEvents(decided, streamId, ctx), { expectedVersion: version });
    return { events: result.duplicate ? [] : decided, version: result.nextExpectedVersion, checkpoint: result.lastCheckpoint };
  } catch (error) {
    if (error instanceof WrongExpectedVersionError && input.expectedVersion !== undefined) throw await changedMeanwhile(store, streamId, input.expectedVersion);
    throw error;
  }
}
