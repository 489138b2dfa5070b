import { Logger } from '@aws-lambda-powertools/logger';

/** One structured logger per module load; per-request keys are appended and cleared by the HTTP wrapper. */
export const logger = new Logger({
  serviceName: 'rentalops',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});
