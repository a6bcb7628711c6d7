import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import BoltIcon from '@mui/icons-material/BoltOutlined';
import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { isFileSource, namedBySender, sourceName } from './sources';
import { fontSizes, iconSizes } from '../theme/typography';

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

/**
 * A connected source's tag ("ShipStation"), as History and the uploads list show it; an API upload's
 * tag names the key that sent it ("API · Warehouse ERP").
 */
export function SourceTag({ kind, name }: { kind: string; name?: string | null }) {
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
        fontSize: fontSizes.tag,
        fontWeight: 600,
        whiteSpace: 'nowrap',
        color: 'primary.main',
        bgcolor: alpha(t.palette.primary.main, 0.08),
      })}
    >
      <BoltIcon sx={{ fontSize: iconSizes.tag }} aria-hidden />
      {sourceName(kind)}
      {namedBySender(kind) && name ? ` · ${name}` : null}
    </Box>
  );
}

/**
 * Where a shipment came from: its file's name, or a tag for a connected source such as ShipStation. In
 * a table's narrow column a long file name is cut (the whole name on hover); `wrap` shows it whole,
 * over as many lines as it needs (a phone's card has the room).
 */
export function SourceLabel({ shipment, wrap = false }: { shipment: Sourced; wrap?: boolean }) {
  return (
    <Box
      component="span"
      data-testid="shipment-source"
      sx={{
        display: wrap ? 'flex' : 'inline-flex',
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
              alignItems: wrap ? 'flex-start' : 'center',
              gap: 0.5,
              maxWidth: wrap ? '100%' : 110,
              color: 'text.secondary',
              fontSize: fontSizes.small,
            }}
          >
            <FileIcon sx={{ fontSize: iconSizes.small, flexShrink: 0, mt: wrap ? '1px' : 0 }} aria-hidden />
            <Box
              component="span"
              sx={
                wrap
                  ? { overflowWrap: 'anywhere', minWidth: 0 }
                  : { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }
              }
            >
              {sourceText(kind, shipment)}
            </Box>
          </Box>
        ) : (
          <SourceTag
            key={kind}
            kind={kind}
            name={(shipment.source ?? 'UPLOAD') === kind ? shipment.sourceName : null}
          />
        ),
      )}
    </Box>
  );
}
