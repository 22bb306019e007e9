import { useTranslation } from 'react-i18next';
import type { Image } from '../../../../contract/media.ts';
import { photoUrl } from '../item-photos.ts';

/** The item's video: nothing downloads until it is played; its thumbnail is the poster. */
export function ItemVideo({ video, poster }: { video: Image; poster: Image | null }) {
  const { t } = useTranslation();
  const width = video.img_width > 0 ? video.img_width : undefined;
  const height = video.img_height > 0 ? video.img_height : undefined;
  return (
    <section aria-labelledby="video-heading">
      <h2 id="video-heading" className="mb-3 text-lg font-bold">
        {t('item.page.video')}
      </h2>
      {/* biome-ignore lint/a11y/useMediaCaption: sellers' own clips come without captions */}
      <video
        controls
        preload="none"
        playsInline
        poster={poster ? photoUrl(poster) : undefined}
        width={width}
        height={height}
        data-testid="item-video"
        className="aspect-video h-auto w-full rounded-3xl bg-black"
      >
        <source src={photoUrl(video)} />
      </video>
    </section>
  );
}
