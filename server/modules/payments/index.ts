export { PaymentRecords } from './account-payments.ts';
export { paymentsByDay } from './daily-payments.ts';
