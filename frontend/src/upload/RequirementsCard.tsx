import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, Card, Divider, Typography } from '@mui/material';
import { REQUIRED_COLUMNS, type ShipmentField } from '@portal/shipment-rules';
import { downloadSampleCsv } from './sampleTemplate';
import { tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

const COLUMN_HINTS: Record<ShipmentField, string> = {
  order_id: 'The Faire order ID',
  tracking_number: 'One tracking number per row',
  carrier: 'UPS, USPS, FedEx, DHL, OnTrac, LaserShip…',
  ship_date: 'YYYY-MM-DD or MM/DD/YYYY',
  shipping_cost: "In your Faire brand's currency, e.g. 12.50",
};

const code = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: fontSizes.small,
  bgcolor: tint('ink', 0.07),
  color: 'primary.main',
  px: 0.75,
  py: 0.25,
  borderRadius: 1,
} as const;

/** What the file must contain, the order ID format and the sample template. */
export function RequirementsCard() {
  return (
    <Card component="section" aria-labelledby="csv-requirements-title" sx={{ height: '100%' }}>
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography id="csv-requirements-title" variant="h3" component="h2">
          CSV requirements
        </Typography>
      </Box>
      <Divider />
      <Box sx={{ p: 2.5, display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body, mb: 1 }}>Required columns</Typography>
          <Box
            component="ul"
            aria-label="Required columns"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
          >
            {REQUIRED_COLUMNS.map((c) => (
              <Box
                component="li"
                key={c}
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1, rowGap: 0.25 }}
              >
                <Box component="code" sx={code}>
                  {c}
                </Box>
                <Typography component="span" sx={{ fontSize: fontSizes.compact, color: 'text.secondary' }}>
                  {COLUMN_HINTS[c]}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Box
          sx={{
            p: 1.75,
            borderRadius: 2,
            bgcolor: tint('accent', 0.14),
            border: `1px solid ${tint('gold', 0.25)}`,
          }}
        >
          <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body, mb: 0.5 }}>Order ID format</Typography>
          <Typography sx={{ fontSize: fontSizes.compact, color: 'text.secondary', lineHeight: 1.6 }}>
            Use the Faire order ID with or without the{' '}
            <Box component="code" sx={code}>
              bo_
            </Box>{' '}
            prefix, in any case: for example{' '}
            <Box component="code" sx={code}>
              bo_abc12345de
            </Box>{' '}
            or{' '}
            <Box component="code" sx={code}>
              ABC12345DE
            </Box>
            .
          </Typography>
        </Box>
        <Typography sx={{ fontSize: fontSizes.compact, color: 'text.secondary', lineHeight: 1.6 }}>
          Several tracking numbers for one order? Put each on its own row. Different column names are fine:
          you will be asked to map them.
        </Typography>
        <Box>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={downloadSampleCsv}>
            Download Sample CSV Template
          </Button>
        </Box>
      </Box>
    </Card>
  );
}
