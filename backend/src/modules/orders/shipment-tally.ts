import { Injectable } from '@nestjs/common';
import type { CompanyScope } from '../../common/database/company-scope.js';

/** How many of a company's shipments are in each status. */
export interface ShipmentStatusCount {
  status: string;
  n: number;
}

/** What the dashboard needs from the shipments module, which owns the `shipments` table. */
export interface ShipmentTallySource {
  countByStatus(scope: CompanyScope): Promise<ShipmentStatusCount[]>;
}

/**
 * The port the dashboard stats read shipment counts through. The shipments module imports orders (for
 * order snapshots), so orders cannot import it back; instead the shipments module implements
 * `ShipmentTallySource` and registers it here when it starts.
 */
@Injectable()
export class ShipmentTally {
  private source?: ShipmentTallySource;

  register(source: ShipmentTallySource): void {
    this.source = source;
  }

  countByStatus(scope: CompanyScope): Promise<ShipmentStatusCount[]> {
    if (!this.source) {
      return Promise.reject(new Error('No shipment counts: the shipments module has not registered them'));
    }
    return this.source.countByStatus(scope);
  }
}
