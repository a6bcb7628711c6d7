import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { scopedQuery, type CompanyScope } from '../../../common/database/company-scope.js';
import { ShipmentTally, type ShipmentStatusCount, type ShipmentTallySource } from '../../orders/index.js';

/** A company's shipments counted by status, for the orders dashboard (registered with its port at start). */
@Injectable()
export class ShipmentCounts implements ShipmentTallySource, OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tally: ShipmentTally,
  ) {}

  onModuleInit(): void {
    this.tally.register(this);
  }

  countByStatus(scope: CompanyScope): Promise<ShipmentStatusCount[]> {
    return scopedQuery<ShipmentStatusCount[]>(
      this.db,
      scope,
      'SELECT status, count(*)::int AS n FROM shipments WHERE company_id = $1 GROUP BY status',
    );
  }
}
