import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { colors, tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

export interface TableColumn {
  /** React key; defaults to the label when it is a string. */
  key?: string;
  label: ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Added to the head style for this column (a width, say). */
  sx?: Record<string, unknown>;
}

/** The head styles of the portal's tables. */
const HEADS = {
  /** Small capitals on a light tint: the lists (shipments, members, review rows). */
  caps: {
    fontSize: fontSizes.caption,
    fontWeight: 600,
    color: 'text.secondary',
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
    bgcolor: tint('ink', 0.03),
    whiteSpace: 'nowrap',
  },
  /** Bold words, no capitals: compact tables inside a card or dialog. */
  plain: { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap', bgcolor: tint('ink', 0.03) },
  /** The theme's own head: a plain summary table. */
  theme: {},
} as const;

export interface TableShellProps {
  /** The table's accessible name. */
  label: string;
  columns: ReadonlyArray<TableColumn | false | null | undefined>;
  /** The rows (`TableRow`s). */
  children: ReactNode;
  head?: keyof typeof HEADS;
  /** A sticky head gets a solid background, so the rows do not show through it. */
  stickyHeader?: boolean;
  size?: 'small' | 'medium';
  minWidth?: number;
  /** Merged into every head cell. */
  headSx?: Record<string, unknown>;
  tableSx?: Record<string, unknown>;
  containerSx?: SxProps<Theme>;
}

/**
 * The one table of the portal: a scrolling container, a labelled table, a head row from `columns`,
 * and the caller's rows. Lists that become cards on a phone keep their cards; this is their table.
 */
export function TableShell({
  label,
  columns,
  children,
  head = 'caps',
  stickyHeader,
  size,
  minWidth,
  headSx,
  tableSx,
  containerSx = { overflowX: 'auto' },
}: TableShellProps) {
  const headCell = {
    ...HEADS[head],
    ...(stickyHeader && head !== 'theme' ? { bgcolor: colors.tableHead } : {}),
    ...headSx,
  };
  return (
    <TableContainer sx={containerSx}>
      <Table
        size={size}
        stickyHeader={stickyHeader}
        aria-label={label}
        sx={{ ...(minWidth ? { minWidth } : {}), ...tableSx }}
      >
        <TableHead>
          <TableRow>
            {columns.map((c, i) =>
              c ? (
                <TableCell
                  key={c.key ?? (typeof c.label === 'string' ? c.label : i)}
                  align={c.align}
                  sx={{ ...headCell, ...c.sx }}
                >
                  {c.label}
                </TableCell>
              ) : null,
            )}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
