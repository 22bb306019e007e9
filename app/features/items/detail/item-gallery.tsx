import { type KeyboardEvent, lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Image } from '../../../../contract/media.ts';
import { ChevronLeft, ChevronRight, ZoomIn } from '../../../components/ui/icons.tsx';
import { orNothing } from '../../../lib/optional-chunk.ts';
import { hasThumbnailVariants, photoSources } from '../item-photos.ts';

const ItemLightbox = lazy(orNothing(() => import('./item-lightbox.tsx')));

/** The photo box: full width on phones, the main column (about 760px) on wide screens. */
const SIZES = '(min-width: 1024px) 760px, 100vw';

const navButton =
  'absolute top-1/2 z-10 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-slate-900/90 dark:text-white dark:hover:bg-slate-900';

/**
 * The photo a key moves to, or null for a key that moves nothing. The arrow that points towards the end of
 * the line moves on, in Arabic as in English.
 */
function slideForKey(key: string, rtl: boolean, current: number, count: number): number | null {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  const targets = new Map([
    [forward, current + 1],
    [backward, current - 1],
    ['Home', 0],
    ['End', count - 1],
  ]);
  return targets.get(key) ?? null;
}

/** Follows the photo scrolled into view (a swipe moves the row without any button). */
function useSlideInView(scroller: RefObject<HTMLDivElement | null>, onSeen: (index: number) => void) {
  useEffect(() => {
    const list = scroller.current;
    if (!list || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) onSeen(Number((entry.target as HTMLElement).dataset.index));
        }
      },
      { root: list, threshold: 0.6 },
    );
    for (const slide of list.children) observer.observe(slide);
    return () => observer.disconnect();
  }, [scroller, onSeen]);
}

/**
 * Every photo of an item, cover first: a row that swipes (CSS scroll snap), previous and next buttons, dots
 * and arrow keys; a photo opens the zoomable full-screen viewer, whose code loads only then. Each <img> has
 * its width and height (nothing shifts as it loads) and a srcset over the thumbnails.
 */
export function ItemGallery({ images, title }: { images: Image[]; title: string }) {
  const { t, i18n } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  const rtl = i18n.dir() === 'rtl';
  const count = images.length;
  useSlideInView(scroller, setCurrent);

  if (count === 0) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-3xl bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        {t('item.gallery.noPhotos')}
      </div>
    );
  }

  const show = (index: number) => {
    const target = (index + count) % count;
    const slide = scroller.current?.children[target] as HTMLElement | undefined;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    slide?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'nearest', inline: 'start' });
    setCurrent(target);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = slideForKey(event.key, rtl, current, count);
    if (target === null) return;
    show(target);
    event.preventDefault();
  };

  return (
    <section
      aria-roledescription={t('item.gallery.carousel')}
      aria-label={t('item.gallery.label')}
      data-testid="item-gallery"
    >
      <div className="relative">
        {/* biome-ignore lint/a11y/useSemanticElements: a carousel's photo row (WAI-ARIA carousel pattern), not a form group */}
        <div
          ref={scroller}
          role="group"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the photo row scrolls; keys move between photos
          tabIndex={0}
          onKeyDown={onKeyDown}
          aria-label={t('item.gallery.hint')}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-3xl bg-slate-100 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-slate-800 [&::-webkit-scrollbar]:hidden"
        >
          {images.map((image, index) => (
            <GallerySlide
              key={image.img_id}
              image={image}
              index={index}
              count={count}
              title={title}
              focusable={index === current}
              onOpen={() => setViewerAt(index)}
            />
          ))}
        </div>
        {count > 1 && <GalleryArrows rtl={rtl} current={current} count={count} onShow={show} />}
      </div>
      {count > 1 && <GalleryDots images={images} current={current} onShow={show} />}
      {viewerAt !== null && (
        <Suspense fallback={null}>
          <ItemLightbox
            images={images}
            index={viewerAt}
            hasVariants={hasThumbnailVariants}
            onIndexChange={(index) => {
              if (index !== current) show(index);
            }}
            onClose={() => setViewerAt(null)}
          />
        </Suspense>
      )}
    </section>
  );
}

/** One photo of the row: a button that opens it in the viewer; only the shown one is in the tab order. */
function GallerySlide({
  image,
  index,
  count,
  title,
  focusable,
  onOpen,
}: {
  image: Image;
  index: number;
  count: number;
  title: string;
  focusable: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const sources = photoSources(image);
  const first = index === 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel slide (WAI-ARIA carousel pattern), not a form group
    <div
      data-index={index}
      role="group"
      aria-roledescription={t('item.gallery.slide')}
      aria-label={t('item.gallery.position', { index: index + 1, total: count })}
      className="w-full shrink-0 snap-start snap-always"
    >
      <button
        type="button"
        onClick={onOpen}
        tabIndex={focusable ? 0 : -1}
        aria-label={t('item.gallery.zoom', { index: index + 1, total: count })}
        className="group relative block w-full cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-brand-600"
      >
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sources.srcSet ? SIZES : undefined}
          width={sources.width || undefined}
          height={sources.height || undefined}
          alt={image.img_desc || (count > 1 ? `${title} (${index + 1}/${count})` : title)}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding={first ? 'sync' : 'async'}
          className="aspect-[4/3] h-auto w-full object-contain"
        />
        <span
          aria-hidden
          className="absolute end-3 bottom-3 flex size-9 items-center justify-center rounded-full bg-slate-900/60 text-white opacity-80 group-hover:opacity-100"
        >
          <ZoomIn className="size-5" />
        </span>
      </button>
    </div>
  );
}

/** Previous and next over the row, and the position ("2 / 5"), read out as it changes. */
function GalleryArrows({
  rtl,
  current,
  count,
  onShow,
}: {
  rtl: boolean;
  current: number;
  count: number;
  onShow: (index: number) => void;
}) {
  const { t } = useTranslation();
  const Previous = rtl ? ChevronRight : ChevronLeft;
  const Next = rtl ? ChevronLeft : ChevronRight;
  return (
    <>
      <button
        type="button"
        onClick={() => onShow(current - 1)}
        aria-label={t('item.gallery.previous')}
        className={`${navButton} start-3`}
      >
        <Previous className="size-5" aria-hidden />
      </button>
      <button
        type="button"
        onClick={() => onShow(current + 1)}
        aria-label={t('item.gallery.next')}
        className={`${navButton} end-3`}
      >
        <Next className="size-5" aria-hidden />
      </button>
      <p
        aria-live="polite"
        className="absolute start-3 top-3 rounded-full bg-slate-900/70 px-2.5 py-0.5 text-xs font-semibold text-white"
      >
        <span className="sr-only">{t('item.gallery.label')}: </span>
        <bdi dir="ltr">
          {current + 1} / {count}
        </bdi>
      </p>
    </>
  );
}

/** A dot per photo under the row; the shown one is wider and marked current. */
function GalleryDots({
  images,
  current,
  onShow,
}: {
  images: Image[];
  current: number;
  onShow: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex justify-center gap-1">
      {images.map((image, index) => (
        <button
          key={image.img_id}
          type="button"
          onClick={() => onShow(index)}
          aria-label={t('item.gallery.goTo', { index: index + 1, total: images.length })}
          aria-current={index === current ? 'true' : undefined}
          className="flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span
            className={`block rounded-full transition-all ${index === current ? 'h-2.5 w-5 bg-brand-600 dark:bg-brand-400' : 'size-2.5 bg-slate-400 dark:bg-slate-500'}`}
          />
        </button>
      ))}
    </div>
  );
}
