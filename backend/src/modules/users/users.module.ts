import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './entities/user.entity.js';
import { UserDirectory } from './user-directory.repository.js';
import { UserRecords } from './user-records.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [UsersService, UserDirectory, UserRecords],
  exports: [UsersService, UserDirectory],
})
export class UsersModule {}
