import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '../../../contract/payments.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { listingPath } from './listing-path.ts';
import { PaymentMethodName, PaymentStatusBadge } from './payment-words.tsx';

/** The receipt's lines, those that do not apply to this payment left out. */
export function useReceiptRows(payment: Payment, payerName: string, amount: string): Array<[string, ReactNode]> {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const rows: Array<[string, ReactNode] | null> = [
    [
      t('payments.receipt.number'),
      <bdi key="id" dir="ltr" className="font-mono text-sm break-all">
        {payment.id}
      </bdi>,
    ],
    [t('payments.receipt.date'), <DateText key="date" value={payment.added_date} format={formatDateTime} />],
    [
      t('payments.receipt.payer'),
      <span key="payer" dir="auto">
        {payerName}
      </span>,
    ],
    [t('payments.receipt.purpose'), t(`payments.purposes.${payment.purpose}`)],
    payment.item_id && payment.item_title
      ? [
          t('payments.receipt.item'),
          <Link key="item" to={listingPath(payment.item_id, payment.item_title)} className="hover:underline" dir="auto">
            {payment.item_title}
          </Link>,
        ]
      : null,
    [t('payments.receipt.method'), <PaymentMethodName key="method" method={payment.method} />],
    payment.offline_method_title ? [t('payments.receipt.offlineMethod'), payment.offline_method_title] : null,
    payment.payer_reference ? [t('payments.receipt.reference'), payment.payer_reference] : null,
    [
      t('payments.receipt.amount'),
      <bdi key="amount" dir="ltr">
        {amount}
      </bdi>,
    ],
    [t('payments.receipt.status'), <PaymentStatusBadge key="status" status={payment.status} />],
    [
      t('payments.receipt.paidDate'),
      payment.paid_date ? (
        <DateText key="paid" value={payment.paid_date} format={formatDateTime} />
      ) : (
        t('payments.receipt.notPaid')
      ),
    ],
    payment.failure_reason ? [t('payments.receipt.failure'), payment.failure_reason] : null,
  ];
  return rows.filter((row) => row !== null);
}

function DateText({ value, format }: { value: string; format: (value: string) => string }) {
  return (
    <time dateTime={value} dir="ltr">
      {format(value)}
    </time>
  );
}
