export { AppError, ERROR_CODES, type ErrorCode } from './app-error.js';
export { AppExceptionFilter } from './app-exception.filter.js';
