import TravelExploreIcon from '@mui/icons-material/TravelExploreOutlined';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { iconSizes } from '../theme/typography';

/** Any path the route table does not know: the spec's '404 Page Not Found', said once. */
export function NotFound() {
  return (
    <Box sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Box sx={{ textAlign: 'center', maxWidth: 420 }}>
        <TravelExploreIcon aria-hidden sx={{ fontSize: iconSizes.hero, color: 'primary.main' }} />
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
