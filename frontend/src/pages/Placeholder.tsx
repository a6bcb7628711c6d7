import { Card, CardContent, Typography } from '@mui/material';
import { PageHeader } from './PageHeader';

/** A screen whose content lands with a later feature; it keeps the route and layout in place. */
export function Placeholder({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent>
          <Typography color="text.secondary">{description}</Typography>
        </CardContent>
      </Card>
    </>
  );
}
