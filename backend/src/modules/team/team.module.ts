import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { AuthModule } from '../auth/index.js';
import { CompanyRecordsModule } from '../companies/index.js';
import { MailModule } from '../mail/index.js';
import { UsersModule } from '../users/index.js';
import { Invitation } from './entities/invitation.entity.js';
import { InvitationsRepository } from './invitations.repository.js';
import { TeamService } from './team.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([Invitation]),
    CompanyRecordsModule,
    UsersModule,
    MailModule,
    ActivityModule,
    AuthModule,
  ],
  providers: [InvitationsRepository, TeamService],
  exports: [TeamService],
})
export class TeamModule {}
