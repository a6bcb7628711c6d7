import { Init1764100000000 } from './1764100000000-init.js';

/** Migrations in order. `npm run db:generate` writes new files; add each one here. */
export const MIGRATIONS = [Init1764100000000];
