import { ITEM_STATUS } from '../../../../contract/item-basics.ts';
import type { ItemDetail, VehicleDetails } from '../../../../contract/items.ts';
import { photoUrl } from '../item-photos.ts';

/**
 * schema.org conditions of the seeded item conditions (server/db/seed/data/catalog.json, ids in order: New,
 * Like New, Used - Good, Used - Fair, For Parts). Conditions an operator adds later have no obvious match
 * and are left out of the data rather than guessed.
 */
const CONDITIONS: Record<number, string> = {
  1: 'https://schema.org/NewCondition',
  2: 'https://schema.org/UsedCondition',
  3: 'https://schema.org/UsedCondition',
  4: 'https://schema.org/UsedCondition',
  5: 'https://schema.org/DamagedCondition',
};

/** An absolute address on this site (a stored file's address may already be absolute: a CDN). */
export const absoluteUrl = (siteUrl: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${siteUrl}${path}`);

/** The price as schema.org wants it: a plain number text with a dot ("1500.00" → "1500"). */
function plainPrice(price: string) {
  const amount = Number.parseFloat(price);
  return Number.isFinite(amount) ? String(amount) : '0';
}

function photoUrls(item: ItemDetail, siteUrl: string) {
  const photos = item.images.length > 0 ? item.images : item.default_photo ? [item.default_photo] : [];
  return photos.map((image) => absoluteUrl(siteUrl, photoUrl(image)));
}

function offerOf(item: ItemDetail, pageUrl: string, condition: string | undefined) {
  const available = !item.is_sold_out && item.status === ITEM_STATUS.active;
  return {
    '@type': 'Offer',
    price: plainPrice(item.price),
    ...(item.item_currency ? { priceCurrency: item.item_currency.currency_short_form } : {}),
    availability: available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    ...(condition ? { itemCondition: condition } : {}),
    url: pageUrl,
    ...(item.user ? { seller: { '@type': 'Person', name: item.user.user_name } } : {}),
  };
}

/** The Car properties of the vehicle details that are filled in. */
function carOf(vehicle: VehicleDetails) {
  const car: Record<string, unknown> = {};
  if (vehicle.year) car.vehicleModelDate = String(vehicle.year);
  if (vehicle.mileage !== null) {
    car.mileageFromOdometer = { '@type': 'QuantitativeValue', value: vehicle.mileage, unitCode: 'KMT' };
  }
  if (vehicle.manufacturer) car.manufacturer = { '@type': 'Organization', name: vehicle.manufacturer.name };
  if (vehicle.model) car.model = vehicle.model.name;
  if (vehicle.fuel_type) car.fuelType = vehicle.fuel_type.name;
  if (vehicle.transmission) car.vehicleTransmission = vehicle.transmission.name;
  if (vehicle.color) car.color = vehicle.color.name;
  if (vehicle.body_style) car.bodyType = vehicle.body_style.name;
  return car;
}

/**
 * The item's structured data for search engines: a schema.org Product with its Offer, and a Car as well for
 * vehicles (https://schema.org/Car: model year, odometer in km, maker, model, fuel, gearbox, colour, body).
 */
export function itemJsonLd(item: ItemDetail, pageUrl: string, siteUrl: string): Record<string, unknown> {
  const vehicle = item.vehicle;
  const brand = item.brand?.trim() || vehicle?.manufacturer?.name;
  const condition = item.condition_of_item ? CONDITIONS[item.condition_of_item.id] : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': vehicle ? ['Product', 'Car'] : 'Product',
    name: item.title,
    description: item.description,
    image: photoUrls(item, siteUrl),
    sku: item.id,
    productID: item.id,
    url: pageUrl,
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    ...(condition ? { itemCondition: condition } : {}),
    ...(item.category ? { category: item.category.cat_name } : {}),
    offers: offerOf(item, pageUrl, condition),
    ...(vehicle ? carOf(vehicle) : {}),
  };
}

/**
 * JSON for a <script type="application/ld+json"> element: `<` is written as \u003c, so no text in the item
 * ("</script>", "<!--") can end the element or start markup; U+2028/2029 are escaped for old parsers.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
