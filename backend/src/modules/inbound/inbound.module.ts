import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { ColumnMappingsModule } from '../column-mappings/index.js';
import { MailModule } from '../mail/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { ShipmentsModule } from '../shipments/index.js';
import { InboundMailbox } from './entities/inbound-mailbox.entity.js';
import { InboundMessage } from './entities/inbound-message.entity.js';
import { InboundLimits } from './inbound-limits.js';
import { InboundMailService } from './inbound-mail.service.js';
import { InboundReplies } from './inbound-replies.service.js';
import { InboundRecords } from './inbound.repository.js';
import { InboundService } from './inbound.service.js';
import { ReceiverBeacon } from './receiver-beacon.js';
import { InboundFileReader } from './inbound-file-reader.service.js';
import { SftpDrop } from './sftp/sftp-drop.service.js';
import { SftpErrorFiles } from './sftp/sftp-error-files.service.js';
import { SftpLogins } from './sftp/sftp-login.service.js';
import { SftpRecords } from './sftp/sftp.repository.js';

/**
 * Mail-in (decision 0069) and the SFTP drop (decision 0070): the companies' addresses, logins and
 * files. The Inbound card's routes are the API root module's (InboundController); the SMTP receiver
 * and the SFTP server are the worker root module's.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([InboundMailbox, InboundMessage]),
    ActivityModule,
    ColumnMappingsModule,
    MailModule,
    MarketplaceModule,
    ShipmentsModule,
  ],
  providers: [
    InboundRecords,
    InboundService,
    InboundFileReader,
    InboundMailService,
    InboundReplies,
    InboundLimits,
    ReceiverBeacon,
    SftpRecords,
    SftpLogins,
    SftpDrop,
    SftpErrorFiles,
  ],
  exports: [
    InboundService,
    InboundMailService,
    InboundReplies,
    InboundLimits,
    ReceiverBeacon,
    SftpRecords,
    SftpDrop,
    SftpErrorFiles,
  ],
})
export class InboundModule {}
