import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Share2 } from '../../../components/ui/icons.tsx';
import { Modal, ModalLoading, ModalTrigger } from '../../../components/ui/modal.tsx';
import { onDemand } from '../../../lib/optional-chunk.ts';

// The dialog's content (the link to copy, the networks) loads with the dialog, asked for when the button is reached.
const { Part: SharePanel, preload } = onDemand(() => import('./share-panel.tsx').then((module) => module.SharePanel));

/**
 * Share: the device's own share sheet (Web Share API) where there is one; otherwise, or when it fails for
 * another reason than the person closing it, the share modal: copy the link, WhatsApp, Facebook, X.
 */
export function ShareItem({ url, title, className }: { url: string; title: string; className: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

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

  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={t('item.share.title')}
      description={t('item.share.description')}
      trigger={
        <ModalTrigger
          className={className}
          onClick={onTrigger}
          onPointerEnter={preload}
          onFocus={preload}
          data-testid="share-button"
        >
          <Share2 className="size-5" aria-hidden />
          {t('item.share.button')}
        </ModalTrigger>
      }
    >
      <Suspense fallback={<ModalLoading />}>
        <SharePanel url={url} title={title} />
      </Suspense>
    </Modal>
  );
}
