import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { colors, tint } from '../theme/tokens';
import { fontSizes, iconSizes } from '../theme/typography';

export interface DropZoneProps {
  onFile: (file: File) => void;
  /** Name of the file being read; the zone is busy meanwhile. */
  busyFile?: string;
  disabled?: boolean;
}

/** Drag a CSV here or click to choose one. Only the first file of a drop is taken. */
export function DropZone({ onFile, busyFile, disabled = false }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const busy = busyFile !== undefined;
  const inactive = busy || disabled;

  const open = () => {
    if (!inactive) input.current?.click();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    if (!inactive) {
      e.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files?.[0];
    if (file && !inactive) onFile(file);
  };

  return (
    <Box
      role="button"
      tabIndex={inactive ? -1 : 0}
      aria-disabled={inactive || undefined}
      aria-label="Upload a CSV file: drag and drop it here or press to browse"
      data-testid="csv-dropzone"
      onClick={open}
      onKeyDown={onKeyDown}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1,
        minHeight: { xs: 220, sm: 280 },
        px: 3,
        py: 4,
        borderRadius: 3,
        border: '2px dashed',
        borderColor: dragging ? 'primary.main' : colors.dropBorder,
        bgcolor: dragging ? tint('ink', 0.06) : tint('ink', 0.015),
        cursor: inactive ? 'default' : 'pointer',
        transition: 'border-color 150ms, background-color 150ms',
        outline: 'none',
        '&:hover': inactive ? undefined : { borderColor: 'primary.light', bgcolor: tint('ink', 0.04) },
        '&:focus-visible': { borderColor: 'primary.main', boxShadow: `0 0 0 3px ${tint('ink', 0.18)}` },
      }}
    >
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="csv-file-input"
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file && !disabled) onFile(file);
        }}
      />
      {busy ? (
        <>
          <CircularProgress size={40} aria-label="Reading file" />
          <Typography sx={{ fontWeight: 600, mt: 1 }}>Checking your file…</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {busyFile}
          </Typography>
        </>
      ) : (
        <>
          <Box
            sx={{
              width: 64,
              height: 64,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: tint('ink', 0.08),
              color: 'primary.main',
              mb: 0.5,
            }}
          >
            <CloudUploadOutlinedIcon sx={{ fontSize: iconSizes.drop }} />
          </Box>
          <Typography
            sx={{ fontWeight: 700, fontSize: fontSizes.subtitle, display: { xs: 'none', sm: 'block' } }}
          >
            {dragging ? 'Drop your CSV file here' : 'Drag and drop your CSV file here'}
          </Typography>
          <Typography
            sx={{ fontWeight: 700, fontSize: fontSizes.lead, display: { xs: 'block', sm: 'none' } }}
          >
            Choose your CSV file
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
            or
          </Typography>
          <Button variant="contained" tabIndex={-1} disabled={inactive} sx={{ pointerEvents: 'none', px: 3 }}>
            Browse files
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            CSV files up to 10MB
          </Typography>
        </>
      )}
    </Box>
  );
}
