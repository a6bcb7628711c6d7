import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

/** Any path the route table does not know. */
export function NotFound() {
  return (
    <Box sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Box sx={{ textAlign: 'center', maxWidth: 420 }}>
        <Typography sx={{ fontSize: 64, fontWeight: 800, color: 'primary.main', lineHeight: 1 }}>
          404
        </Typography>
        <Typography variant="h2" component="h1" sx={{ mt: 2 }}>
          404 Page Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          The page you are looking for does not exist or has moved.
        </Typography>
        <Button component={Link} to="/dashboard" variant="contained">
          Back to Dashboard
        </Button>
      </Box>
    </Box>
  );
}
