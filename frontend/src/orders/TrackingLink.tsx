import { Link, Typography } from '@mui/material';
import { trackingUrl } from './format';

/** The tracking number, linked to the carrier's tracking page for every carrier in Faire's list. */
export function TrackingLink({
  carrier,
  trackingNumber,
}: {
  carrier: string | null;
  trackingNumber: string | null;
}) {
  const number = trackingNumber?.trim();
  if (!number) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        No tracking
      </Typography>
    );
  }
  const url = trackingUrl(carrier, number);
  if (!url) {
    return (
      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {number}
      </Typography>
    );
  }
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      variant="body2"
      sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {number}
    </Link>
  );
}
