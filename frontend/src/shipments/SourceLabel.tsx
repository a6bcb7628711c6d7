import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import BoltIcon from '@mui/icons-material/BoltOutlined';
import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { isFileSource, sourceName } from '../integrations/format';
import type { Shipment } from './query';

/** Every source of a shipment, its file first; shipments from before sources were kept came from a file. */
export function shipmentSources(s: Pick<Shipment, 'source' | 'sources'>): string[] {
  const all = s.sources?.length ? s.sources : [s.source ?? 'UPLOAD'];
  const files = all.filter((k) => isFileSource(k));
  const others = all.filter((k) => !isFileSource(k));
  return [...new Set([...files.slice(0, 1), ...others])];
}

/** A source in words: the file's name for a file, the source's name (ShipStation) otherwise. */
export function sourceText(kind: string, fileName: string | null | undefined): string {
  if (isFileSource(kind)) return fileName || (kind === 'PROCESS' ? 'Reviewed rows' : 'File upload');
  return sourceName(kind);
}

/** Where a shipment came from: its file's name, or a tag for a connected source such as ShipStation. */
export function SourceLabel({ shipment }: { shipment: Pick<Shipment, 'source' | 'sources' | 'fileName'> }) {
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
            title={sourceText(kind, shipment.fileName)}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              maxWidth: 180,
              color: 'text.secondary',
              fontSize: 12.5,
            }}
          >
            <FileIcon sx={{ fontSize: 15, flexShrink: 0 }} aria-hidden />
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {sourceText(kind, shipment.fileName)}
            </Box>
          </Box>
        ) : (
          <Box
            key={kind}
            component="span"
            data-source={kind}
            sx={(t) => ({
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.25,
              px: 0.75,
              py: 0.125,
              borderRadius: 1.5,
              fontSize: 12,
              fontWeight: 600,
              whiteSpace: 'nowrap',
              color: 'primary.main',
              bgcolor: alpha(t.palette.primary.main, 0.08),
            })}
          >
            <BoltIcon sx={{ fontSize: 14 }} aria-hidden />
            {sourceName(kind)}
          </Box>
        ),
      )}
    </Box>
  );
}
