import type { TFunction } from 'i18next';
import {
  Bell,
  Crown,
  Eye,
  Heart,
  LogIn,
  Megaphone,
  MessageCircle,
  Search,
  ShieldCheck,
  Store,
  User,
  UserPlus,
  Wallet,
} from '../../components/ui/icons.tsx';

/** The signed-in user's pages, in the avatar menu and the phone menu; admins also get the moderation queue. */
export function memberMenu(t: TFunction, isAdmin = false) {
  return [
    { to: '/profile', label: t('nav.profile'), icon: User },
    { to: '/active-items', label: t('nav.myItems'), icon: Store },
    { to: '/chat-list', label: t('nav.message'), icon: MessageCircle },
    { to: '/favourite', label: t('nav.favourite'), icon: Heart },
    { to: '/notification', label: t('nav.notification'), icon: Bell },
    { to: '/saved-searches', label: t('nav.savedSearches'), icon: Search },
    { to: '/recently-viewed', label: t('nav.recentlyViewed'), icon: Eye },
    { to: '/paid-items', label: t('nav.paidItems'), icon: Megaphone },
    { to: '/payments', label: t('nav.payments'), icon: Wallet },
    { to: '/membership', label: t('nav.membership'), icon: Crown },
    ...(isAdmin ? [{ to: '/admin/items', label: t('nav.moderation'), icon: ShieldCheck }] : []),
  ];
}

/** Sign-in and registration, each coming back to `redirect`. */
export function visitorMenu(t: TFunction, redirect: string) {
  return [
    { to: `/login${redirect}`, label: t('nav.login'), icon: LogIn },
    { to: `/register${redirect}`, label: t('nav.register'), icon: UserPlus },
  ];
}
