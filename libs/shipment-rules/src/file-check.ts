import { MAX_FILE_BYTES } from './constants.js';

export interface FileProblem {
  code: 'INVALID_FILE_TYPE' | 'FILE_TOO_LARGE';
  /** Toast title. */
  title: string;
  /** Toast description. */
  message: string;
}

/** The spec's upload checks: the name must end in .csv (any case) and the size be at most 10MB. */
export function checkCsvFile(file: { name: string; size: number }): FileProblem | undefined {
  if (!String(file.name).trim().toLowerCase().endsWith('.csv')) {
    return { code: 'INVALID_FILE_TYPE', title: 'Invalid file type', message: 'Please select a CSV file' };
  }
  if (!(file.size <= MAX_FILE_BYTES)) {
    return { code: 'FILE_TOO_LARGE', title: 'File too large', message: 'File size must be less than 10MB' };
  }
  return undefined;
}
