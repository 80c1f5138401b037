import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { displayFileName, type FileCommand, fileDecider, type FileEvent, type FileFacts } from './file.js';
import { fileIdOfImageRef, fileImageRef, imageSources, isProductImageRef } from './image-ref.js';

const file = spec(fileDecider);
const meta = { now: '2026-11-24T01:00:00.000Z' };
const fileId = '0b7c6f0e-9a7d-4c7e-8d43-3f1c2a9b5e10';
const facts: FileFacts = {
  fileId,
  folderId: null,
  name: 'brake-disc.png',
  mime: 'image/png',
  ext: 'png',
  bytes: 2048,
  width: 800,
  height: 600,
  variants: [{ width: 160, actualWidth: 160, height: 120, bytes: 900, mime: 'image/webp' }],
};
const upload = (data: Partial<FileFacts> = {}): FileCommand => ({ type: 'UploadFile', data: { ...facts, ...data }, metadata: meta });
const uploaded: FileEvent = { type: 'FileUploaded', data: facts };

describe('UploadFile', () => {
  it('records the upload once, with a display name the server cleaned', () => {
    file.when(upload()).then([uploaded]);
    file.when(upload({ name: 'C:\\fakepath\\pi\u0007lt.png', folderId: '  ' })).then([{ type: 'FileUploaded', data: { ...facts, name: 'pilt.png' } }]);
    file.given([uploaded]).when(upload()).thenThrows('file.exists', 'conflict');
  });

  it('refuses ids that are not uuids and sizes that are not positive', () => {
    file.when(upload({ fileId: '../../etc/passwd' })).thenThrows('file.invalid', 'validation');
    file.when(upload({ bytes: 0 })).thenThrows('file.invalid');
    file.when(upload({ width: 800, height: null })).thenThrows('file.invalid');
    file.when(upload({ ext: '../x' })).thenThrows('file.invalid');
    file.when(upload({ variants: [{ width: 160, actualWidth: 0, height: 1, bytes: 1, mime: 'image/webp' }] })).thenThrows('file.invalid');
  });
});

describe('displayFileName', () => {
  it('keeps the last path segment without control characters, at most 255 characters, else file.{ext}', () => {
    expect(displayFileName('/home/mari/pildid/ketas.jpg', 'jpg')).toBe('ketas.jpg');
    expect(displayFileName('  ', 'png')).toBe('file.png');
    expect(displayFileName('a'.repeat(300), 'png')).toHaveLength(255);
  });
});

describe('image references', () => {
  it('names an uploaded file by /files/{uuid} and keeps http(s) URLs of imported catalogs', () => {
    expect(fileImageRef(fileId)).toBe(`/files/${fileId}`);
    expect(fileIdOfImageRef(`/files/${fileId}`)).toBe(fileId);
    expect(fileIdOfImageRef('https://example.com/a.jpg')).toBeNull();
    expect(isProductImageRef('https://example.com/a.jpg')).toBe(true);
    expect(isProductImageRef(`/files/${fileId}`)).toBe(true);
    for (const bad of ['/files/../x', 'javascript:alert(1)', `/files/${fileId}/640.webp`, 'ftp://x/y']) expect(isProductImageRef(bad)).toBe(false);
  });

  it('gives an uploaded image a srcset of every width, an imported URL none', () => {
    expect(imageSources(`/files/${fileId}`)).toEqual({
      url: `/files/${fileId}/640.webp`,
      thumbnail: `/files/${fileId}/160.webp`,
      srcset: `/files/${fileId}/160.webp 160w, /files/${fileId}/320.webp 320w, /files/${fileId}/640.webp 640w, /files/${fileId}/1280.webp 1280w`,
    });
    expect(imageSources('https://example.com/a.jpg')).toEqual({ url: 'https://example.com/a.jpg', thumbnail: 'https://example.com/a.jpg', srcset: null });
  });
});

describe('finder changes of a file', () => {
  const cmd = <T extends FileCommand['type']>(type: T, data: Extract<FileCommand, { type: T }>['data']) => ({ type, data, metadata: meta }) as FileCommand;

  it('renames only when the name changed (spec 5), refusing separators and control characters', () => {
    file.given([uploaded]).when(cmd('RenameFile', { fileId, name: ' brake-disc.png ' })).then([]);
    file.given([uploaded]).when(cmd('RenameFile', { fileId, name: 'ketas.png' })).then([{ type: 'FileRenamed', data: { fileId, name: 'ketas.png' } }]);
    for (const name of ['../x.png', 'a\\b', 'a\u0000.png']) file.given([uploaded]).when(cmd('RenameFile', { fileId, name })).thenThrows('file.name_invalid', 'validation');
    file.when(cmd('RenameFile', { fileId, name: 'x' })).thenThrows('file.not_found', 'not_found');
  });

  it('keeps a caption per language, only when changed', () => {
    file.given([uploaded]).when(cmd('ChangeFileCaption', { fileId, language: 'en', caption: 'Disc' })).then([{ type: 'FileCaptionChanged', data: { fileId, language: 'en', caption: 'Disc' } }]);
    file.given([uploaded, { type: 'FileCaptionChanged', data: { fileId, language: 'en', caption: 'Disc' } }]).when(cmd('ChangeFileCaption', { fileId, language: 'en', caption: 'Disc ' })).then([]);
    file.given([uploaded]).when(cmd('ChangeFileCaption', { fileId, language: 'en', caption: 'x'.repeat(501) })).thenThrows('file.caption_invalid');
  });

  it('tags case-insensitively once, untags the held spelling', () => {
    const tagged: FileEvent = { type: 'FileTagged', data: { fileId, tag: 'Pidurid' } };
    file.given([uploaded]).when(cmd('TagFile', { fileId, tag: '  Pidurid ' })).then([tagged]);
    file.given([uploaded, tagged]).when(cmd('TagFile', { fileId, tag: 'PIDURID' })).then([]);
    file.given([uploaded, tagged]).when(cmd('UntagFile', { fileId, tag: 'pidurid' })).then([{ type: 'FileUntagged', data: { fileId, tag: 'Pidurid' } }]);
    file.given([uploaded]).when(cmd('UntagFile', { fileId, tag: 'x' })).then([]);
    file.given([uploaded]).when(cmd('TagFile', { fileId, tag: ' ' })).thenThrows('file.tag_invalid');
  });

  it('moves to another folder; the top folder is where a file without one is', () => {
    file.given([uploaded]).when(cmd('MoveFile', { fileId, folderId: 'root' })).then([]);
    file.given([uploaded]).when(cmd('MoveFile', { fileId, folderId: 'f-1' })).then([{ type: 'FileMoved', data: { fileId, folderId: 'f-1' } }]);
  });

  it('refuses to delete a used file with one problem per use, else deletes it once', () => {
    const uses = [{ kind: 'product' as const, id: 'p1', name: 'Piduriketas' }, { kind: 'album' as const, id: 'a1', name: 'Autod' }];
    try {
      file.given([uploaded]).when(cmd('DeleteFile', { fileId, uses })).then([]);
      expect.unreachable();
    } catch (error) {
      expect((error as { code: string }).code).toBe('file.in_use');
      expect((error as { details: { problems: unknown[] } }).details.problems).toEqual([
        { code: 'file.in_use', field: 'product:p1', message: 'Piduriketas' },
        { code: 'file.in_use', field: 'album:a1', message: 'Autod' },
      ]);
    }
    file.given([uploaded]).when(cmd('DeleteFile', { fileId, uses: [] })).then([{ type: 'FileDeleted', data: { fileId } }]);
    file.given([uploaded, { type: 'FileDeleted', data: { fileId } }]).when(cmd('RenameFile', { fileId, name: 'x' })).thenThrows('file.deleted');
  });
});
