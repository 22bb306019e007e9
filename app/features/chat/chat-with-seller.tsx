import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ItemDetail } from '../../../contract/items.ts';
import { MessageCircle } from '../../components/ui/icons.tsx';
import { chatHref } from './chat-href.ts';

/** The item page's way into the chat with the seller, for a signed-in buyer; the page gives it its look. */
export function ChatWithSeller({
  item,
  buyerId,
  className,
}: {
  item: Pick<ItemDetail, 'id' | 'added_user_id'>;
  buyerId: string;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <Link to={chatHref(item, buyerId)} className={className}>
      <MessageCircle className="size-5" aria-hidden />
      {t('item.actions.chat')}
    </Link>
  );
}
