import type { NotificationKind } from '../../../contract/notification-basics.ts';
import {
  Bell,
  CheckCircle2,
  Clock,
  Heart,
  type IconComponent,
  Megaphone,
  MessageCircle,
  Search,
  ShieldAlert,
  Star,
  Tag,
  UserPlus,
  XCircle,
} from '../../components/ui/icons.tsx';

/** The picture beside a notice without a person: what it is about at a glance. */
export const NOTICE_ICONS: Record<NotificationKind, IconComponent> = {
  'chat.message': MessageCircle,
  'chat.offer': Tag,
  'chat.accepted': CheckCircle2,
  'chat.rejected': XCircle,
  'item.approved': CheckCircle2,
  'item.rejected': XCircle,
  'item.disabled': XCircle,
  'item.held': ShieldAlert,
  'item.expiring': Clock,
  'item.expired': Clock,
  'favourite.sold': Heart,
  'favourite.price_drop': Tag,
  'saved_search.match': Search,
  'review.new': Star,
  'follower.new': UserPlus,
  broadcast: Megaphone,
};

export const noticeIconOf = (kind: NotificationKind) => NOTICE_ICONS[kind] ?? Bell;
