/**
 * Where uploaded files' bytes live (product images): a directory from the configuration (FILES_DIR, default
 * `var/files`, platform/config.ts), one folder per file id holding the renditions the server made, each under a name
 * the server chose: `{dir}/{fileId}/{width}.webp`. Neither the user's file name nor any other input reaches a path:
 * file ids are uuids the server generates and names match `^[0-9]{1,5}\.webp$`, checked again here.
 *
 * Writes are all-or-nothing per file: every rendition is written to a temporary name and renamed; a failure removes
 * the file's folder. Every api replica must see the same directory (a shared volume) to serve what another stored.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RENDITION = /^[0-9]{1,5}\.webp$/;

export class FileStorage {
  /** @param dir the storage directory (made when missing) */
  constructor(readonly dir: string) {}

  private folder(fileId: string): string {
    if (!FILE_ID.test(fileId)) throw new Error(`Not a file id: ${fileId}`);
    return path.join(this.dir, fileId);
  }

  private file(fileId: string, name: string): string {
    if (!RENDITION.test(name)) throw new Error(`Not a rendition name: ${name}`);
    return path.join(this.folder(fileId), name);
  }

  /**
   * Stores the renditions of a new file (`name` e.g. `640.webp`). All or nothing.
   * @throws Error for an id or name of the wrong shape, or when the disk refuses (the folder is removed again)
   */
  async put(fileId: string, renditions: { name: string; data: Buffer }[]): Promise<void> {
    const folder = this.folder(fileId);
    const targets = renditions.map((r) => ({ target: this.file(fileId, r.name), data: r.data }));
    try {
      await mkdir(folder, { recursive: true });
      for (const { target, data } of targets) {
        const temporary = path.join(folder, `.${randomUUID()}.tmp`);
        await writeFile(temporary, data, { flag: 'wx' });
        await rename(temporary, target);
      }
    } catch (error) {
      await this.remove(fileId);
      throw error;
    }
  }

  /** Removes a file's renditions (nothing when there are none). */
  async remove(fileId: string): Promise<void> {
    await rm(this.folder(fileId), { recursive: true, force: true });
  }

  /** A stored rendition's bytes as a stream with its size, or null when there is none (or the names are not ours). */
  async open(fileId: string, name: string): Promise<{ stream: ReadStream; bytes: number; modified: Date } | null> {
    if (!FILE_ID.test(fileId) || !RENDITION.test(name)) return null;
    const file = this.file(fileId, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(file), bytes: info.size, modified: info.mtime };
  }
}
