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
