import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyScope } from '../../common/database/company-scope.js';

/** A person's active membership: the company they belong to and their role there. */
export interface ActiveMembership {
  companyId: string;
  role: string;
}

/** What connecting needs from the companies module, which owns `memberships`. */
export interface ConnectionMembersSource {
  /** The user's active membership, or null when they belong to no company. */
  activeMembership(userId: string): Promise<ActiveMembership | null>;
  /** Whether the user is an active COMPANY_ADMIN of the company. */
  isActiveAdmin(userId: string, companyId: string): Promise<boolean>;
}

/** What a brand change needs from the orders module, which owns `orders` and `order_sync_state`. */
export interface ConnectionOrdersSource {
  /** Removes the company's orders and sync state inside `tx`, so the next sync is a full one. */
  forgetOrders(scope: CompanyScope, tx: EntityManager): Promise<void>;
}

function missing(what: string): Error {
  return new Error(`No ${what}: the module that owns them has not registered with the marketplace module`);
}

/**
 * The port connecting reads memberships through. The companies module imports the auth module, which
 * imports this one, so this module cannot import companies; the companies module implements
 * `ConnectionMembersSource` and registers it here when it starts.
 */
@Injectable()
export class ConnectionMembers implements ConnectionMembersSource {
  private source?: ConnectionMembersSource;

  register(source: ConnectionMembersSource): void {
    this.source = source;
  }

  activeMembership(userId: string): Promise<ActiveMembership | null> {
    if (!this.source) return Promise.reject(missing('memberships'));
    return this.source.activeMembership(userId);
  }

  isActiveAdmin(userId: string, companyId: string): Promise<boolean> {
    if (!this.source) return Promise.reject(missing('memberships'));
    return this.source.isActiveAdmin(userId, companyId);
  }
}

/**
 * The port a brand change removes the company's orders through. The orders module imports this one
 * (for Faire and the connections), so it cannot be imported back; it implements
 * `ConnectionOrdersSource` and registers it here when it starts.
 */
@Injectable()
export class ConnectionOrders implements ConnectionOrdersSource {
  private source?: ConnectionOrdersSource;

  register(source: ConnectionOrdersSource): void {
    this.source = source;
  }

  forgetOrders(scope: CompanyScope, tx: EntityManager): Promise<void> {
    if (!this.source) return Promise.reject(missing('orders'));
    return this.source.forgetOrders(scope, tx);
  }
}
