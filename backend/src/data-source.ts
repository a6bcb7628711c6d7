import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './common/config/index.js';
import { dataSourceOptions } from './common/database/database.js';

/** Used by the TypeORM CLI (`npm run db:generate`). */
export default new DataSource(dataSourceOptions(loadConfig().databaseUrl));
