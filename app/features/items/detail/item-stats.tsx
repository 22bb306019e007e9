import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemDetail } from '../../../../contract/items.ts';
import type { LanguageCode } from '../../../../contract/language.ts';
import { CalendarDays, Camera, Eye, Heart, Phone } from '../../../components/ui/icons.tsx';
import { useFormatDateTime } from '../../../lib/time-zone.tsx';
import { formatCount } from './format-count.ts';

/**
 * Likes (favourite count), views (touch count), photos and the posting date; for its owner, how many people
 * revealed their phone from it (`contacts`, null for anyone else).
 */
export function ItemStats({ item, contacts = null }: { item: ItemDetail; contacts?: number | null }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const language = i18n.language as LanguageCode;
  const photos = item.images.length || item.photo_count;
  return (
    <section aria-labelledby="stats-heading" data-testid="item-stats">
      <h2 id="stats-heading" className="sr-only">
        {t('item.stats.heading')}
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2">
        <Stat icon={<Heart className="size-4" aria-hidden />} label={t('item.stats.likes')}>
          {formatCount(item.favourite_count, language)}
        </Stat>
        <Stat icon={<Eye className="size-4" aria-hidden />} label={t('item.stats.views')}>
          {formatCount(item.touch_count, language)}
        </Stat>
        {contacts !== null && (
          <Stat icon={<Phone className="size-4" aria-hidden />} label={t('item.stats.contacts')}>
            {formatCount(contacts, language)}
          </Stat>
        )}
        <Stat icon={<Camera className="size-4" aria-hidden />} label={t('item.stats.photos')}>
          {formatCount(photos, language)}
        </Stat>
        <Stat icon={<CalendarDays className="size-4" aria-hidden />} label={t('item.stats.posted')}>
          <bdi dir="ltr" className="text-sm">
            {formatDateTime(item.added_date)}
          </bdi>
        </Stat>
      </dl>
    </section>
  );
}

function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-slate-100 px-3 py-2.5 dark:bg-slate-800">
      <dt className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
        {icon}
        {label}
      </dt>
      <dd className="mt-0.5 font-bold">{children}</dd>
    </div>
  );
}
