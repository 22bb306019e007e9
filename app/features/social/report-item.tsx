import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag } from '../../components/ui/icons.tsx';
import { Modal, ModalLoading, ModalTrigger } from '../../components/ui/modal.tsx';
import { onDemand } from '../../lib/optional-chunk.ts';

// The form (its fields, the dialog form's parts) loads with the dialog, asked for when the button is reached.
const { Part: ReportForm, preload } = onDemand(() => import('./report-form.tsx').then((module) => module.ReportForm));

/**
 * Report an item (SPEC.md 2 confirm dialog, issue 11): a reason, and the person's own words for "other".
 * Once sent, the item leaves every list of theirs and its page says they reported it.
 */
export function ReportItem({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  if (reported) {
    return (
      <p className="text-center text-sm text-slate-600 dark:text-slate-400" data-testid="reported-notice">
        {t('item.report.alreadyReported')}
      </p>
    );
  }
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={t('item.report.title')}
      description={t('item.report.description')}
      showDescription
      trigger={
        <ModalTrigger
          className="inline-flex items-center justify-center gap-1.5 py-1 text-sm font-semibold text-slate-600 hover:underline dark:text-slate-300"
          data-testid="report-button"
          onPointerEnter={preload}
          onFocus={preload}
          onClick={preload}
        >
          <Flag className="size-4" aria-hidden />
          {t('item.actions.report')}
        </ModalTrigger>
      }
    >
      <Suspense fallback={<ModalLoading />}>
        <ReportForm
          itemId={itemId}
          onDone={() => {
            setOpen(false);
            setReported(true);
          }}
        />
      </Suspense>
    </Modal>
  );
}
