import { approvalOperation } from './approval';

export const { description, execute } = approvalOperation('reject');
