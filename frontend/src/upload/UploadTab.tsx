import { Alert, AlertTitle, Box, Button, Card, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../pages/PageHeader';
import { ColumnMappingDialog } from './ColumnMappingDialog';
import { DropZone } from './DropZone';
import { useBrandCurrency } from '../connect';
import { RequirementsCard } from './RequirementsCard';
import { ReviewModal } from './ReviewModal';
import { useOrderCheck } from './orderCheck';
import { useUploadReadiness } from './resultsApi';
import { UploadResultsView } from './UploadResultsView';
import { useCsvImport, type ReviewStep } from './useCsvImport';
import { fontSizes } from '../theme/typography';

const STEPS = [
  { title: 'Upload your CSV', text: 'We check every row in your browser first.' },
  { title: 'Review the rows', text: 'See problems by row number before anything is sent.' },
  { title: 'Create shipments', text: 'Valid rows become shipments on their Faire orders.' },
];

function processHint(step: ReviewStep): string {
  if (step.mode === 'process') {
    return 'Valid rows are sent to Faire now and the results open as soon as they are on their way. If Faire is slow, the rows keep going in the background and the results follow them.';
  }
  if (step.mapping) {
    return 'The file is uploaded with your column mapping and its valid rows are queued; you can follow their progress in the next step.';
  }
  return 'This file has more than 5,000 rows, so it is uploaded and its valid rows are queued; you can follow their progress in the next step.';
}

/** The Upload Shipments tab of the main portal. */
export function UploadTab() {
  const {
    step,
    submitting,
    selectFile,
    confirmMapping,
    cancel,
    submit,
    closeResults,
    fixRow,
    changeMapping,
  } = useCsvImport();
  const [, setParams] = useSearchParams();
  // Read only once there are rows to show (the connection is usually cached by then).
  const currency = useBrandCurrency(step.kind === 'review');
  const readiness = useUploadReadiness();
  const blocked = readiness.data?.canProcess === false;
  const orderCheck = useOrderCheck(step.kind === 'review' ? step.parse.rows : undefined);

  return (
    <>
      <PageHeader
        title="Upload Shipments"
        subtitle="Upload a CSV of tracking numbers; every valid row becomes a shipment on its Faire order."
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Card component="section" aria-label="Upload a CSV file" sx={{ p: { xs: 2, sm: 2.5 } }}>
          {blocked ? (
            <Alert
              severity="warning"
              data-testid="no-connection"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => setParams({ tab: 'settings' })}>
                  Open Settings
                </Button>
              }
            >
              <AlertTitle sx={{ fontWeight: 700 }}>No working Faire connection</AlertTitle>
              {readiness.data?.reason}
            </Alert>
          ) : null}
          <DropZone
            onFile={selectFile}
            disabled={blocked}
            busyFile={step.kind === 'parsing' ? step.file.name : undefined}
          />
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              m: 0,
              mt: 2.5,
              p: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {STEPS.map((s, i) => (
              <Box component="li" key={s.title} sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
                <Box
                  aria-hidden
                  sx={{
                    flexShrink: 0,
                    width: 26,
                    height: 26,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    fontSize: fontSizes.compact,
                    fontWeight: 700,
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                  }}
                >
                  {i + 1}
                </Box>
                <Box>
                  <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body }}>{s.title}</Typography>
                  <Typography sx={{ fontSize: fontSizes.small, color: 'text.secondary' }}>
                    {s.text}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </Card>
        <RequirementsCard />
      </Box>

      {step.kind === 'mapping' ? (
        <ColumnMappingDialog
          key={`${step.file.name}:${step.headers.join(',')}`}
          open
          fileName={step.file.name}
          headers={step.headers}
          labels={step.labels}
          missing={step.missing}
          initial={step.initial}
          onCancel={cancel}
          onConfirm={confirmMapping}
        />
      ) : null}

      {step.kind === 'review' ? (
        <ReviewModal
          open
          fileName={step.file.name}
          totalRows={step.parse.summary.totalRows}
          validRows={step.parse.summary.validRows}
          invalidRows={step.parse.summary.invalidRows}
          duplicateRows={step.parse.duplicateRows}
          rows={step.parse.rows}
          fileNotes={step.parse.notes}
          processing={submitting}
          processHint={processHint(step)}
          currency={currency}
          onCancel={cancel}
          onProcess={submit}
          onFix={step.parse.allRows ? fixRow : undefined}
          onChangeSavedMapping={step.savedMapping ? changeMapping : undefined}
          orderChecks={orderCheck.byRow}
        />
      ) : null}

      {step.kind === 'results' ? (
        <UploadResultsView
          key={step.uploadId}
          uploadId={step.uploadId}
          fileName={step.fileName}
          localIssues={step.localIssues}
          fileRows={step.fileRows}
          onClose={closeResults}
          onViewHistory={(uploadId) => {
            closeResults();
            setParams({ tab: 'history', upload: uploadId });
          }}
        />
      ) : null}
    </>
  );
}
