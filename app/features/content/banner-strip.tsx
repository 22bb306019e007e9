import { Link } from 'react-router';
import type { Banner } from '../../../contract/banners.ts';

/**
 * The operator's banners on the home page: one wide picture, or a row that scrolls sideways (snapping to each)
 * when there are more. Each picture's words are its text alternative; a banner with a link is the link.
 */
export function BannerStrip({ banners, labelledBy }: { banners: Banner[]; labelledBy: string }) {
  return (
    <ul
      aria-labelledby={labelledBy}
      className="flex snap-x snap-mandatory gap-3 overflow-x-auto pb-1"
      data-testid="dashboard-banners"
    >
      {banners.map((banner) => (
        <li key={banner.id} className={`shrink-0 snap-start ${banners.length > 1 ? 'w-[88%] md:w-[48%]' : 'w-full'}`}>
          <BannerLink banner={banner} />
        </li>
      ))}
    </ul>
  );
}

function BannerLink({ banner }: { banner: Banner }) {
  const picture = (
    <img
      src={`/uploads/${banner.image_path}`}
      alt={banner.title}
      className="aspect-[3/1] w-full rounded-2xl bg-slate-100 object-cover dark:bg-slate-800"
      loading="lazy"
    />
  );
  const focus =
    'block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
  if (!banner.link) return picture;
  if (banner.link.startsWith('/')) {
    return (
      <Link to={banner.link} className={focus}>
        {picture}
      </Link>
    );
  }
  return (
    <a href={banner.link} target="_blank" rel="noopener noreferrer" className={focus}>
      {picture}
    </a>
  );
}
