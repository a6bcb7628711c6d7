import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/index.js';
import { AuthModule } from '../auth/index.js';
import { MailModule } from '../mail/index.js';
import { TeamService } from './team.service.js';

@Module({
  imports: [MailModule, ActivityModule, AuthModule],
  providers: [TeamService],
  exports: [TeamService],
})
export class TeamModule {}
