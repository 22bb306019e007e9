import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/form-classes.ts';
import { Check, Copy, MessageCircle } from '../../../components/ui/icons.tsx';

// The share dialog's content (share-item.tsx), loaded when the dialog opens.

/** The share addresses of the networks the share modal offers (SPEC.md 2: WhatsApp, Facebook, X). */
export function shareLinks(url: string, title: string) {
  const encodedUrl = encodeURIComponent(url);
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
    x: `https://x.com/intent/tweet?text=${encodeURIComponent(title)}&url=${encodedUrl}`,
  };
}

/** The link to copy, and the networks to share it on (SPEC.md 2 share modal). */
export function SharePanel({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const links = shareLinks(url, title);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      (document.getElementById('share-url') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <>
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
        <NetworkLink href={links.whatsapp} name={t('item.share.whatsapp')} badge="bg-[#25d366]">
          <MessageCircle className="size-5" />
        </NetworkLink>
        <NetworkLink href={links.facebook} name={t('item.share.facebook')} badge="bg-[#1877f2] text-lg font-black">
          f
        </NetworkLink>
        <NetworkLink
          href={links.x}
          name={t('item.share.x')}
          badge="bg-black text-base font-black dark:bg-white dark:text-black"
        >
          𝕏
        </NetworkLink>
      </ul>
    </>
  );
}

/** One network of the share panel: its mark in its colours, and its name. */
function NetworkLink({
  href,
  name,
  badge,
  children,
}: {
  href: string;
  name: string;
  badge: string;
  children: React.ReactNode;
}) {
  return (
    <li>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="flex items-center gap-3 rounded-2xl border border-slate-200 px-4 py-3 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        <span aria-hidden className={`flex size-9 items-center justify-center rounded-full text-white ${badge}`}>
          {children}
        </span>
        {name}
      </a>
    </li>
  );
}
