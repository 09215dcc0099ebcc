/**
 * The one caption layout (SPEC 5, Memes), used by the browser's canvas and by the server's
 * renderer (@napi-rs/canvas) so that a meme looks the same wherever it is drawn. Everything that
 * decides where a pixel goes is in these modules; each side only supplies a 2D context and loads
 * the fonts (and the stickers' pictures).
 */
export * from './meme-fonts-catalog.js';
export * from './meme-text.js';
export * from './meme-caption-fit.js';
export * from './meme-style.js';
export * from './meme-stickers.js';
export * from './meme-draw.js';
