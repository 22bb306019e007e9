import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/form-classes.ts';
import { Check, Copy, MessageCircle, Share2 } from '../../../components/ui/icons.tsx';
import { Modal, ModalTrigger } from '../../../components/ui/modal.tsx';

/** The share addresses of the networks the share modal offers (SPEC.md 2: WhatsApp, Facebook, X). */
export function shareLinks(url: string, title: string) {
  const encodedUrl = encodeURIComponent(url);
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
    x: `https://x.com/intent/tweet?text=${encodeURIComponent(title)}&url=${encodedUrl}`,
  };
}

/**
 * Share: the device's own share sheet (Web Share API) where there is one; otherwise, or when it fails for
 * another reason than the person closing it, the share modal: copy the link, WhatsApp, Facebook, X.
 */
export function ShareItem({ url, title, className }: { url: string; title: string; className: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const links = shareLinks(url, title);

  const onTrigger = async (event: React.MouseEvent) => {
    if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return;
    const data = { title, url };
    if (navigator.canShare && !navigator.canShare(data)) return;
    event.preventDefault();
    try {
      await navigator.share(data);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') setOpen(true);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      (document.getElementById('share-url') as HTMLInputElement | null)?.select();
    }
  };
  const network =
    'flex items-center gap-3 rounded-2xl border border-slate-200 px-4 py-3 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800';

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setCopied(false);
      }}
      title={t('item.share.title')}
      description={t('item.share.description')}
      trigger={
        <ModalTrigger className={className} onClick={onTrigger} data-testid="share-button">
          <Share2 className="size-5" aria-hidden />
          {t('item.share.button')}
        </ModalTrigger>
      }
    >
      <div className="mt-4">
        <label htmlFor="share-url" className="text-sm font-medium">
          {t('item.share.link')}
        </label>
        <div className="flex gap-2">
          <input
            id="share-url"
            readOnly
            value={url}
            dir="ltr"
            className={inputClass}
            onFocus={(e) => e.target.select()}
          />
          <button
            type="button"
            onClick={copy}
            className="mt-1 inline-flex shrink-0 items-center gap-1.5 rounded-xl bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
          >
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {t('item.share.copy')}
          </button>
        </div>
        <p role="status" className="mt-1 min-h-5 text-sm text-emerald-700 dark:text-emerald-400">
          {copied ? t('item.share.copied') : ''}
        </p>
      </div>
      <ul className="mt-2 grid gap-2">
        <li>
          <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={network}>
            <span aria-hidden className="flex size-9 items-center justify-center rounded-full bg-[#25d366] text-white">
              <MessageCircle className="size-5" />
            </span>
            {t('item.share.whatsapp')}
          </a>
        </li>
        <li>
          <a href={links.facebook} target="_blank" rel="noopener noreferrer" className={network}>
            <span
              aria-hidden
              className="flex size-9 items-center justify-center rounded-full bg-[#1877f2] text-lg font-black text-white"
            >
              f
            </span>
            {t('item.share.facebook')}
          </a>
        </li>
        <li>
          <a href={links.x} target="_blank" rel="noopener noreferrer" className={network}>
            <span
              aria-hidden
              className="flex size-9 items-center justify-center rounded-full bg-black text-base font-black text-white dark:bg-white dark:text-black"
            >
              𝕏
            </span>
            {t('item.share.x')}
          </a>
        </li>
      </ul>
    </Modal>
  );
}
