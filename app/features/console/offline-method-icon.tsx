import type { OFFLINE_METHOD_ICONS } from '../../../contract/payment-catalog-basics.ts';
import { Banknote, type IconComponent, Landmark, Wallet } from '../../components/ui/icons.tsx';

export const OFFLINE_ICONS: Record<(typeof OFFLINE_METHOD_ICONS)[number], IconComponent> = {
  landmark: Landmark,
  banknote: Banknote,
  wallet: Wallet,
};

/** An offline method's picture in a round tile, as payers see it among the methods. */
export function OfflineMethodIcon({ icon }: { icon: (typeof OFFLINE_METHOD_ICONS)[number] }) {
  const Icon = OFFLINE_ICONS[icon];
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-200">
      <Icon className="size-5" aria-hidden />
    </span>
  );
}
