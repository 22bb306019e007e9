import type { CategoryIconName } from '../../../contract/console-basics.ts';
import {
  Armchair,
  Baby,
  BookOpen,
  Briefcase,
  Building2,
  Car,
  Dumbbell,
  type IconComponent,
  PawPrint,
  Refrigerator,
  Shirt,
  Smartphone,
  Sofa,
  Tag,
  Tv,
  Wrench,
} from './icons.tsx';

/** The icons categories may name (the column categories.icon); anything else shows a tag. */
const ICONS: Record<CategoryIconName, IconComponent> = {
  tag: Tag,
  armchair: Armchair,
  baby: Baby,
  'book-open': BookOpen,
  briefcase: Briefcase,
  'building-2': Building2,
  car: Car,
  dumbbell: Dumbbell,
  'paw-print': PawPrint,
  refrigerator: Refrigerator,
  shirt: Shirt,
  smartphone: Smartphone,
  sofa: Sofa,
  tv: Tv,
  wrench: Wrench,
};

export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name as CategoryIconName] ?? Tag;
  return <Icon className={className} aria-hidden />;
}
