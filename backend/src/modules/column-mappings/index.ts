// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { ColumnMappingsModule } from './column-mappings.module.js';
export { ColumnMappingsService } from './column-mappings.service.js';
export { SavedColumnMapping } from './entities/saved-column-mapping.entity.js';
export { CompanyDateOrder } from './entities/company-date-order.entity.js';
