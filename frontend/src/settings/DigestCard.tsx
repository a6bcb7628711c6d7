import { Alert, Box, Card, Divider, FormControlLabel, Skeleton, Switch, Typography } from '@mui/material';
import { useDigestPreference, useSaveDigestPreference } from './api';

/** The daily digest email: on by default for company admins, each of whom can turn it off. */
export function DigestCard({ isCompanyAdmin }: { isCompanyAdmin: boolean }) {
  const pref = useDigestPreference();
  const save = useSaveDigestPreference();

  return (
    <Card component="section" aria-labelledby="digest-title">
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography id="digest-title" variant="h3" component="h2">
          Daily digest email
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Once a day, when there are new problem orders: the list, with the quarter’s late-shipment rate. Sent
          to company admins; nothing is sent on days with nothing new.
        </Typography>
      </Box>
      <Divider />
      <Box sx={{ p: 2.5 }}>
        {pref.isPending ? (
          <Skeleton variant="rounded" height={38} />
        ) : pref.isError || !pref.data ? (
          <Alert severity="error">Failed to load the digest setting</Alert>
        ) : (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={pref.data.dailyDigest}
                  disabled={save.isPending}
                  onChange={(e) => save.mutate(e.target.checked)}
                />
              }
              label="Email me the daily digest"
            />
            {!isCompanyAdmin ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Only company admins receive it; your choice applies if you become one.
              </Typography>
            ) : null}
          </>
        )}
      </Box>
    </Card>
  );
}
