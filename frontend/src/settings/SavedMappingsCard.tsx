import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { Box, Card, Chip, Divider, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import { errorMessage } from '../api/request';
import { useToast } from '../notifications/toast';
import { useDeleteMapping, useSavedMappings } from '../upload';
import { fontSizes } from '../theme/typography';

const FIELD_NAMES: Record<string, string> = {
  order_id: 'Order ID',
  tracking_number: 'Tracking number',
  carrier: 'Carrier',
  ship_date: 'Ship date',
  shipping_cost: 'Shipping cost',
};

/** The company's saved column mappings: which file columns feed which field; each can be forgotten. */
export function SavedMappingsCard() {
  const query = useSavedMappings();
  const remove = useDeleteMapping();
  const toast = useToast();
  const mappings = query.data?.mappings ?? [];
  return (
    <Card component="section" aria-labelledby="mappings-title">
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography id="mappings-title" variant="h3" component="h2">
          Saved column mappings
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          When you map the columns of a file, files with the same columns are read the same way without
          asking.
        </Typography>
      </Box>
      <Divider />
      {query.isPending ? (
        <Box sx={{ p: 2.5 }}>
          <Skeleton variant="rounded" height={48} />
        </Box>
      ) : mappings.length === 0 ? (
        <Typography sx={{ px: 2.5, py: 2.5, color: 'text.secondary', fontSize: fontSizes.body }}>
          No saved mappings yet. They are saved when you map a file's columns.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Saved column mappings" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {mappings.map((m, i) => (
            <Box
              component="li"
              key={m.id}
              data-testid={`saved-mapping-${m.id}`}
              sx={{
                px: 2.5,
                py: 1.75,
                display: 'flex',
                gap: 1.5,
                alignItems: 'flex-start',
                borderTop: i ? 1 : 0,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                {Object.entries(m.mapping).map(([column, field]) => (
                  <Chip
                    key={column}
                    size="small"
                    variant="outlined"
                    label={`${column} → ${FIELD_NAMES[field] ?? field}`}
                    sx={{ fontSize: fontSizes.small }}
                  />
                ))}
                <Typography sx={{ width: '100%', fontSize: fontSizes.caption, color: 'text.secondary' }}>
                  Columns: {m.headers.join(', ')} · last used{' '}
                  {new Date(m.lastUsedAt).toLocaleDateString('en-US')}
                </Typography>
              </Box>
              <Tooltip title="Forget this mapping">
                <span>
                  <IconButton
                    aria-label="Delete saved mapping"
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(m.id, {
                        onSuccess: () => toast({ title: 'Mapping deleted', variant: 'success' }),
                        onError: (err) =>
                          toast({
                            title: 'Delete failed',
                            description: errorMessage(err),
                            variant: 'destructive',
                          }),
                      })
                    }
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
    </Card>
  );
}
