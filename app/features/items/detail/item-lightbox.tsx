import 'yet-another-react-lightbox/styles.css';
import { useTranslation } from 'react-i18next';
import Lightbox from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import type { Image } from '../../../../contract/media.ts';
import { PHOTO_VARIANTS, photoUrl, thumbnailUrl } from '../item-photos.ts';

/** The full-screen photo viewer with zoom (pinch, double tap, wheel, keys); its code loads when first opened. */
export default function ItemLightbox({
  images,
  index,
  hasVariants,
  onClose,
  onIndexChange,
}: {
  images: Image[];
  index: number;
  hasVariants: (image: Image) => boolean;
  onClose: () => void;
  onIndexChange: (index: number) => void;
}) {
  const { t } = useTranslation();
  const slides = images.map((image) => ({
    src: photoUrl(image),
    width: image.img_width,
    height: image.img_height,
    alt: image.img_desc,
    srcSet: hasVariants(image)
      ? PHOTO_VARIANTS.map((variant) => {
          const scale = Math.min(1, variant.box / Math.max(image.img_width, image.img_height, 1));
          return {
            src: thumbnailUrl(image, variant.folder),
            width: Math.round(image.img_width * scale),
            height: Math.round(image.img_height * scale),
          };
        }).filter((source) => source.width < image.img_width)
      : undefined,
  }));
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      slides={slides}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      on={{ view: ({ index: shown }) => onIndexChange(shown) }}
      carousel={{ finite: images.length <= 1 }}
      render={images.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
      labels={{
        Previous: t('item.gallery.previous'),
        Next: t('item.gallery.next'),
        Close: t('item.gallery.closeViewer'),
        Lightbox: t('item.gallery.viewer'),
        'Photo gallery': t('item.gallery.label'),
        Carousel: t('item.gallery.carousel'),
        Slide: t('item.gallery.slide'),
        '{index} of {total}': t('item.gallery.position', { index: '{index}', total: '{total}' }),
        'Zoom in': t('item.gallery.zoomIn'),
        'Zoom out': t('item.gallery.zoomOut'),
      }}
    />
  );
}
