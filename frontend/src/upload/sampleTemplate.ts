import { SAMPLE_CSV } from '@portal/shipment-rules';

export const SAMPLE_FILE_NAME = 'shipments-template.csv';

/** Saves the sample CSV template through a Blob download. */
export function downloadSampleCsv(): void {
  const blob = new Blob([SAMPLE_CSV], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = SAMPLE_FILE_NAME;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
