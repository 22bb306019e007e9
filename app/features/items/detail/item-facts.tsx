import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemDetail, VehicleDetails } from '../../../../contract/items.ts';
import type { LanguageCode } from '../../../../contract/language.ts';
import { useFormatDateTime } from '../../../lib/time-zone.tsx';
import { badgesOf, ItemStatusBadge } from '../item-card.tsx';
import { formatCount } from './format-count.ts';

function Facts({ rows, testId }: { rows: Array<[string, ReactNode]>; testId: string }) {
  return (
    <dl
      data-testid={testId}
      className="grid grid-cols-1 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white sm:grid-cols-2 sm:divide-y-0 dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {rows.map(([label, value]) => (
        <div
          key={label}
          className="flex items-baseline justify-between gap-4 px-4 py-3 sm:border-b sm:border-slate-200 sm:odd:border-e dark:sm:border-slate-800"
        >
          <dt className="shrink-0 text-sm text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="min-w-0 text-end font-medium break-words" dir="auto">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The fields of SPEC.md 2 (ad type, brand, condition, deal option, status) and the rest of the listing's facts. */
export function ItemFacts({ item }: { item: ItemDetail }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const rows: Array<[string, ReactNode]> = [];
  const add = (label: string, value: ReactNode | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') rows.push([label, value]);
  };
  add(t('item.facts.adType'), item.item_type?.name);
  add(t('item.facts.category'), [item.category?.cat_name, item.sub_category?.name].filter(Boolean).join(' › '));
  add(t('item.facts.brand'), item.brand?.trim());
  add(t('item.facts.condition'), item.condition_of_item?.name);
  add(
    t('item.facts.dealOption'),
    item.deal_option ? (
      <>
        {item.deal_option.name}
        {item.deal_option_remark?.trim() && (
          <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">
            {item.deal_option_remark.trim()}
          </span>
        )}
      </>
    ) : null,
  );
  add(
    t('item.facts.status'),
    <span className="inline-flex flex-wrap justify-end gap-1">
      {badgesOf(item, true).map((badge) => (
        <ItemStatusBadge key={badge} badge={badge} />
      ))}
    </span>,
  );
  add(t('item.facts.priceType'), item.item_price_type?.name);
  add(t('item.facts.isShop'), t(item.business_mode ? 'item.facts.shopYes' : 'item.facts.shopNo'));
  add(
    t('item.facts.location'),
    [item.item_location?.name, item.item_location_township?.township_name]
      .filter(Boolean)
      .join(t('item.facts.listSeparator')),
  );
  add(t('item.facts.address'), item.address?.trim());
  add(t('item.facts.posted'), <bdi dir="ltr">{formatDateTime(item.added_date)}</bdi>);
  return <Facts rows={rows} testId="item-facts" />;
}

/** The vehicle's details (manufacturer, model, year, mileage, engine, gearbox, fuel, body, colour, seller, type). */
export function VehicleFacts({ vehicle }: { vehicle: VehicleDetails }) {
  const { t, i18n } = useTranslation();
  const rows: Array<[string, ReactNode]> = [];
  const add = (label: string, value: ReactNode | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') rows.push([label, value]);
  };
  add(t('item.vehicle.manufacturer'), vehicle.manufacturer?.name);
  add(t('item.vehicle.model'), vehicle.model?.name);
  add(t('item.vehicle.year'), vehicle.year === null ? null : <bdi dir="ltr">{vehicle.year}</bdi>);
  add(
    t('item.vehicle.mileage'),
    vehicle.mileage === null
      ? null
      : t('item.vehicle.kilometres', { value: formatCount(vehicle.mileage, i18n.language as LanguageCode) }),
  );
  add(t('item.vehicle.engineStatus'), vehicle.engine_status?.name);
  add(t('item.vehicle.transmission'), vehicle.transmission?.name);
  add(t('item.vehicle.fuelType'), vehicle.fuel_type?.name);
  add(t('item.vehicle.bodyStyle'), vehicle.body_style?.name);
  add(t('item.vehicle.color'), vehicle.color?.name);
  add(t('item.vehicle.sellerType'), vehicle.seller_type?.name);
  add(t('item.vehicle.vehicleType'), vehicle.vehicle_type?.name);
  if (rows.length === 0) return null;
  return <Facts rows={rows} testId="vehicle-facts" />;
}
