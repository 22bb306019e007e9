import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SavedCard, SavedCardList } from '../../../contract/payment-cards.ts';
import { useConfirmedAction } from '../../components/ui/confirmed-action.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { primaryButtonClass, secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { CreditCard, Pencil, Plus, Trash2, Wallet } from '../../components/ui/icons.tsx';
import { Modal, ModalLoading, ModalTrigger } from '../../components/ui/modal.tsx';
import { apiDelete } from '../../lib/api-client.ts';
import { onDemand } from '../../lib/optional-chunk.ts';
import type { CardSaveFormProps } from './card-save-form.tsx';
import { cardExpiry, cardName } from './saved-card-words.ts';

// Stripe.js and the card form load only when someone adds or updates a card.
const CardSaveForm = onDemand<CardSaveFormProps>(() => import('./card-save-form.tsx').then((module) => module.default));

/**
 * /payment-cards (SPEC.md 2 card entry and card update): the cards the person keeps at our card provider, to pay
 * with in one press; add one, replace one with a new card, remove one. `list` is null when the provider did not
 * answer.
 */
export function SavedCardsPage({ list: first }: { list: SavedCardList | null }) {
  const { t } = useTranslation();
  const [list, setList] = useState(first);
  const [notice, setNotice] = useState('');
  const changed = (next: SavedCardList, message: string) => {
    setList(next);
    setNotice(message);
  };
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="cards-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="cards-title" className="text-2xl font-bold sm:text-3xl">
            {t('payments.cards.title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('payments.cards.intro')}</p>
        </div>
        <Link
          to="/payments"
          className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl px-3 font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-900"
        >
          <Wallet className="size-5" aria-hidden />
          {t('payments.cards.toPayments')}
        </Link>
      </div>
      <p
        role="status"
        className="mt-4 empty:hidden rounded-xl bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
      >
        {notice}
      </p>
      <CardsBody list={list} onChanged={changed} />
    </section>
  );
}

function CardsBody({
  list,
  onChanged,
}: {
  list: SavedCardList | null;
  onChanged: (list: SavedCardList, message: string) => void;
}) {
  const { t } = useTranslation();
  if (!list) return <Notice>{t('payments.cards.unreadable')}</Notice>;
  if (!list.enabled) return <Notice>{t('payments.cards.off')}</Notice>;
  const full = list.cards.length >= list.max;
  return (
    <>
      {list.cards.length === 0 ? (
        <EmptyState icon={CreditCard} text={t('payments.cards.empty')} />
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-3" aria-label={t('payments.cards.label')} data-testid="saved-cards">
          {list.cards.map((card) => (
            <CardRow key={card.id} card={card} list={list} onChanged={onChanged} />
          ))}
        </ul>
      )}
      <div className="mt-6">
        {full ? (
          <Notice>{t('payments.cards.full', { max: list.max })}</Notice>
        ) : (
          <CardDialog
            list={list}
            replacing={null}
            onSaved={(next) => onChanged(next, t('payments.cards.saved'))}
            trigger={
              <ModalTrigger className={`${primaryButtonClass} sm:w-auto`} onPointerEnter={CardSaveForm.preload}>
                <Plus className="size-5" aria-hidden />
                {t('payments.cards.add')}
              </ModalTrigger>
            }
          />
        )}
      </div>
    </>
  );
}

function CardRow({
  card,
  list,
  onChanged,
}: {
  card: SavedCard;
  list: SavedCardList;
  onChanged: (list: SavedCardList, message: string) => void;
}) {
  const { t } = useTranslation();
  const name = cardName(card, t);
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      data-testid="saved-card"
    >
      <div className="flex min-w-0 items-center gap-3">
        <CreditCard className="size-8 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
        <div className="min-w-0">
          <h2 className="font-bold">{name}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{cardExpiry(card, t)}</p>
          {card.holder_name && (
            <p className="text-sm break-words text-slate-600 dark:text-slate-400">
              <bdi>{card.holder_name}</bdi>
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <CardDialog
          list={list}
          replacing={card}
          onSaved={(next) => onChanged(next, t('payments.cards.updated'))}
          trigger={
            <ModalTrigger className={`${secondaryButtonClass} text-sm`} onPointerEnter={CardSaveForm.preload}>
              <Pencil className="size-4" aria-hidden />
              {t('payments.cards.update')}
              <span className="sr-only"> {name}</span>
            </ModalTrigger>
          }
        />
        <RemoveButton card={card} name={name} onRemoved={(next) => onChanged(next, t('payments.cards.removed'))} />
      </div>
    </li>
  );
}

/** Card entry (`replacing` null) or card update, in a dialog that closes once the card is saved. */
function CardDialog({
  list,
  replacing,
  trigger,
  onSaved,
}: {
  list: SavedCardList;
  replacing: SavedCard | null;
  trigger: ReactNode;
  onSaved: (list: SavedCardList) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={replacing ? t('payments.cards.updateTitle') : t('payments.cards.addTitle')}
      description={t('payments.cards.formIntro')}
      showDescription
      testId="card-save-dialog"
      trigger={trigger}
    >
      <Suspense fallback={<ModalLoading />}>
        <CardSaveForm.Part
          keys={list}
          replacing={replacing}
          onSaved={(next) => {
            setOpen(false);
            onSaved(next);
          }}
        />
      </Suspense>
    </Modal>
  );
}

function RemoveButton({
  card,
  name,
  onRemoved,
}: {
  card: SavedCard;
  name: string;
  onRemoved: (list: SavedCardList) => void;
}) {
  const { t } = useTranslation();
  const { busy, run } = useConfirmedAction();
  const question = {
    title: t('payments.cards.removeTitle'),
    message: t('payments.cards.removeConfirm', { name }),
    confirmLabel: t('payments.cards.remove'),
    cancelLabel: t('dialog.cancel'),
  };
  const remove = () =>
    run(question, async () =>
      onRemoved(await apiDelete<SavedCardList>(`/api/v1/payment-cards/${encodeURIComponent(card.id)}`)),
    );
  return (
    <button
      type="button"
      onClick={remove}
      disabled={busy}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-xl border border-red-300 bg-white px-3 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950"
    >
      <Trash2 className="size-4" aria-hidden />
      {t('payments.cards.remove')}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="mt-6 rounded-xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">{children}</p>
  );
}
