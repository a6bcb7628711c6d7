import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { AppError } from '../../common/errors/index.js';
import type { User } from './entities/user.entity.js';
import { UserRecords } from './user-records.repository.js';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UserRecords,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  isPlatformAdmin(email: string): boolean {
    return this.config.auth.adminEmails.includes(email.toLowerCase());
  }

  findById(id: string): Promise<User | null> {
    return this.users.byId(id);
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.byEmail(email.toLowerCase());
  }

  /** Users are keyed by the provider's subject id; an unverified email is refused. */
  async upsertFromGoogle(identity: GoogleIdentity): Promise<User> {
    if (!identity.emailVerified) {
      throw new AppError('NOT_AUTHENTICATED', 'Your Google email address is not verified');
    }
    const email = identity.email.trim().toLowerCase();
    const name = identity.name.trim() || email;
    const now = this.clock.now();
    const bySub = await this.users.byGoogleSub(identity.sub);
    if (bySub) {
      const clash = bySub.email !== email ? await this.findByEmail(email) : null;
      if (clash && clash.id !== bySub.id) {
        throw new AppError('CONFLICT', 'Another account already uses this email address');
      }
      await this.users.update(bySub.id, { email, name, lastSignInAt: now });
      return { ...bySub, email, name, lastSignInAt: now };
    }
    const byEmail = await this.findByEmail(email);
    if (byEmail) {
      if (byEmail.googleSub && byEmail.googleSub !== identity.sub) {
        throw new AppError('CONFLICT', 'This email address is linked to a different Google account');
      }
      await this.users.update(byEmail.id, { googleSub: identity.sub, name, lastSignInAt: now });
      return { ...byEmail, googleSub: identity.sub, name, lastSignInAt: now };
    }
    return this.users.insert({ googleSub: identity.sub, email, name, lastSignInAt: now });
  }

  /** Development sign-in: keyed by email. */
  async upsertDev(email: string, name: string | undefined): Promise<User> {
    const normalized = email.trim().toLowerCase();
    const now = this.clock.now();
    const existing = await this.findByEmail(normalized);
    if (existing) {
      const newName = name?.trim() || existing.name;
      await this.users.update(existing.id, { name: newName, lastSignInAt: now });
      return { ...existing, name: newName, lastSignInAt: now };
    }
    return this.users.insert({
      email: normalized,
      name: name?.trim() || normalized.split('@')[0]!,
      lastSignInAt: now,
    });
  }
}
