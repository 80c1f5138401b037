/**
 * Where the content pages find the gallery's album tiles (spec 1: the layout `gallery` shows the albums): the gallery
 * feature's `AlbumTiles` (features/gallery/components/album-tiles.tsx), which the pages feature cannot import (no
 * feature imports another, conventions 8). app/router.tsx composes: it calls `provideAlbumTiles` with the lazily
 * loaded component, and the layout renders `useAlbumTiles()` (null before it is provided: the layout then shows its
 * text only) inside a Suspense, so a shopper's other pages never load the gallery's code.
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
