/**
 * The media test files (made byte by byte, no fixture binaries) for tests of other modules: a module's test
 * may import another module only through its index.ts, and these are no part of the media module's surface.
 */
export { mp4, pdf, phoneJpeg, pngClaiming, SVG, TEXT_NAMED_JPG, webm } from '../modules/media/test-files.ts';
