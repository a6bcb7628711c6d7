import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import BoltIcon from '@mui/icons-material/BoltOutlined';
import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { isFileSource, sourceName } from './sources';

/** What a shipment says of where it came from (History's rows, the results view's). */
interface Sourced {
  source?: string;
  sources?: string[];
  sourceName?: string | null;
}

/** Every source of a shipment, the first one first; one from before sources were kept came from a file. */
export function shipmentSources(s: Pick<Sourced, 'source' | 'sources'>): string[] {
  return [...new Set(s.sources?.length ? s.sources : [s.source ?? 'UPLOAD'])];
}

/**
 * One source in words: the file's name for the file it came in first, "File upload" / "Reviewed rows"
 * for a file reported later (its name is not in the list), the source's name (ShipStation) otherwise.
 */
export function sourceText(kind: string, s: Sourced): string {
  if (!isFileSource(kind)) return sourceName(kind);
  const first = (s.source ?? 'UPLOAD') === kind;
  return (first && s.sourceName) || (kind === 'PROCESS' ? 'Reviewed rows' : 'File upload');
}

/** A connected source's tag ("ShipStation"), as History and the uploads list show it. */
export function SourceTag({ kind }: { kind: string }) {
  return (
    <Box
      component="span"
      data-source={kind}
      sx={(t) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        px: 0.75,
        py: 0.125,
        borderRadius: 1.5,
        fontSize: 11.5,
        fontWeight: 600,
        whiteSpace: 'nowrap',
        color: 'primary.main',
        bgcolor: alpha(t.palette.primary.main, 0.08),
      })}
    >
      <BoltIcon sx={{ fontSize: 13 }} aria-hidden />
      {sourceName(kind)}
    </Box>
  );
}

/** Where a shipment came from: its file's name, or a tag for a connected source such as ShipStation. */
export function SourceLabel({ shipment }: { shipment: Sourced }) {
  return (
    <Box
      component="span"
      data-testid="shipment-source"
      sx={{
        display: 'inline-flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        gap: 0.5,
        minWidth: 0,
      }}
    >
      {shipmentSources(shipment).map((kind) =>
        isFileSource(kind) ? (
          <Box
            key={kind}
            component="span"
            title={sourceText(kind, shipment)}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              maxWidth: 110,
              color: 'text.secondary',
              fontSize: 12.5,
            }}
          >
            <FileIcon sx={{ fontSize: 15, flexShrink: 0 }} aria-hidden />
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {sourceText(kind, shipment)}
            </Box>
          </Box>
        ) : (
          <SourceTag key={kind} kind={kind} />
        ),
      )}
    </Box>
  );
}
