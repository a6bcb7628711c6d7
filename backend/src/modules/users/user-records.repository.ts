import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { User } from './entities/user.entity.js';

/** What sign-in writes of a person: who they are to Google and when they last signed in. */
export type UserValues = Partial<Pick<User, 'email' | 'name' | 'googleSub' | 'lastSignInAt'>>;

/**
 * The `users` table's writes and the reads sign-in makes (by id, email or Google subject). Other modules
 * read people through `UserDirectory`.
 */
@Injectable()
export class UserRecords {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  byId(id: string): Promise<User | null> {
    return this.users.findOne({ where: { id } });
  }

  /** `email` already lower case. */
  byEmail(email: string): Promise<User | null> {
    return this.users.findOne({ where: { email } });
  }

  byGoogleSub(sub: string): Promise<User | null> {
    return this.users.findOne({ where: { googleSub: sub } });
  }

  async update(id: string, values: UserValues): Promise<void> {
    await this.users.update(id, values);
  }

  insert(values: UserValues & Pick<User, 'email' | 'name'>): Promise<User> {
    return this.users.save(this.users.create(values));
  }
}
