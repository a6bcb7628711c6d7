import type { DataSource } from 'typeorm';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';

/**
 * Faire refused the company's token: an upload is refused before any row is read or stored, with what
 * this person can do about it (the admin reconnects; a member asks the admin).
 */
export async function assertConnectionUsable(db: DataSource, caller: CompanyAuthContext): Promise<void> {
  const rows = await db.query<{ status: string; brand_name: string }[]>(
    'SELECT status, brand_name FROM marketplace_connections WHERE company_id = $1',
    [caller.companyId],
  );
  const c = rows[0];
  if (!c || c.status !== 'FAILED') return;
  const what = `Faire refused the connection to ${c.brand_name}, so shipments cannot be created.`;
  throw new AppError(
    'MARKETPLACE_NOT_CONNECTED',
    caller.role === 'COMPANY_ADMIN'
      ? `${what} Reconnect Faire in Settings, then upload again.`
      : `${what} Ask your company admin to reconnect Faire, then upload again.`,
    { connection: 'FAILED' },
  );
}
