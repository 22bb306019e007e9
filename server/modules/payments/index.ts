export { PaymentRecords } from './account-payments.ts';
