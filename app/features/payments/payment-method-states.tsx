import { useTranslation } from 'react-i18next';
import type { PaymentMethodState } from '../../../contract/payment-catalog.ts';
import { PaymentMethodName } from './payment-words.tsx';

const YES = 'font-semibold text-emerald-800 dark:text-emerald-300';
const NO = 'text-slate-600 dark:text-slate-400';
const COLUMNS = ['method', 'keys', 'offered'] as const;

/**
 * Each payment method as payers meet it now: whether the server has its keys (they are set in its environment and
 * never shown) and whether it is offered. What the flags below change shows here after saving.
 */
export function PaymentMethodStates({ states }: { states: PaymentMethodState[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
      <table className="w-full text-sm" data-testid="payment-method-states">
        <caption className="px-3 pt-2 text-start font-semibold">{t('console.settings.methodStates.caption')}</caption>
        <thead>
          <tr className="text-slate-600 dark:text-slate-400">
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-start font-medium">
                {t(`console.settings.methodStates.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {states.map((state) => (
            <tr key={state.method} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="px-3 py-2 text-start font-normal">
                <PaymentMethodName method={state.method} />
              </th>
              <td className={`px-3 py-2 ${state.keys_set ? YES : NO}`}>
                {t(
                  state.keys_set
                    ? 'console.settings.methodStates.keysSet'
                    : 'console.settings.methodStates.keysMissing',
                )}
              </td>
              <td className={`px-3 py-2 ${state.offered ? YES : NO}`}>
                {t(state.offered ? 'console.settings.methodStates.yes' : 'console.settings.methodStates.no')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
