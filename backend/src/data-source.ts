import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './common/config/index.js';
import { dataSourceOptions } from './common/database/database.js';
import { ENTITIES } from './entities.js';

/** Used by the TypeORM CLI (`npm run db:generate`). */
export default new DataSource(dataSourceOptions(loadConfig().databaseUrl, 2, ENTITIES));
