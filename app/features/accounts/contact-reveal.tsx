import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { SellerContact } from '../../../contract/users.ts';
import { MessageCircle, Phone } from '../../components/ui/icons.tsx';
import { ApiError, apiPost } from '../../lib/api-client.ts';
import { redirectQueryFor } from '../../lib/redirect.ts';
import { useViewer } from '../../lib/viewer.ts';

/** The number kept left to right inside a sentence of any direction (Unicode isolates, as <bdi> would). */
const leftToRight = (text: string) => `\u2066${text}\u2069`;

/** wa.me takes the number in international form, digits only. */
const whatsappHref = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;

/**
 * The seller's phone and WhatsApp (issue 24): never in the page; a signed-in member presses to reveal them (the
 * server counts the press and limits how many an hour), then calls or opens WhatsApp. A visitor is sent to
 * sign in and back. `revealPath` is the API operation that answers the numbers.
 */
export function ContactReveal({ revealPath, className }: { revealPath: string; className: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const location = useLocation();
  const [contact, setContact] = useState<SellerContact | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const label = (
    <>
      <Phone className="size-5" aria-hidden />
      {t('sellerContact.show')}
    </>
  );
  if (!viewer) {
    return (
      <Link to={`/login${redirectQueryFor(location.pathname, location.search)}`} className={className}>
        {label}
      </Link>
    );
  }
  if (contact) return <ContactLinks contact={contact} className={className} />;
  const reveal = async () => {
    setPending(true);
    setFailure(null);
    try {
      setContact(await apiPost<SellerContact>(revealPath));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.text : t('errors.generic'));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="grid gap-1">
      <button type="button" onClick={reveal} disabled={pending} className={className} data-testid="contact-reveal">
        {label}
      </button>
      {failure && (
        <p role="alert" className="text-center text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
    </div>
  );
}

/** The revealed numbers, the first one taking the focus from the button it replaced (keyboard users stay put). */
function ContactLinks({ contact, className }: { contact: SellerContact; className: string }) {
  const { t } = useTranslation();
  const links = useRef<HTMLDivElement>(null);
  useEffect(() => links.current?.querySelector('a')?.focus(), []);
  return (
    <div className="grid gap-2" data-testid="contact-links" ref={links}>
      {contact.user_phone && (
        <a href={`tel:${contact.user_phone}`} className={className} data-testid="contact-call">
          <Phone className="size-5" aria-hidden />
          {t('sellerContact.call', { phone: leftToRight(contact.user_phone) })}
        </a>
      )}
      {contact.whatsapp && (
        <a
          href={whatsappHref(contact.whatsapp)}
          target="_blank"
          rel="noopener noreferrer"
          className={className}
          data-testid="contact-whatsapp"
        >
          <MessageCircle className="size-5" aria-hidden />
          {t('sellerContact.whatsapp')}
        </a>
      )}
    </div>
  );
}
