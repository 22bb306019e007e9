import { readFileSync } from 'node:fs';
import type { LocalizedText } from '../schema/columns.ts';

export interface NamedEntry {
  name: string;
  names: LocalizedText;
}

export interface CatalogFile {
  categories: Array<{
    slug: string;
    icon: string;
    is_vehicle: boolean;
    names: LocalizedText;
    subcategories: Array<{ slug: string; names: LocalizedText }>;
  }>;
  lookups: Record<string, Array<NamedEntry & { is_empty_object?: boolean }>>;
  currencies: Array<{
    currency_short_form: string;
    currency_symbol: string;
    is_default?: boolean;
    names: LocalizedText;
  }>;
  manufacturers: Array<NamedEntry & { models: NamedEntry[] }>;
  cities: Array<NamedEntry & { lat: number; lng: number; townships: Array<NamedEntry & { lat: number; lng: number }> }>;
}

export interface ListingTemplate {
  subcategory: string;
  title: { ar: string; en: string };
  description: { ar: string; en: string };
  brand: string | null;
  price_min: number;
  price_max: number;
  condition: string;
  vehicle: null | { manufacturer: string; model: string; year_min: number; year_max: number; mileage_max: number };
}

export interface ContentFile {
  blogs: Array<{ titles: LocalizedText; bodies: LocalizedText }>;
  pages: Record<string, Record<string, { title: string; body: string }>>;
}

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8')) as T;

export const loadCatalog = () => read<CatalogFile>('catalog.json');
export const loadListings = () => read<{ listings: ListingTemplate[] }>('listings.json').listings;
export const loadContent = () => read<ContentFile>('content.json');
