import { approvalOperation } from './approval';

export const { description, plan } = approvalOperation('reject');
