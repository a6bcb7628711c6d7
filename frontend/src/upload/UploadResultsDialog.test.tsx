import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import type { UploadProgress, UploadResult } from './types';
import { UploadResultsDialog } from './UploadResultsDialog';

const result: UploadResult = {
  uploadId: 'up-big',
  filename: 'big.csv',
  totalRows: 4504,
  validRows: 4502,
  invalidRows: 2,
  duplicateRows: 1,
  queued: 4501,
  preview: { valid: [], invalid: [] },
};

function progress(p: Partial<UploadProgress>): UploadProgress {
  return {
    uploadId: 'up-big',
    filename: 'big.csv',
    totalRows: 4504,
    validRows: 4502,
    invalidRows: 2,
    duplicateRows: 1,
    shipments: 0,
    staged: 0,
    pending: 0,
    success: 0,
    failed: 0,
    byStatus: {},
    done: false,
    ...p,
  };
}

describe('UploadResultsDialog', () => {
  it('counts rows still being turned into shipments, and shows repeats found while that happens', async () => {
    let polls = 0;
    mockApi({
      'GET /api/shipments/uploads/up-big': () => ({
        body:
          polls++ === 0
            ? progress({ staged: 4502, pending: 4502 })
            : progress({ shipments: 4500, pending: 4000, success: 500, duplicateRows: 2 }),
      }),
    });
    renderScreen(<UploadResultsDialog result={result} onClose={() => undefined} />, { user: annAtAcme() });
    const dialog = within(await screen.findByRole('dialog', { name: 'Upload Results' }));
    expect(await dialog.findByText('0 of 4,502')).toBeTruthy();
    expect(dialog.getByTestId('result-duplicates').textContent).toBe('1');
    expect(await dialog.findByText('500 of 4,500', undefined, { timeout: 5000 })).toBeTruthy();
    expect(dialog.getByTestId('result-duplicates').textContent).toBe('2');
    expect(dialog.getByTestId('progress-pending').textContent).toBe('4,000');
  });
});
