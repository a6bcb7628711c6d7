import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, MoreThanOrEqual, type EntityManager, type Repository } from 'typeorm';
import { User } from './entities/user.entity.js';

/** A person as other modules show them next to what they did (an upload, a connection). */
export interface UserNameAndEmail {
  name: string;
  email: string;
}

/** One row of the platform's user list (the admin panel's Users screen). */
export interface UserListing {
  id: string;
  name: string;
  email: string;
  lastSignInAt: Date | null;
}

/**
 * A user as the caller's context needs them. The session lookup reads them with the session through
 * `user_identity(uuid)`, this module's database function (migration 1764300005200, decision 0052).
 */
export interface UserIdentity {
  id: string;
  email: string;
  name: string;
}

/**
 * What other modules may read of the `users` table: names and emails by id (the one place for both), and the platform-wide reads of the
 * admin panel (every user, counts). Nothing here joins another module's table; callers compose.
 */
@Injectable()
export class UserDirectory {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  /**
   * Names and emails of the given users; an id with no user is absent from the map. Inside `manager`'s
   * transaction if given.
   */
  async namesByIds(ids: readonly string[], manager?: EntityManager): Promise<Map<string, UserNameAndEmail>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const repo = manager ? manager.getRepository(User) : this.users;
    const rows = await repo.find({
      select: { id: true, name: true, email: true },
      where: { id: In(unique) },
    });
    return new Map(rows.map((u) => [u.id, { name: u.name, email: u.email }]));
  }

  /** One user's name and email, or null when there is no such user. */
  async nameOf(id: string): Promise<UserNameAndEmail | null> {
    return (await this.namesByIds([id])).get(id) ?? null;
  }

  /** Every user of the platform, oldest first (admin panel). */
  async listAll(): Promise<UserListing[]> {
    const rows = await this.users.find({
      select: { id: true, name: true, email: true, lastSignInAt: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map((u) => ({ id: u.id, name: u.name, email: u.email, lastSignInAt: u.lastSignInAt }));
  }

  /** How many users the platform has, and how many signed in since `activeSince` (admin panel). */
  async counts(activeSince: Date): Promise<{ total: number; active: number }> {
    const [total, active] = await Promise.all([
      this.users.count(),
      this.users.count({ where: { lastSignInAt: MoreThanOrEqual(activeSince) } }),
    ]);
    return { total, active };
  }
}
