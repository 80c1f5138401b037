/// <reference types="vite/client" />

/** The category pictograms' SVG sprite (web/build/pictogram-sprite.ts): its URL, e.g. '/assets/pictograms-Ab12.svg'. */
declare module 'virtual:pictogram-sprite' {
  const spriteUrl: string;
  export default spriteUrl;
}
