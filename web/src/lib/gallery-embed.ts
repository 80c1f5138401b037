/**
 * Where the content pages find the gallery's parts (spec 1: the layout `gallery` shows the albums, `gallery-detail`
 * one album's thumbnails with the lightbox): the gallery feature's `AlbumTiles` and `AlbumPictures`
 * (features/gallery/components/), which the pages feature cannot import (no feature imports another, conventions 8).
 * app/router.tsx composes: it calls `provideAlbumTiles` / `provideAlbumPictures` with the lazily loaded components,
 * and the layouts render `useAlbumTiles()` / `useAlbumPictures()` (null before they are provided: the layout then shows
 * its text only) inside a Suspense, so a shopper's other pages never load the gallery's code.
 */
import type { ComponentType } from 'react';

let tiles: ComponentType | null = null;

/** Called by app/ once, with the lazily loaded AlbumTiles. */
export function provideAlbumTiles(component: ComponentType): void {
  tiles = component;
}

/** The album tiles component, or null when app/ has not provided one. */
export function useAlbumTiles(): ComponentType | null {
  return tiles;
}

let pictures: ComponentType<{ albumId: string | null }> | null = null;

/** Called by app/ once, with the lazily loaded EmbeddedAlbum (an album id, or null: the first published album). */
export function provideAlbumPictures(component: ComponentType<{ albumId: string | null }>): void {
  pictures = component;
}

/** One album's thumbnails with the lightbox, or null when app/ has not provided them. */
export function useAlbumPictures(): ComponentType<{ albumId: string | null }> | null {
  return pictures;
}
