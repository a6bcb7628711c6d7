import { Box, MenuItem, TextField, Typography } from '@mui/material';
import type { CompanyRole } from '../auth/useCurrentUser';
import { ROLE_LABELS, ROLES } from './roles';
import { fontSizes } from '../theme/typography';

const ROLE_HINTS: Record<CompanyRole, string> = {
  COMPANY_ADMIN: 'Manages the team and late thresholds',
  COMPANY_USER: 'Views and manages shipments',
};

/** The Role field of the invite dialogs: each role with a line on what it may do. */
export function RoleSelect({
  value,
  onChange,
}: {
  value: CompanyRole;
  onChange: (role: CompanyRole) => void;
}) {
  return (
    <TextField
      variant="outlined"
      select
      label="Role"
      name="role"
      value={value}
      onChange={(e) => onChange(e.target.value as CompanyRole)}
      fullWidth
      slotProps={{ select: { renderValue: (v) => ROLE_LABELS[v as CompanyRole] } }}
    >
      {ROLES.map((r) => (
        <MenuItem key={r} value={r}>
          <Box>
            <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body }}>{ROLE_LABELS[r]}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ fontSize: fontSizes.small }}>
              {ROLE_HINTS[r]}
            </Typography>
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
