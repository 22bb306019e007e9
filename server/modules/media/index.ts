export { imageDecodeSeconds } from './image-pipeline.ts';
export {
  type DbOrTx,
  deleteImageRows,
  findImageRows,
  type ImageRow,
  insertImageRow,
  replaceSoleImage,
  updateImageRow,
} from './image-rows.ts';
export { firstImageJson, firstImages, imagesOf, toImage } from './images.ts';
export {
  MAX_INPUT_PIXELS,
  MAX_PDF_BYTES,
  MAX_PDF_PAGES,
  MAX_UPLOAD_BYTES,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  THUMBNAIL_VARIANTS,
} from './limits.ts';
export {
  type Destination,
  type ImageRule,
  MediaService,
  type MediaSettings,
  type StoredImage,
  type Upload,
} from './media-service.ts';
export { publicUrlOf, setPublicBase } from './public-url.ts';
export { MediaRefused, photoRefusal, type RefusalReason } from './refusals.ts';
