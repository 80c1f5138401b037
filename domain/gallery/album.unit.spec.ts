import { describe, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { type AlbumCommand, albumDecider, type AlbumEvent } from './album.js';

const album = spec(albumDecider);
const metadata = { now: '2026-11-28T10:00:00.000Z' };
const albumId = 'a1b2c3d4-0000-4000-8000-000000000001';
const f1 = '11111111-1111-4111-8111-111111111111';
const f2 = '22222222-2222-4222-8222-222222222222';
const cmd = <T extends AlbumCommand['type']>(type: T, data: Extract<AlbumCommand, { type: T }>['data']) => ({ type, data, metadata }) as AlbumCommand;
const created: AlbumEvent = { type: 'AlbumCreated', data: { albumId, names: { et: 'Projektiautod', en: 'Projektiautod' } } };
const caption = (et = '', en = '') => ({ et, en });
const withImages: AlbumEvent = { type: 'AlbumImagesChanged', data: { albumId, images: [{ fileId: f1, caption: caption('Üks') }, { fileId: f2, caption: caption() }] } };

describe('Album', () => {
  it('creates with one language filling the other, refuses no name', () => {
    album.when(cmd('CreateAlbum', { albumId, names: { et: ' Projektiautod ' } })).then([created]);
    album.when(cmd('CreateAlbum', { albumId, names: { et: '', en: ' ' } })).thenThrows('album.name_required', 'validation');
    album.given([created]).when(cmd('CreateAlbum', { albumId, names: { et: 'x' } })).thenThrows('album.exists', 'conflict');
  });

  it('renames only the languages sent, only when changed', () => {
    album.given([created]).when(cmd('RenameAlbum', { albumId, names: { en: 'Project cars' } })).then([{ type: 'AlbumRenamed', data: { albumId, names: { et: 'Projektiautod', en: 'Project cars' } } }]);
    album.given([created]).when(cmd('RenameAlbum', { albumId, names: { et: 'Projektiautod' } })).then([]);
  });

  it('orders images with captions; refuses unknown or repeated files', () => {
    album.given([created]).when(cmd('SetAlbumImages', { albumId, images: [{ fileId: f1, caption: { et: 'Üks' } }, { fileId: f2 }], imageFileIds: [f1, f2] })).then([withImages]);
    album.given([created, withImages]).when(cmd('SetAlbumImages', { albumId, images: [{ fileId: f1, caption: { et: 'Üks' } }, { fileId: f2 }], imageFileIds: [f1, f2] })).then([]);
    album.given([created]).when(cmd('SetAlbumImages', { albumId, images: [{ fileId: f1 }], imageFileIds: [] })).thenThrows('album.image_unknown', 'validation');
    album.given([created]).when(cmd('SetAlbumImages', { albumId, images: [{ fileId: f1 }, { fileId: f1 }], imageFileIds: [f1] })).thenThrows('album.image_twice');
  });

  it('keeps the thumbnail among the images and unpublishes an album left empty', () => {
    const thumb: AlbumEvent = { type: 'AlbumThumbnailChanged', data: { albumId, fileId: f2 } };
    album.given([created, withImages]).when(cmd('SetAlbumThumbnail', { albumId, fileId: f2 })).then([thumb]);
    album.given([created]).when(cmd('SetAlbumThumbnail', { albumId, fileId: f2 })).thenThrows('album.thumbnail_not_in_album');
    album.given([created, withImages, thumb, { type: 'AlbumPublished', data: { albumId } }]).when(cmd('SetAlbumImages', { albumId, images: [], imageFileIds: [] })).then([
      { type: 'AlbumImagesChanged', data: { albumId, images: [] } },
      { type: 'AlbumThumbnailChanged', data: { albumId, fileId: null } },
      { type: 'AlbumUnpublished', data: { albumId } },
    ]);
  });

  it('publishes an album with images once; deletes; a deleted album takes nothing', () => {
    album.given([created]).when(cmd('PublishAlbum', { albumId })).thenThrows('album.empty', 'illegal_state');
    album.given([created, withImages]).when(cmd('PublishAlbum', { albumId })).then([{ type: 'AlbumPublished', data: { albumId } }]);
    album.given([created, withImages, { type: 'AlbumPublished', data: { albumId } }]).when(cmd('PublishAlbum', { albumId })).then([]);
    album.given([created]).when(cmd('UnpublishAlbum', { albumId })).then([]);
    album.given([created]).when(cmd('DeleteAlbum', { albumId })).then([{ type: 'AlbumDeleted', data: { albumId } }]);
    album.given([created, { type: 'AlbumDeleted', data: { albumId } }]).when(cmd('RenameAlbum', { albumId, names: { et: 'x' } })).thenThrows('album.deleted');
    album.when(cmd('PublishAlbum', { albumId })).thenThrows('album.not_found', 'not_found');
  });
});
