export { apiRequest, CREDENTIAL_TYPE, DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS } from './request';
export type { ApiContext, RequestOptions } from './request';
export { apiRequestAllItems, apiRequestPage, hasMorePages } from './pagination';
export type { Page } from './pagination';
export { multipartBody } from './multipart';
export type { MultipartFile } from './multipart';
export { paths } from './paths';
