export { PaymentRecords } from './account-payments.ts';
export { paymentsByDay } from './daily-payments.ts';
export type { PaymentEvent } from './events.ts';
export { registerPaymentFollowUps } from './follow-ups.ts';
export { payerChoice } from './ledger.ts';
export { decimalText, inCurrencyDecimals, minorAmount } from './money.ts';
export type { PaymentProvider } from './provider.ts';
export { paymentRoutes } from './routes/payments.ts';
export { PaymentsService } from './service.ts';
