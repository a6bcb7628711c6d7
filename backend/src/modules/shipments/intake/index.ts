// Intake: a file or reviewed rows in, read (csv-ingest), checked, staged, and turned into shipments
// slice by slice (upload-staging, upload-slices), with the uploads' own tables (uploads.repository,
// upload-files.repository). Never imports processing/ (eslint.config.js).
export { ingestCsv, type IngestedRow, type IngestResult, type FileReading } from './csv-ingest.js';
export {
  FILE_NAME_CHARS,
  ShipmentIntake,
  type IntakeOutcome,
  type IntakeRequest,
  type IntakeSenderRef,
  type StagedIntake,
  type TypedRow,
} from './shipment-intake.service.js';
export {
  parseMapping,
  previewRows,
  processResults,
  reviewedInvalidRows,
  reviewedRows,
  QUEUE_BACK_NOTICE,
} from './upload-answer.js';
export { UploadReadinessService, type UploadReadiness } from './upload-readiness.service.js';
export { UploadsRepository } from './uploads.repository.js';
