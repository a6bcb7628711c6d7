import {
  checkCsvFile,
  findMissingColumns,
  isShipmentField,
  normalizeHeader,
  selectionToColumnMapping,
  suggestMapping,
  UPLOAD_LIMITS,
  type ColumnMapping,
  type FieldSelection,
  type ShipmentField,
} from '@portal/shipment-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../api/request';
import { useActions } from '../api/compose';
import type { ConnectActions } from '../connect';
import { useToast } from '../notifications/toast';
import { invalidateShipmentData } from '../api/invalidate';
import { mappingRequiredDetails, useProcessShipments, useUploadCsv } from './api';
import { findSavedMapping, mappingToSelection } from './mappingsApi';
import type { UploadActions } from './provider';
import { readFileReading } from './resultsApi';
import { parseCsvFile } from './parseCsvFile';
import {
  buildInvalidRows,
  buildProcessPayload,
  PROCESS_MAX_ROWS,
  processedToastText,
  summarizeResults,
  withFileLayout,
} from './processPayload';
import type { IssueRow } from './ResultRows';
import type { RowPatch } from './RowEditor';
import { applyRowFix } from './rowFix';
import type { ParseResult, ProcessInput, ReviewRow } from './types';

/**
 * How the review modal's 'Process Shipments' button submits (see FLOWS.md):
 * 'process' sends the reviewed rows as JSON (Reading B), 'upload' sends the file (Reading A).
 */
export type ImportMode = 'process' | 'upload';

export function importModeFor(parse: ParseResult, mapping?: ColumnMapping): ImportMode {
  const hasMapping = !!mapping && Object.keys(mapping).length > 0;
  return !hasMapping && parse.allRows && parse.summary.totalRows <= PROCESS_MAX_ROWS ? 'process' : 'upload';
}

export interface MappingStep {
  kind: 'mapping';
  file: File;
  /** Normalised CSV headers offered in the selects. */
  headers: string[];
  /** Header -> text as written in the file. */
  labels: Record<string, string>;
  missing: ShipmentField[];
  initial: FieldSelection;
}

export interface ReviewStep {
  kind: 'review';
  file: File;
  parse: ParseResult;
  mapping?: ColumnMapping;
  mode: ImportMode;
  /** The mapping is the one the company saved for these headers (applied without asking). */
  savedMapping?: boolean;
}

export type ImportStep =
  { kind: 'idle' } | { kind: 'parsing'; file: File } | MappingStep | ReviewStep | ResultsStep;

/** The results view of one upload (both flows end here). */
export interface ResultsStep {
  kind: 'results';
  uploadId: string;
  fileName: string;
  /** Reviewed rows with errors the server does not have (a body too big to carry them). */
  localIssues?: IssueRow[];
  fileRows?: number;
}

/** The review's rows with errors, as the results view lists them. */
export function localIssuesOf(rows: readonly ReviewRow[]): IssueRow[] {
  return rows
    .filter((r) => !r.valid)
    .map((r) => ({
      row: r.row,
      status: 'INVALID',
      orderId: r.order_id,
      displayId: r.displayId,
      trackingNumber: r.tracking_number,
      reason: r.validation || 'Invalid',
      waiting: false,
    }));
}

/**
 * What the server remembers of a reviewed file besides its rows (they are sent as reviewed rows when a
 * row was fixed in place): its headers with the column mapping it was read with, so the next file of
 * this layout is read without asking (a fix changes cells, never the layout), and the date order its own
 * dates settled.
 */
export function fileLayout(parse: ParseResult, mapping?: ColumnMapping): Omit<ProcessInput, 'shipments'> {
  const layout: Omit<ProcessInput, 'shipments'> = {};
  if (mapping && Object.keys(mapping).length > 0) {
    layout.headers = parse.summary.detectedHeaders;
    layout.columnMapping = { ...mapping };
  }
  if (parse.dateOrder.source === 'file' && parse.dateOrder.order) layout.dateOrder = parse.dateOrder.order;
  return layout;
}

/**
 * The Upload Shipments flow: file checks, local parse in a worker, column mapping when required columns
 * are missing, the review modal, then either `POST /api/shipments/process` or `POST /api/shipments/upload`
 * and the results dialog.
 */
export function useCsvImport() {
  const [step, setStep] = useState<ImportStep>({ kind: 'idle' });
  const toast = useToast();
  const queryClient = useQueryClient();
  const dataProvider = useActions<UploadActions & ConnectActions>();
  const upload = useUploadCsv();
  const process = useProcessShipments();
  /** Increases on every new parse or cancel, so a late parse answer is dropped. */
  const generation = useRef(0);

  const showParsed = useCallback(
    (file: File, parse: ParseResult, mapping?: ColumnMapping, savedMapping = false) => {
      const { summary } = parse;
      if (summary.detectedHeaders.length === 0) {
        toast({ title: 'CSV validation failed', description: 'The file is empty', variant: 'destructive' });
        setStep({ kind: 'idle' });
        return;
      }
      if (summary.detectedHeaders.length > UPLOAD_LIMITS.maxColumns) {
        // The server refuses such a file too; the mapping dialog would list every column.
        toast({
          title: 'CSV validation failed',
          description: `The header row has ${summary.detectedHeaders.length.toLocaleString('en-US')} columns; at most ${UPLOAD_LIMITS.maxColumns} are allowed`,
          variant: 'destructive',
        });
        setStep({ kind: 'idle' });
        return;
      }
      if (summary.totalRows === 0) {
        toast({
          title: 'CSV validation failed',
          description: 'The file has no data rows',
          variant: 'destructive',
        });
        setStep({ kind: 'idle' });
        return;
      }
      if (summary.requiresMapping) {
        setStep({
          kind: 'mapping',
          file,
          headers: summary.detectedHeaders,
          labels: parse.headerLabels,
          missing: parse.missingColumns,
          initial: suggestMapping(summary.detectedHeaders),
        });
        return;
      }
      setStep({ kind: 'review', file, parse, mapping, mode: importModeFor(parse, mapping), savedMapping });
    },
    [toast],
  );

  const parse = useCallback(
    (file: File, mapping?: ColumnMapping, savedMapping = false) => {
      const id = ++generation.current;
      setStep({ kind: 'parsing', file });
      readFileReading(queryClient, dataProvider)
        .then((reading) => parseCsvFile(file, mapping, reading))
        .then(
          async (result) => {
            if (id !== generation.current) return;
            if (!mapping && result.summary.requiresMapping && result.summary.totalRows > 0) {
              // The company mapped a file with these columns before: use that mapping without asking.
              const saved = await findSavedMapping(queryClient, dataProvider, result.summary.detectedHeaders);
              if (id !== generation.current) return;
              if (saved) {
                parse(file, saved, true);
                return;
              }
            }
            showParsed(file, result, mapping, savedMapping);
          },
          (err: unknown) => {
            if (id !== generation.current) return;
            toast({
              title: `CSV parsing failed: ${errorMessage(err, 'Unknown error')}`,
              variant: 'destructive',
            });
            setStep({ kind: 'idle' });
          },
        );
    },
    [showParsed, toast, queryClient, dataProvider],
  );

  const selectFile = useCallback(
    (file: File) => {
      const problem = checkCsvFile(file);
      if (problem) {
        toast({ title: problem.title, description: problem.message, variant: 'destructive' });
        return;
      }
      parse(file);
    },
    [parse, toast],
  );

  const confirmMapping = useCallback(
    (selection: FieldSelection) => {
      if (step.kind !== 'mapping') return;
      parse(step.file, selectionToColumnMapping(selection));
    },
    [parse, step],
  );

  const cancel = useCallback(() => {
    generation.current += 1;
    setStep({ kind: 'idle' });
  }, []);

  const submitting = upload.isPending || process.isPending;

  const submit = useCallback(() => {
    if (step.kind !== 'review' || submitting) return;
    const { file, parse: parsed, mapping, mode } = step;
    if (mode === 'process') {
      const shipments = buildProcessPayload(parsed.rows, { cells: true });
      if (shipments.length === 0) {
        toast({
          title: 'Processing failed',
          description: 'There are no valid rows to process',
          variant: 'destructive',
        });
        return;
      }
      // The rows with errors go too (stored, never sent to Faire), so the upload's results and failed
      // rows file have them; the body leaves them out only when it would be too big with them.
      const invalidRows = parsed.allRows ? buildInvalidRows(parsed.rows, { cells: true }) : [];
      const body = withFileLayout(
        {
          shipments,
          ...(invalidRows.length ? { invalidRows } : {}),
          fileName: file.name,
          ...fileLayout(parsed, mapping),
        },
        parsed,
      );
      const storedInvalid = (body.invalidRows?.length ?? 0) > 0;
      process.mutate(body, {
        onSuccess: ({ uploadId, results }) => {
          const { success, failed, pending } = summarizeResults(results);
          // Rows with errors were not sent to Faire: they failed too, as the results view lists them.
          const notSent = parsed.allRows ? parsed.summary.invalidRows : 0;
          const counts = { success, failed: failed + notSent, pending };
          toast({
            title: 'Shipments processed',
            description: processedToastText(counts),
            // Still sending is not a failure: neither red nor green until Faire answers.
            variant: counts.failed > 0 ? 'destructive' : pending > 0 ? 'default' : 'success',
          });
          setStep(
            uploadId
              ? {
                  kind: 'results',
                  uploadId,
                  fileName: file.name,
                  // Stored with the upload, the server lists them; otherwise the review does.
                  localIssues: parsed.allRows && !storedInvalid ? localIssuesOf(parsed.rows) : [],
                  fileRows: parsed.summary.totalRows,
                }
              : { kind: 'idle' },
          );
        },
        onError: (err) =>
          toast({ title: 'Processing failed', description: errorMessage(err), variant: 'destructive' }),
        onSettled: () => {
          void invalidateShipmentData(queryClient);
        },
      });
      return;
    }
    upload.mutate(
      // A saved mapping is applied by the server too (and its answer says so); a changed one is sent.
      { file, mapping: step.savedMapping ? undefined : mapping },
      {
        onSuccess: (result) => {
          const counts = `${result.validRows} valid rows found, ${result.invalidRows} with issues`;
          toast({
            title: 'CSV uploaded successfully',
            description: result.notice ? `${counts}. ${result.notice}` : counts,
            variant: 'success',
          });
          setStep({ kind: 'results', uploadId: result.uploadId, fileName: result.filename });
        },
        onError: (err) => {
          toast({ title: 'Upload failed', description: errorMessage(err), variant: 'destructive' });
          const details = mappingRequiredDetails(err);
          if (details && details.detectedHeaders.length > 0) {
            const headers = details.detectedHeaders.map(normalizeHeader).filter((h) => h !== '');
            setStep({
              kind: 'mapping',
              file,
              headers,
              labels: parsed.headerLabels,
              missing: details.missingColumns.filter(isShipmentField),
              initial: suggestMapping(headers),
            });
          }
        },
      },
    );
  }, [process, queryClient, step, submitting, toast, upload]);

  /** A fixed row of the review, re-validated; Process then sends the reviewed rows (with the fixes). */
  const fixRow = useCallback((rowNumber: number, patch: RowPatch) => {
    setStep((s) => {
      if (s.kind !== 'review' || !s.parse.allRows) return s;
      const parse = applyRowFix(s.parse, rowNumber, patch);
      return { ...s, parse, mode: parse.summary.totalRows <= PROCESS_MAX_ROWS ? 'process' : s.mode };
    });
  }, []);

  /** "Change": the mapping dialog, starting from the mapping in use. */
  const changeMapping = useCallback(() => {
    setStep((s) => {
      if (s.kind !== 'review' || !s.mapping) return s;
      const headers = s.parse.summary.detectedHeaders;
      return {
        kind: 'mapping',
        file: s.file,
        headers,
        labels: s.parse.headerLabels,
        missing: findMissingColumns(headers),
        initial: mappingToSelection(s.mapping),
      };
    });
  }, []);

  const closeResults = useCallback(() => {
    setStep({ kind: 'idle' });
    void invalidateShipmentData(queryClient);
  }, [queryClient]);

  return {
    step,
    submitting,
    selectFile,
    confirmMapping,
    cancel,
    submit,
    closeResults,
    fixRow,
    changeMapping,
  };
}
