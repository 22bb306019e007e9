export { firstImages, ImageRefused, MAX_INPUT_PIXELS, resizeToWebp, toImage } from './images.ts';
export { publicUrlOf, setPublicBase } from './public-url.ts';
